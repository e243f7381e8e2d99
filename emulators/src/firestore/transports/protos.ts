/**
 * The Firestore v1 protos, taken from @google-cloud/firestore (maintained by Google) rather than written by hand.
 * proto3-json-serializer converts between protobuf messages and the proto3 JSON the engine speaks, so every
 * transport hands the engine the same canonical JSON (enum names, int64 as strings, RFC 3339 timestamps).
 */
import { createRequire } from 'node:module';
import protobuf from 'protobufjs';
import { fromProto3JSON, toProto3JSON } from 'proto3-json-serializer';
import type { JSONValue } from 'proto3-json-serializer';
import { invalidArgument } from '../errors.js';
import { jsonToMessage, messageToJson } from './proto-codec.js';

const require = createRequire(import.meta.url);

export const firestoreRoot: protobuf.Root = protobuf.Root.fromJSON(
  require('@google-cloud/firestore/build/protos/v1.json') as protobuf.INamespace,
);

/**
 * Fields the Firebase client SDKs send that Google's published protos (@google-cloud/firestore, googleapis)
 * no longer list, so a decoder built from them would drop them without a word. Each is copied from the
 * client SDK's own proto (the firebase-js-sdk's google/firestore/v1/write.proto); write-stream tests prove the
 * SDKs' messages arrive whole, and any other unknown field is refused below rather than dropped.
 */
const CLIENT_SDK_FIELDS: { type: string; oneof?: string; field: protobuf.Field }[] = [
  // A transaction's documents read but not written: the commit fails unless each is unchanged.
  {
    type: 'google.firestore.v1.Write',
    oneof: 'operation',
    field: new protobuf.Field('verify', 5, 'string'),
  },
];

for (const { type: typeName, oneof, field } of CLIENT_SDK_FIELDS) {
  const type = firestoreRoot.lookupType(typeName);
  if (type.fields[field.name]) continue;
  type.add(field);
  if (oneof) type.oneofs[oneof].add(field);
}
firestoreRoot.resolveAll();

export const firestoreService: protobuf.Service = firestoreRoot.lookupService(
  'google.firestore.v1.Firestore',
);

const typeCache = new Map<string, protobuf.Type>();

export function messageType(name: string): protobuf.Type {
  let type = typeCache.get(name);
  if (!type) {
    type = firestoreRoot.lookupType(name.startsWith('.') ? name.slice(1) : name);
    typeCache.set(name, type);
  }
  return type;
}

/** Client JSON (any accepted proto3 JSON spelling, numeric or named enums) → canonical proto3 JSON. */
export function canonicalJson<T>(typeName: string, json: unknown): T {
  const type = messageType(typeName);
  rejectUnknownJsonFields(type, json, '');
  rejectOutOfRangeIntegers(json);
  let message: protobuf.Message | null;
  try {
    message = fromProto3JSON(type, json as JSONValue);
  } catch (error) {
    throw invalidArgument(`Invalid ${type.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!message) throw invalidArgument(`Invalid ${type.name}: empty message`);
  return toProto3JSON(message) as T;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * The protobuf conversion silently wraps an int64 beyond 64 bits (9223372036854775808 becomes its negative),
 * so integer values are range-checked while they are still text, as production rejects them.
 */
function rejectOutOfRangeIntegers(json: unknown, depth = 0): void {
  if (typeof json !== 'object' || json === null || depth > 64) return;
  for (const [key, value] of Object.entries(json)) {
    if (key === 'integerValue' && (typeof value === 'string' || typeof value === 'number')) {
      const text = String(value);
      if (!/^-?\d+$/.test(text)) throw invalidArgument(`Invalid integerValue "${text}": not an integer`);
      const n = BigInt(text);
      if (n < INT64_MIN || n > INT64_MAX)
        throw invalidArgument(`Invalid integerValue ${text}: exceeds the 64-bit integer range`);
    } else {
      rejectOutOfRangeIntegers(value, depth + 1);
    }
  }
}

export function decodeBinary<T>(typeName: string, bytes: Uint8Array): T {
  const type = messageType(typeName);
  let message: protobuf.Message;
  try {
    rejectUnknownWireFields(type, bytes, type.name);
    message = type.decode(bytes);
  } catch (error) {
    throw invalidArgument(
      `Malformed ${type.name} protobuf: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const json = messageToJson(type, message);
  refuseSwallowedKeys(json);
  return json as T;
}

/**
 * A map entry keyed "__proto__" (a field name production refuses as reserved) is decoded by assignment, which
 * sets the map's prototype instead of adding the key: the field would vanish without a word. Such a map is
 * recognisable by its prototype, so the request is refused as production refuses it.
 */
function refuseSwallowedKeys(value: unknown, depth = 0): void {
  if (typeof value !== 'object' || value === null || depth > 200) return;
  if (Array.isArray(value)) {
    for (const item of value) refuseSwallowedKeys(item, depth + 1);
    return;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    throw invalidArgument('Invalid field name "__proto__": names of the form __.*__ are reserved');
  }
  for (const item of Object.values(value)) refuseSwallowedKeys(item, depth + 1);
}

export function encodeBinary(typeName: string, json: unknown): Buffer {
  const type = messageType(typeName);
  return Buffer.from(type.encode(jsonToMessage(type, json)).finish());
}

/**
 * JSON text for REST and WebChannel: NaN and ±Infinity become the strings proto3 JSON uses, and -0 is written
 * as "-0" because JSON.stringify would turn it into 0 (the SDKs store -0 and expect it back).
 */
export function stringifyProto3(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0)) ? numberText(v) : v,
  );
}

const numberText = (n: number): string => (Object.is(n, -0) ? '-0' : String(n));

const WELL_KNOWN_JSON = new Set([
  'google.protobuf.Struct',
  'google.protobuf.Value',
  'google.protobuf.ListValue',
  'google.protobuf.Any',
]);

/**
 * Production's JSON API refuses a name it does not know ("Invalid JSON payload received. Unknown name …");
 * proto3-json-serializer would skip it, and a field the SDK sends but the protos lack would vanish unseen.
 */
function rejectUnknownJsonFields(type: protobuf.Type, json: unknown, at: string, depth = 0): void {
  if (typeof json !== 'object' || json === null || Array.isArray(json) || depth > 100) return;
  if (WELL_KNOWN_JSON.has(type.fullName.slice(1))) return;
  for (const [key, value] of Object.entries(json)) {
    const field = type.fields[key] ?? type.fieldsArray.find((f) => f.name === key || jsonNameOf(f) === key);
    if (!field) {
      throw invalidArgument(
        `Invalid JSON payload received. Unknown name "${key}" at '${at || type.name}': Cannot find field.`,
      );
    }
    field.resolve();
    const child = field.resolvedType;
    if (!child || !('fieldsArray' in child)) continue;
    const where = at ? `${at}.${key}` : key;
    if (field.map && typeof value === 'object' && value !== null) {
      for (const item of Object.values(value)) rejectUnknownJsonFields(child, item, where, depth + 1);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => rejectUnknownJsonFields(child, item, `${where}[${i}]`, depth + 1));
    } else {
      rejectUnknownJsonFields(child, value, where, depth + 1);
    }
  }
}

const jsonNameOf = (field: protobuf.Field): string =>
  (field as protobuf.Field & { options?: { json_name?: string } }).options?.json_name ??
  field.name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * protobufjs skips field numbers it does not know. Firestore's clients only send fields of the protos above,
 * so an unknown number means the protos are missing one the SDK relies on: refuse it, naming it, rather than
 * answer as though it had not been sent (how `Write.verify` was once lost).
 */
function rejectUnknownWireFields(type: protobuf.Type, bytes: Uint8Array, at: string, depth = 0): void {
  if (depth > 100) return;
  const reader = protobuf.Reader.create(bytes);
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    const id = tag >>> 3;
    const wireType = tag & 7;
    const field = type.fieldsById[id];
    if (!field) throw invalidArgument(`Unknown field number ${id} in ${at}: this emulator's protos lack it`);
    field.resolve();
    const child = field.resolvedType;
    if (wireType === 2 && child && 'fieldsArray' in child && !field.map) {
      const inner = reader.bytes();
      rejectUnknownWireFields(child, inner, `${at}.${field.name}`, depth + 1);
    } else {
      reader.skipType(wireType);
    }
  }
}
