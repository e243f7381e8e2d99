/**
 * A document or a value as JSON a person can read and edit, with Firestore's types kept: what plain JSON
 * cannot say is a one-key object, so timestamps, references, geopoints and bytes (and whole-number doubles,
 * integers past 2^53) survive a round trip, however deep in maps and arrays they sit:
 *
 *   { "$timestamp": "2026-11-22T12:30:00.000Z" }   { "$reference": "products/p1" }
 *   { "$geopoint": [23.81, 90.41] }                  { "$bytes": "<base64>" }
 *   { "$double": 12 }  (12.5 is written plainly)     { "$integer": "9007199254740993" }
 *   { "$map": { "$timestamp": "…" } }                (a map whose only key starts with "$")
 *
 * Other JSON numbers are integers when whole, doubles when not; strings, booleans, null, arrays and objects
 * are what they look like. A mistake is a sentence naming where it is (e.g. `items[1].at`), and nothing is saved.
 */
import { currentTexts } from '../../i18n/texts';
import { editorTexts } from './texts';
import { documentPath, type Fields, type FsValue } from './values';

const TAGS = ['$timestamp', '$reference', '$geopoint', '$bytes', '$double', '$integer', '$map'] as const;
type Tag = (typeof TAGS)[number];

/** A value as the JSON above (not yet stringified). */
function toTypedPlain(value: FsValue): unknown {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue;
  if ('stringValue' in value) return value.stringValue;
  if ('integerValue' in value) {
    const n = Number(value.integerValue);
    return Number.isSafeInteger(n) ? n : { $integer: value.integerValue };
  }
  if ('doubleValue' in value) {
    const n = value.doubleValue;
    // 12.0 would read back as an integer; NaN and ±Infinity are not JSON at all.
    if (typeof n !== 'number' || !Number.isFinite(n) || Number.isInteger(n))
      return { $double: typeof n === 'number' && Number.isFinite(n) ? n : String(n) };
    return n;
  }
  if ('timestampValue' in value) return { $timestamp: value.timestampValue };
  if ('referenceValue' in value) return { $reference: documentPath(value.referenceValue) };
  if ('geoPointValue' in value)
    return { $geopoint: [value.geoPointValue.latitude ?? 0, value.geoPointValue.longitude ?? 0] };
  if ('bytesValue' in value) return { $bytes: value.bytesValue };
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(toTypedPlain);
  const fields = fieldsToTypedPlain(value.mapValue.fields ?? {});
  const keys = Object.keys(fields);
  return keys.length === 1 && keys[0]!.startsWith('$') ? { $map: fields } : fields;
}

function fieldsToTypedPlain(fields: Fields): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => [key, toTypedPlain(value)]),
  );
}

/** The text the JSON editor starts with. */
export const typedJsonText = (value: FsValue | Fields, isFields = false): string =>
  JSON.stringify(isFields ? fieldsToTypedPlain(value as Fields) : toTypedPlain(value as FsValue), null, 2);

class TypedJsonError extends Error {}

const INT64_MAX = 2n ** 63n - 1n;
const SPECIAL_DOUBLES = ['NaN', 'Infinity', '-Infinity'];
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Plain JSON (as parsed) → a typed value; `where` names the spot for the error sentence. */
function fromTypedPlain(plain: unknown, where: string, documentsRoot: string): FsValue {
  const say = currentTexts(editorTexts);
  const fail = (reason: string): never => {
    throw new TypedJsonError(say.jsonAt(where || '(root)', reason));
  };
  if (plain === null) return { nullValue: null };
  if (typeof plain === 'boolean') return { booleanValue: plain };
  if (typeof plain === 'string') return { stringValue: plain };
  if (typeof plain === 'number') {
    if (!Number.isInteger(plain)) return { doubleValue: plain };
    if (!Number.isSafeInteger(plain)) fail(say.unsafeInteger);
    return { integerValue: String(plain) };
  }
  if (Array.isArray(plain))
    return {
      arrayValue: { values: plain.map((item, i) => fromTypedPlain(item, `${where}[${i}]`, documentsRoot)) },
    };
  const object = plain as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length === 1 && (TAGS as readonly string[]).includes(keys[0]!)) {
    const tag = keys[0] as Tag;
    const inner = object[tag];
    switch (tag) {
      case '$timestamp': {
        const millis = typeof inner === 'string' ? Date.parse(inner) : NaN;
        if (!Number.isFinite(millis) || !/^\d{4}-\d\d-\d\dT/.test(inner as string))
          fail(say.notTimestamp(String(inner)));
        return { timestampValue: inner as string };
      }
      case '$reference': {
        const segments = typeof inner === 'string' ? inner.split('/').filter((s) => s !== '') : [];
        if (segments.length === 0 || segments.length % 2 !== 0) fail(say.notReference(String(inner)));
        return { referenceValue: `${documentsRoot}/${segments.join('/')}` };
      }
      case '$geopoint': {
        const pair = Array.isArray(inner) ? inner : [];
        const [latitude, longitude] = pair as number[];
        if (pair.length !== 2 || !pair.every((n) => typeof n === 'number' && Number.isFinite(n)))
          fail(say.notGeopoint);
        if (Math.abs(latitude!) > 90 || Math.abs(longitude!) > 180) fail(say.geopointRange);
        return { geoPointValue: { latitude: latitude!, longitude: longitude! } };
      }
      case '$bytes':
        if (typeof inner !== 'string' || !BASE64.test(inner)) fail(say.notBase64);
        return { bytesValue: inner as string };
      case '$double': {
        // NaN and ±Infinity travel as these strings in Firestore's JSON, as in this notation.
        if (typeof inner === 'number') return { doubleValue: inner };
        if (!SPECIAL_DOUBLES.includes(inner as string)) fail(say.notNumber(String(inner)));
        return { doubleValue: inner as unknown as number };
      }
      case '$integer': {
        if (typeof inner !== 'string' || !/^-?\d+$/.test(inner)) fail(say.notWholeNumber(String(inner)));
        const n = BigInt(inner as string);
        if (n > INT64_MAX || n < -INT64_MAX - 1n) fail(say.outOfRange(inner as string));
        return { integerValue: n.toString() };
      }
      case '$map':
        if (!inner || typeof inner !== 'object' || Array.isArray(inner)) fail(say.notMap);
        return { mapValue: { fields: fieldsFromTypedPlain(inner as object, where, documentsRoot) } };
    }
  }
  return { mapValue: { fields: fieldsFromTypedPlain(object, where, documentsRoot) } };
}

function fieldsFromTypedPlain(object: object, where: string, documentsRoot: string): Fields {
  return Object.fromEntries(
    Object.entries(object).map(([key, item]) => [
      key,
      fromTypedPlain(item, where ? `${where}.${key}` : key, documentsRoot),
    ]),
  );
}

export type ParsedTyped<T> = { value: T } | { error: string };

function parseJson(text: string): ParsedTyped<unknown> {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: currentTexts(editorTexts).notJsonAt((error as Error).message) };
  }
}

/** A value typed as JSON (a field's map or array, or any value). */
export function parseTypedValue(text: string, documentsRoot: string): ParsedTyped<FsValue> {
  const parsed = parseJson(text);
  if ('error' in parsed) return parsed;
  try {
    return { value: fromTypedPlain(parsed.value, '', documentsRoot) };
  } catch (error) {
    if (error instanceof TypedJsonError) return { error: error.message };
    throw error;
  }
}

/** A whole document's fields typed as one JSON object. */
export function parseTypedFields(text: string, documentsRoot: string): ParsedTyped<Fields> {
  const parsed = parseJson(text);
  if ('error' in parsed) return parsed;
  if (!parsed.value || typeof parsed.value !== 'object' || Array.isArray(parsed.value))
    return { error: currentTexts(editorTexts).documentNotObject };
  try {
    return { value: fieldsFromTypedPlain(parsed.value, '', documentsRoot) };
  } catch (error) {
    if (error instanceof TypedJsonError) return { error: error.message };
    throw error;
  }
}
