/**
 * Firestore's typed values as the REST API carries them (proto3 JSON), how the console shows them, and how
 * the editor turns what a person typed into one — or into a sentence saying why not.
 */
import dayjs from 'dayjs';
import { currentTexts } from '../../i18n/texts';
import { editorTexts } from './texts';

export type FsValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude: number; longitude: number } }
  | { arrayValue: { values?: FsValue[] } }
  | { mapValue: { fields?: Record<string, FsValue> } };

export type Fields = Record<string, FsValue>;

export const EDITABLE_TYPES = [
  'string',
  'integer',
  'double',
  'boolean',
  'null',
  'timestamp',
  'reference',
  'geopoint',
  'map',
  'array',
] as const;
export type EditableType = (typeof EDITABLE_TYPES)[number];

export function typeOf(value: FsValue): string {
  const key = Object.keys(value)[0] ?? 'nullValue';
  return key.replace(/Value$/, '').replace('geoPoint', 'geopoint');
}

/** The editor's starting text for a value. */
export function editText(value: FsValue): string {
  if ('stringValue' in value) return value.stringValue;
  if ('integerValue' in value) return value.integerValue;
  if ('doubleValue' in value) return String(value.doubleValue);
  if ('booleanValue' in value) return String(value.booleanValue);
  if ('timestampValue' in value) return dayjs(value.timestampValue).format('YYYY-MM-DDTHH:mm:ss.SSSZ');
  if ('referenceValue' in value) return documentPath(value.referenceValue);
  if ('geoPointValue' in value) return `${value.geoPointValue.latitude}, ${value.geoPointValue.longitude}`;
  if ('mapValue' in value || 'arrayValue' in value) return JSON.stringify(toPlain(value), null, 2);
  return '';
}

/** "projects/p/databases/(default)/documents/orders/o1" → "orders/o1". */
export function documentPath(name: string): string {
  const match = /\/documents\/(.*)$/.exec(name);
  return match ? match[1] : name;
}

export function toPlain(value: FsValue): unknown {
  if ('mapValue' in value)
    return Object.fromEntries(Object.entries(value.mapValue.fields ?? {}).map(([k, v]) => [k, toPlain(v)]));
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(toPlain);
  if ('integerValue' in value) return Number(value.integerValue);
  if ('nullValue' in value) return null;
  return Object.values(value)[0] as unknown;
}

/** Plain JSON (from the map/array editor) → typed value: whole numbers are integers, others doubles. */
export function fromPlain(plain: unknown): FsValue {
  if (plain === null) return { nullValue: null };
  if (typeof plain === 'boolean') return { booleanValue: plain };
  if (typeof plain === 'number')
    return Number.isInteger(plain) ? { integerValue: String(plain) } : { doubleValue: plain };
  if (typeof plain === 'string') return { stringValue: plain };
  if (Array.isArray(plain)) return { arrayValue: { values: plain.map(fromPlain) } };
  return {
    mapValue: {
      fields: Object.fromEntries(Object.entries(plain as object).map(([k, v]) => [k, fromPlain(v)])),
    },
  };
}

export type Parsed = { value: FsValue } | { error: string };

const INT64_MAX = 2n ** 63n - 1n;

/** What the editor typed, as a value of `type`; `documentsRoot` is "projects/p/databases/(default)/documents". */
export function parseValue(type: EditableType, text: string, documentsRoot: string): Parsed {
  const say = currentTexts(editorTexts);
  const trimmed = text.trim();
  switch (type) {
    case 'string':
      return { value: { stringValue: text } };
    case 'integer': {
      if (!/^-?\d+$/.test(trimmed)) return { error: say.notWholeNumber(text) };
      const n = BigInt(trimmed);
      if (n > INT64_MAX || n < -INT64_MAX - 1n) return { error: say.outOfRange(trimmed) };
      return { value: { integerValue: n.toString() } };
    }
    case 'double': {
      const n = Number(trimmed);
      if (trimmed === '' || !Number.isFinite(n)) return { error: say.notNumber(text) };
      return { value: { doubleValue: n } };
    }
    case 'boolean':
      if (trimmed !== 'true' && trimmed !== 'false') return { error: say.notBoolean };
      return { value: { booleanValue: trimmed === 'true' } };
    case 'null':
      return { value: { nullValue: null } };
    case 'timestamp': {
      const time = dayjs(trimmed);
      if (trimmed === '' || !time.isValid()) return { error: say.notTimestamp(text) };
      return { value: { timestampValue: time.toISOString() } };
    }
    case 'reference': {
      const segments = trimmed.split('/').filter((s) => s !== '');
      if (segments.length === 0 || segments.length % 2 !== 0) return { error: say.notReference(text) };
      return { value: { referenceValue: `${documentsRoot}/${segments.join('/')}` } };
    }
    case 'geopoint': {
      const parts = trimmed.split(',').map((p) => Number(p.trim()));
      if (parts.length !== 2 || parts.some((p) => !Number.isFinite(p))) return { error: say.notGeopoint };
      const [latitude, longitude] = parts;
      if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return { error: say.geopointRange };
      return { value: { geoPointValue: { latitude, longitude } } };
    }
    case 'map':
    case 'array': {
      let plain: unknown;
      try {
        plain = JSON.parse(trimmed);
      } catch {
        return { error: say.notJson(type) };
      }
      const isArray = Array.isArray(plain);
      if (type === 'array' ? !isArray : isArray || typeof plain !== 'object' || plain === null)
        return { error: type === 'array' ? say.notArray : say.notMap };
      return { value: fromPlain(plain) };
    }
  }
}

/** A query value typed in the query box: JSON when it parses (numbers, true, null, ["a","b"]), else a string. */
export function queryValue(text: string): FsValue {
  try {
    return fromPlain(JSON.parse(text));
  } catch {
    return { stringValue: text };
  }
}

/** Field names that need no quoting in a field path. */
export function fieldPath(name: string): string {
  return /^[A-Za-z_][A-Za-z_0-9]*$/.test(name) ? name : `\`${name.replace(/[`\\]/g, '\\$&')}\``;
}
