/**
 * Fast conversion between the engine's proto3 JSON and protobufjs messages for the gRPC transport.
 * proto3-json-serializer is general but slow (about 0.4 ms per query result document, most of a large
 * query's time); this walks the (cached) field list of each type once per message and hands well-known types
 * it has no shortcut for back to proto3-json-serializer.
 */
import type protobuf from 'protobufjs';
import { fromProto3JSON, toProto3JSON } from 'proto3-json-serializer';
import type { JSONValue } from 'proto3-json-serializer';
import { invalidArgument } from '../errors.js';
import { formatTimestamp, parseTimestamp } from '../timestamps.js';

type Json = Record<string, unknown>;

type TypeKind = 'timestamp' | 'wrapper' | 'general' | 'message';

interface FieldPlan {
  name: string;
  nullValue: boolean;
  repeated: boolean;
  map: boolean;
  /** Scalar wire type ("int64", "bytes", …), or "message" / "enum". */
  kind: string;
  message?: protobuf.Type;
  enumType?: protobuf.Enum;
}

const WRAPPERS = new Set([
  'google.protobuf.Int32Value',
  'google.protobuf.Int64Value',
  'google.protobuf.UInt32Value',
  'google.protobuf.UInt64Value',
  'google.protobuf.BoolValue',
  'google.protobuf.StringValue',
  'google.protobuf.DoubleValue',
  'google.protobuf.FloatValue',
  'google.protobuf.BytesValue',
]);
/** Well-known types whose JSON form needs the general converter (never on the Firestore hot paths). */
const GENERAL = new Set([
  'google.protobuf.Struct',
  'google.protobuf.Value',
  'google.protobuf.ListValue',
  'google.protobuf.Any',
  'google.protobuf.Duration',
  'google.protobuf.FieldMask',
]);
const LONG_KINDS = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
const NUMBER_KINDS = new Set(['double', 'float', 'int32', 'uint32', 'sint32', 'fixed32', 'sfixed32']);

const plans = new WeakMap<protobuf.Type, FieldPlan[]>();

function planOf(type: protobuf.Type): FieldPlan[] {
  let plan = plans.get(type);
  if (plan) return plan;
  type.resolveAll();
  plan = type.fieldsArray.map((field) => {
    const resolved = field.resolvedType;
    const isEnum = resolved !== null && !('fieldsArray' in resolved);
    return {
      name: field.name,
      nullValue: isEnum && fullName(resolved) === 'google.protobuf.NullValue',
      repeated: field.repeated,
      map: field.map,
      kind: resolved ? (isEnum ? 'enum' : 'message') : field.type,
      message: resolved && !isEnum ? (resolved as protobuf.Type) : undefined,
      enumType: isEnum ? (resolved as protobuf.Enum) : undefined,
    };
  });
  plans.set(type, plan);
  return plan;
}

const fullName = (type: protobuf.ReflectionObject) => type.fullName.slice(1);

const kinds = new WeakMap<protobuf.Type, TypeKind>();

function kindOf(type: protobuf.Type): TypeKind {
  let kind = kinds.get(type);
  if (!kind) {
    const name = fullName(type);
    kind =
      name === 'google.protobuf.Timestamp'
        ? 'timestamp'
        : WRAPPERS.has(name)
          ? 'wrapper'
          : GENERAL.has(name)
            ? 'general'
            : 'message';
    kinds.set(type, kind);
  }
  return kind;
}

/** Commit and read times repeat across every document of an answer: parse each spelling once. */
const parsedTimes = new Map<string, { seconds: number; nanos: number }>();

function timestampMessage(text: string): { seconds?: number; nanos?: number } {
  let parsed = parsedTimes.get(text);
  if (!parsed) {
    if (parsedTimes.size > 10_000) parsedTimes.clear();
    parsed = parseTimestamp(text);
    parsedTimes.set(text, parsed);
  }
  // proto3 leaves zero fields off the wire.
  const message: { seconds?: number; nanos?: number } = {};
  if (parsed.seconds !== 0) message.seconds = parsed.seconds;
  if (parsed.nanos !== 0) message.nanos = parsed.nanos;
  return message;
}

// ---------- proto3 JSON → protobufjs object (encoding responses) ----------

export function jsonToMessage(type: protobuf.Type, json: unknown): Json {
  const kind = kindOf(type);
  if (kind === 'timestamp') {
    if (typeof json !== 'string')
      throw invalidArgument(`Expected an RFC 3339 timestamp, got ${String(json)}`);
    return timestampMessage(json);
  }
  if (kind === 'wrapper' && (typeof json !== 'object' || json === null)) {
    return { value: scalarToMessage(planOf(type)[0].kind, json) };
  }
  if (kind === 'general') return fromProto3JSON(type, json as JSONValue) as unknown as Json;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw invalidArgument(`Expected a ${type.name} object`);
  }
  const source = json as Json;
  const out: Json = {};
  for (const field of planOf(type)) {
    const value = source[field.name];
    if (value === undefined || (value === null && !field.nullValue)) continue;
    if (field.map) {
      const entries: Json = {};
      for (const [key, item] of Object.entries(value as Json)) entries[key] = valueToMessage(field, item);
      out[field.name] = entries;
    } else if (field.repeated) {
      out[field.name] = (value as unknown[]).map((item) => valueToMessage(field, item));
    } else {
      out[field.name] = valueToMessage(field, value);
    }
  }
  return out;
}

function valueToMessage(field: FieldPlan, value: unknown): unknown {
  if (field.message) return jsonToMessage(field.message, value);
  if (field.enumType) {
    if (field.nullValue) return 0;
    return typeof value === 'string' ? (field.enumType.values[value] ?? 0) : value;
  }
  return scalarToMessage(field.kind, value);
}

function scalarToMessage(kind: string, value: unknown): unknown {
  if (NUMBER_KINDS.has(kind) && typeof value === 'string') return Number(value);
  return value; // int64 as text, bytes as base64 and the rest are what protobufjs's encoder accepts
}

// ---------- protobufjs message → proto3 JSON (decoding requests) ----------

export function messageToJson(type: protobuf.Type, message: object): unknown {
  const kind = kindOf(type);
  const m = message as Json;
  if (kind === 'timestamp') {
    return formatTimestamp({ seconds: Number(longText(m.seconds ?? 0)), nanos: Number(m.nanos ?? 0) });
  }
  if (kind === 'wrapper') {
    const value = m.value;
    const kind = planOf(type)[0].kind;
    return value === undefined ? defaultScalar(kind) : scalarToJson(kind, value);
  }
  if (kind === 'general') return toProto3JSON(message as protobuf.Message);
  const out: Json = {};
  for (const field of planOf(type)) {
    if (!Object.prototype.hasOwnProperty.call(m, field.name)) continue;
    const value = m[field.name];
    if (value === undefined || value === null) continue;
    // Decoded messages always own their repeated and map fields; proto3 JSON leaves the empty ones out.
    if (field.map) {
      const items = Object.entries(value as Json);
      if (items.length === 0) continue;
      const entries: Json = {};
      for (const [key, item] of items) entries[key] = valueToJson(field, item);
      out[field.name] = entries;
    } else if (field.repeated) {
      if ((value as unknown[]).length === 0) continue;
      out[field.name] = (value as unknown[]).map((item) => valueToJson(field, item));
    } else {
      out[field.name] = valueToJson(field, value);
    }
  }
  return out;
}

function valueToJson(field: FieldPlan, value: unknown): unknown {
  if (field.message) return messageToJson(field.message, value as object);
  if (field.enumType) {
    if (field.nullValue) return null;
    return field.enumType.valuesById[value as number] ?? value;
  }
  return scalarToJson(field.kind, value);
}

function scalarToJson(kind: string, value: unknown): unknown {
  if (LONG_KINDS.has(kind)) return longText(value);
  if (kind === 'bytes') {
    const bytes = value as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  }
  return value;
}

function defaultScalar(kind: string): unknown {
  if (LONG_KINDS.has(kind)) return '0';
  if (kind === 'bool') return false;
  if (kind === 'string' || kind === 'bytes') return '';
  return 0;
}

/** int64 values arrive as Long objects (or numbers); proto3 JSON writes them as decimal text. */
const longText = (value: unknown): string => String(value);
