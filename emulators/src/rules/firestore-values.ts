/** Firestore proto3-JSON values and documents → rules values (see ../firestore/types.ts). */
import type { DocumentJson, Fields, Value as FirestoreValue } from '../firestore/types.js';
import { fail } from './errors.js';
import { RulesLatLng, RulesPath, RulesTimestamp, type RulesMap, type Value } from './values.js';

/** "projects/p/databases/(default)/documents/a/b" → /databases/(default)/documents/a/b */
export function documentNameToPath(name: string): RulesPath {
  const at =
    name.startsWith('databases/') || name.startsWith('/databases/') ? 0 : name.indexOf('/databases/');
  const segments = (at > 0 ? name.slice(at + 1) : name).split('/');
  // Names are well formed ("a/b/c"); drop the empty pieces a leading or doubled slash would leave.
  return new RulesPath(segments.includes('') ? segments.filter((s) => s !== '') : segments);
}

function toDouble(value: number | string): number {
  if (typeof value === 'number') return value;
  // proto3 JSON spells non-finite doubles as strings; numeric strings are also legal.
  const n =
    value === 'NaN'
      ? NaN
      : value === 'Infinity'
        ? Infinity
        : value === '-Infinity'
          ? -Infinity
          : Number(value);
  if (Number.isNaN(n) && value !== 'NaN') fail(`Malformed doubleValue ${JSON.stringify(value)}.`);
  return n;
}

export function fromFirestoreValue(value: FirestoreValue): Value {
  if ('stringValue' in value) return value.stringValue;
  if ('integerValue' in value) {
    const text = String(value.integerValue);
    if (!/^-?\d+$/.test(text)) fail(`Malformed integerValue ${JSON.stringify(value.integerValue)}.`);
    return BigInt(text);
  }
  if ('booleanValue' in value) return value.booleanValue;
  if ('nullValue' in value) return null;
  if ('doubleValue' in value) return toDouble(value.doubleValue);
  if ('mapValue' in value) return fromFirestoreFields(value.mapValue.fields);
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(fromFirestoreValue);
  if ('timestampValue' in value) {
    const ts = RulesTimestamp.parse(value.timestampValue);
    if (!ts) fail(`Malformed timestampValue ${JSON.stringify(value.timestampValue)}.`);
    return ts;
  }
  if ('bytesValue' in value) return new Uint8Array(Buffer.from(value.bytesValue, 'base64'));
  if ('referenceValue' in value) return documentNameToPath(value.referenceValue);
  if ('geoPointValue' in value) {
    // proto3 JSON may spell a double as text ("NaN"); a latitude is a number either way.
    return new RulesLatLng(
      Number(value.geoPointValue.latitude ?? 0),
      Number(value.geoPointValue.longitude ?? 0),
    );
  }
  return fail(`Unknown Firestore value ${JSON.stringify(value)}.`);
}

export function fromFirestoreFields(fields: Fields | undefined): RulesMap {
  const map: RulesMap = new Map();
  if (fields) for (const key in fields) map.set(key, fromFirestoreValue(fields[key]));
  return map;
}

/** A document as rules see it in `resource`, `request.resource` and get(): data, id and __name__. */
export function documentToResource(doc: DocumentJson): RulesMap {
  const path = documentNameToPath(doc.name);
  return new Map<string, Value>([
    ['data', fromFirestoreFields(doc.fields)],
    ['id', path.segments[path.segments.length - 1] ?? ''],
    ['__name__', path],
  ]);
}

/** Decoded JWT claims (plain JSON) → rules values; whole numbers become int as in production tokens. */
export function fromJson(value: unknown): Value {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isInteger(value) ? BigInt(value) : value;
    case 'object': {
      if (Array.isArray(value)) return value.map(fromJson);
      const map: RulesMap = new Map();
      for (const [k, v] of Object.entries(value)) map.set(k, fromJson(v));
      return map;
    }
    default:
      return null;
  }
}
