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
