/**
 * Firestore value semantics: type order, total ordering across types, equality, validation and size.
 * https://firebase.google.com/docs/firestore/manage-data/data-types#value_type_ordering
 */
import type { MapValueJson, Value } from './types.js';
import { invalidArgument } from './errors.js';
import { compareSegments, compareUtf8, parseResourceName } from './paths.js';
import { compareInstants, parseTimestamp, normalizeTimestamp } from './timestamps.js';
import type { ValueInterner } from './value-interner.js';
import { FALSE_VALUE, NULL_VALUE, TRUE_VALUE } from './value-interner.js';

export type ValueKind =
  | 'null'
  | 'boolean'
  | 'integer'
  | 'double'
  | 'timestamp'
  | 'string'
  | 'bytes'
  | 'reference'
  | 'geoPoint'
  | 'array'
  | 'vector'
  | 'map';

export function kindOf(value: Value): ValueKind {
  if ('nullValue' in value) return 'null';
  if ('booleanValue' in value) return 'boolean';
  if ('integerValue' in value) return 'integer';
  if ('doubleValue' in value) return 'double';
  if ('timestampValue' in value) return 'timestamp';
  if ('stringValue' in value) return 'string';
  if ('bytesValue' in value) return 'bytes';
  if ('referenceValue' in value) return 'reference';
  if ('geoPointValue' in value) return 'geoPoint';
  if ('arrayValue' in value) return 'array';
  if ('mapValue' in value) return isVector(value.mapValue) ? 'vector' : 'map';
  throw invalidArgument(`Invalid value: ${JSON.stringify(value)} has no value type`);
}

/**
 * A vector (`vector([…])` in the SDKs) is stored as a map {__type__: "__vector__", value: [numbers]} but is a
 * type of its own: it sorts between arrays and maps, by length first, then element by element.
 */
function isVector(map: MapValueJson): boolean {
  const type = map.fields?.__type__;
  return type !== undefined && 'stringValue' in type && type.stringValue === '__vector__';
}

const vectorElements = (value: Value): Value[] => {
  const inner = (value as { mapValue: MapValueJson }).mapValue.fields?.value;
  return inner && 'arrayValue' in inner ? (inner.arrayValue.values ?? []) : [];
};

/** Cross-type order: null < bool < number (NaN first) < timestamp < string < bytes < reference < geopoint < array < vector < map. */
const TYPE_ORDER: Record<ValueKind, number> = {
  null: 0,
  boolean: 1,
  integer: 2,
  double: 2,
  timestamp: 3,
  string: 4,
  bytes: 5,
  reference: 6,
  geoPoint: 7,
  array: 8,
  vector: 9,
  map: 10,
};

export const typeOrder = (value: Value): number => TYPE_ORDER[kindOf(value)];

export function doubleOf(value: { doubleValue: number | string }): number {
  const d = value.doubleValue;
  return typeof d === 'number' ? d : Number(d);
}

export function integerOf(value: { integerValue: string | number }): bigint {
  return BigInt(value.integerValue);
}

export function isNaNValue(value: Value): boolean {
  return 'doubleValue' in value && Number.isNaN(doubleOf(value));
}

export function isNumber(value: Value): boolean {
  return 'integerValue' in value || 'doubleValue' in value;
}

function compareNumbers(a: Value, b: Value): number {
  if ('integerValue' in a && 'integerValue' in b) {
    const x = integerOf(a);
    const y = integerOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = 'integerValue' in a ? Number(a.integerValue) : doubleOf(a as { doubleValue: number });
  const y = 'integerValue' in b ? Number(b.integerValue) : doubleOf(b as { doubleValue: number });
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

const compareBytes = (a: string, b: string): number =>
  Buffer.compare(Buffer.from(a, 'base64'), Buffer.from(b, 'base64'));

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

export function compareValues(a: Value, b: Value): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta - tb;
  switch (kindOf(a)) {
    case 'null':
      return 0;
    case 'boolean':
      return (
        Number((a as { booleanValue: boolean }).booleanValue) -
        Number((b as { booleanValue: boolean }).booleanValue)
      );
    case 'integer':
    case 'double':
      return compareNumbers(a, b);
    case 'timestamp':
      return sign(
        compareInstants(
          parseTimestamp((a as { timestampValue: string }).timestampValue),
          parseTimestamp((b as { timestampValue: string }).timestampValue),
        ),
      );
    case 'string':
      return sign(
        compareUtf8((a as { stringValue: string }).stringValue, (b as { stringValue: string }).stringValue),
      );
    case 'bytes':
      return compareBytes((a as { bytesValue: string }).bytesValue, (b as { bytesValue: string }).bytesValue);
    case 'reference':
      return sign(
        compareSegments(
          parseResourceName((a as { referenceValue: string }).referenceValue).segments,
          parseResourceName((b as { referenceValue: string }).referenceValue).segments,
        ),
      );
    case 'geoPoint': {
      const x = (a as { geoPointValue: { latitude?: number; longitude?: number } }).geoPointValue;
      const y = (b as { geoPointValue: { latitude?: number; longitude?: number } }).geoPointValue;
      return sign((x.latitude ?? 0) - (y.latitude ?? 0)) || sign((x.longitude ?? 0) - (y.longitude ?? 0));
    }
    case 'array': {
      const x = (a as { arrayValue: { values?: Value[] } }).arrayValue.values ?? [];
      const y = (b as { arrayValue: { values?: Value[] } }).arrayValue.values ?? [];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const c = compareValues(x[i], y[i]);
        if (c !== 0) return c;
      }
      return sign(x.length - y.length);
    }
    case 'vector': {
      const x = vectorElements(a);
      const y = vectorElements(b);
      if (x.length !== y.length) return sign(x.length - y.length);
      for (let i = 0; i < x.length; i++) {
        const c = compareValues(x[i], y[i]);
        if (c !== 0) return c;
      }
      return 0;
    }
    case 'map':
      return compareMaps(
        (a as { mapValue: MapValueJson }).mapValue,
        (b as { mapValue: MapValueJson }).mapValue,
      );
  }
}

function compareMaps(a: MapValueJson, b: MapValueJson): number {
  const ka = Object.keys(a.fields ?? {}).sort(compareUtf8);
  const kb = Object.keys(b.fields ?? {}).sort(compareUtf8);
  for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
    const c = compareUtf8(ka[i], kb[i]);
    if (c !== 0) return sign(c);
    const v = compareValues(a.fields![ka[i]], b.fields![kb[i]]);
    if (v !== 0) return v;
  }
  return sign(ka.length - kb.length);
}

/** Equality as `==` filters see it: numbers compare by value across int/double, NaN equals nothing. */
export function valuesEqual(a: Value, b: Value): boolean {
  if (isNaNValue(a) || isNaNValue(b)) return false;
  return typeOrder(a) === typeOrder(b) && compareValues(a, b) === 0;
}

/** Checks a client-supplied value and returns it in canonical form (integers as strings, timestamps normalised). */
export function normalizeValue(value: unknown, depth = 0, interner?: ValueInterner): Value {
  if (depth > 20) throw invalidArgument('Invalid value: maps and arrays nest more than 20 levels deep');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidArgument(`Invalid value: ${JSON.stringify(value)} is not a Firestore Value`);
  }
  const v = value as Record<string, unknown>;
  // The one key that is set, counted without building an array per value (millions of them at an import).
  let key = '';
  let count = 0;
  for (const k in v) {
    if (!Object.prototype.hasOwnProperty.call(v, k) || v[k] === undefined || k === 'valueType') continue;
    key = k;
    count++;
  }
  if (count !== 1)
    throw invalidArgument(`Invalid value: ${JSON.stringify(value)} must set exactly one value type`);
  const inner = v[key];
  switch (key) {
    case 'nullValue':
      return interner ? NULL_VALUE : { nullValue: null };
    case 'booleanValue':
      if (typeof inner !== 'boolean') throw invalidArgument('Invalid booleanValue');
      return interner ? (inner ? TRUE_VALUE : FALSE_VALUE) : { booleanValue: inner };
    case 'integerValue': {
      const text = String(inner);
      if (!/^-?\d+$/.test(text)) throw invalidArgument(`Invalid integerValue "${text}"`);
      // Up to 15 digits is exact as a double: the canonical form without BigInt ("007" → "7", "-0" → "0").
      if (text.length <= 15) {
        const canonical = String(Number(text));
        return interner ? interner.integer(canonical) : { integerValue: canonical };
      }
      const n = BigInt(text);
      if (n > 9223372036854775807n || n < -9223372036854775808n)
        throw invalidArgument(`integerValue ${text} exceeds 64 bits`);
      return interner ? interner.integer(n.toString()) : { integerValue: n.toString() };
    }
    case 'doubleValue': {
      const d = typeof inner === 'number' ? inner : Number(inner);
      if (
        typeof inner !== 'number' &&
        !['NaN', 'Infinity', '-Infinity'].includes(String(inner)) &&
        Number.isNaN(d)
      ) {
        throw invalidArgument(`Invalid doubleValue "${String(inner)}"`);
      }
      return { doubleValue: d };
    }
    case 'timestampValue':
      if (typeof inner !== 'string') throw invalidArgument('Invalid timestampValue');
      return { timestampValue: isCanonicalTimestamp(inner) ? inner : normalizeTimestamp(inner) };
    case 'stringValue':
      if (typeof inner !== 'string') throw invalidArgument('Invalid stringValue');
      return interner ? interner.string(inner) : { stringValue: inner };
    case 'bytesValue':
      if (typeof inner !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(inner))
        throw invalidArgument('Invalid bytesValue');
      return { bytesValue: Buffer.from(inner, 'base64').toString('base64') };
    case 'referenceValue':
      if (typeof inner !== 'string') throw invalidArgument('Invalid referenceValue');
      parseResourceName(inner);
      return { referenceValue: inner };
    case 'geoPointValue': {
      const g = (inner ?? {}) as { latitude?: number; longitude?: number };
      const latitude = g.latitude ?? 0;
      const longitude = g.longitude ?? 0;
      if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) {
        throw invalidArgument(
          'Invalid geoPointValue: latitude must be in [-90, 90] and longitude in [-180, 180]',
        );
      }
      return { geoPointValue: { latitude, longitude } };
    }
    case 'arrayValue': {
      const values = ((inner ?? {}) as { values?: unknown[] }).values ?? [];
      if (!Array.isArray(values)) throw invalidArgument('Invalid arrayValue');
      return {
        arrayValue: {
          values: values.map((item) => {
            const normalized = normalizeValue(item, depth + 1, interner);
            if ('arrayValue' in normalized)
              throw invalidArgument('Invalid value: arrays cannot directly contain arrays');
            return normalized;
          }),
        },
      };
    }
    case 'mapValue':
      return {
        mapValue: {
          fields: normalizeFields(((inner ?? {}) as MapValueJson).fields ?? {}, depth + 1, interner),
        },
      };
    default:
      throw invalidArgument(`Invalid value: unknown value type "${key}"`);
  }
}

/** `interner`: the stored form, with repeated values shared (see ValueInterner). */
export function normalizeFields(fields: unknown, depth = 0, interner?: ValueInterner): Record<string, Value> {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw invalidArgument('Invalid fields: expected a map of field names to values');
  }
  const out: Record<string, Value> = {};
  const source = fields as Record<string, unknown>;
  for (const name of Object.keys(source)) {
    if (name === '') throw invalidArgument('Invalid field name: empty');
    // UTF-8 takes at most 3 bytes per UTF-16 unit: only a name over 500 units can be over 1500 bytes.
    if (name.length > 500 && Buffer.byteLength(name, 'utf8') > 1500)
      throw invalidArgument(`Invalid field name "${name.slice(0, 20)}…": longer than 1500 bytes`);
    if (depth === 0 && name.startsWith('__') && /^__.*__$/.test(name))
      throw invalidArgument(`Invalid field name "${name}": reserved`);
    out[name] = normalizeValue(source[name], depth, interner);
  }
  return out;
}

/** Storage size as Firestore counts it (https://firebase.google.com/docs/firestore/storage-size). */
export function valueSize(value: Value): number {
  switch (kindOf(value)) {
    case 'null':
    case 'boolean':
      return 1;
    case 'integer':
    case 'double':
      return 8;
    case 'timestamp':
      return 8;
    case 'string':
      return Buffer.byteLength((value as { stringValue: string }).stringValue, 'utf8') + 1;
    case 'bytes':
      return Buffer.from((value as { bytesValue: string }).bytesValue, 'base64').length;
    case 'reference':
      return Buffer.byteLength((value as { referenceValue: string }).referenceValue, 'utf8') + 1;
    case 'geoPoint':
      return 16;
    case 'array':
      return ((value as { arrayValue: { values?: Value[] } }).arrayValue.values ?? []).reduce(
        (s, v) => s + valueSize(v),
        0,
      );
    case 'vector':
    case 'map':
      return fieldsSize((value as { mapValue: MapValueJson }).mapValue.fields ?? {});
  }
}

export function fieldsSize(fields: Record<string, Value>): number {
  let total = 0;
  for (const [name, value] of Object.entries(fields))
    total += Buffer.byteLength(name, 'utf8') + 1 + valueSize(value);
  return total;
}

/** Reads the value at a field path inside document fields (undefined when absent). */
export function getField(
  fields: Record<string, Value> | undefined,
  path: readonly string[],
): Value | undefined {
  let current: Record<string, Value> | undefined = fields;
  for (let i = 0; i < path.length; i++) {
    const value: Value | undefined = current?.[path[i]];
    if (value === undefined) return undefined;
    if (i === path.length - 1) return value;
    if (!('mapValue' in value)) return undefined;
    current = value.mapValue.fields ?? {};
  }
  return undefined;
}

/** Sets (or, with undefined, deletes) the value at a field path, creating intermediate maps. Mutates `fields`. */
export function setField(
  fields: Record<string, Value>,
  path: readonly string[],
  value: Value | undefined,
): void {
  let current = fields;
  for (let i = 0; i < path.length - 1; i++) {
    const existing = current[path[i]];
    if (existing === undefined || !('mapValue' in existing)) {
      if (value === undefined) return;
      const created: Value = { mapValue: { fields: {} } };
      current[path[i]] = created;
      current = created.mapValue.fields!;
    } else {
      existing.mapValue.fields ??= {};
      current = existing.mapValue.fields;
    }
  }
  const last = path[path.length - 1];
  if (value === undefined) delete current[last];
  else current[last] = value;
}

export function cloneFields(fields: Record<string, Value> | undefined): Record<string, Value> {
  return fields ? (structuredClone(fields) as Record<string, Value>) : {};
}

const CANONICAL_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{3}|\d{6}))?Z$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Is the text already what normalizeTimestamp would make of it (UTC, microseconds at most, no trailing zeros
 * in the fraction, a real date and time)? Stored and exported timestamps all are, and skipping the parse and
 * re-format of each is a tenth of the time it takes to load 100,000 orders. Anything else goes the long way.
 */
export function isCanonicalTimestamp(text: string): boolean {
  const m = CANONICAL_TIMESTAMP.exec(text);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1])) return false;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return false;
  const fraction = m[7];
  // formatTimestamp writes 3 digits when the microseconds are whole milliseconds, else 6, and none for zero.
  if (fraction !== undefined && (fraction.endsWith('000') || /^0+$/.test(fraction))) return false;
  return true;
}
