/**
 * A write's payload as a person types it in the playground: plain JSON, where whole numbers are integers, other
 * numbers doubles and text strings, and any other Firestore type is written as the REST API writes it, one key
 * (`{"timestampValue": "…"}`, `{"referenceValue": "products/p1"}`, `{"geoPointValue": {…}}`, `{"bytesValue": "…"}`).
 * `plainFields` turns stored fields back into that text, so a logged request's payload can be asked again.
 */

/** A Firestore value in the REST API's JSON. */
export type RestValue = Record<string, unknown>;

const TYPED_KEYS = new Set([
  'nullValue',
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'bytesValue',
  'referenceValue',
  'geoPointValue',
  'arrayValue',
  'mapValue',
]);

export class PayloadError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `documentsRoot`: "projects/p/databases/(default)/documents", for references written as a path. */
export function typedFields(plain: unknown, documentsRoot: string): Record<string, RestValue> {
  if (!isObject(plain)) throw new PayloadError('not an object');
  return Object.fromEntries(Object.entries(plain).map(([k, v]) => [k, typedValue(v, documentsRoot)]));
}

function typedValue(value: unknown, root: string): RestValue {
  if (value === null) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number')
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map((v) => typedValue(v, root)) } };
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && TYPED_KEYS.has(keys[0])) {
      const ref = value.referenceValue;
      if (typeof ref === 'string' && !ref.startsWith('projects/'))
        return { referenceValue: `${root}/${ref.replace(/^\/+/, '')}` };
      return value;
    }
    return { mapValue: { fields: typedFields(value, root) } };
  }
  throw new PayloadError(`${String(value)} is not a JSON value`);
}

/** Stored fields back as the text `typedFields` reads (the inverse, for values it would produce). */
export function plainFields(fields: Record<string, RestValue> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => [k, plainValue(v)]));
}

function plainValue(value: RestValue): unknown {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue;
  if ('stringValue' in value) return value.stringValue;
  if ('integerValue' in value) {
    const n = Number(value.integerValue);
    return Number.isSafeInteger(n) ? n : value;
  }
  if ('doubleValue' in value) {
    const n = value.doubleValue;
    // A double with a whole value would read back as an integer: it keeps its type.
    return typeof n === 'number' && !Number.isInteger(n) ? n : value;
  }
  if ('arrayValue' in value)
    return ((value.arrayValue as { values?: RestValue[] }).values ?? []).map(plainValue);
  if ('mapValue' in value) {
    const fields = (value.mapValue as { fields?: Record<string, RestValue> }).fields;
    const plain = plainFields(fields);
    // A map that looks like one typed value would be read as that value: it keeps its REST form.
    const keys = Object.keys(plain);
    return keys.length === 1 && TYPED_KEYS.has(keys[0]) ? value : plain;
  }
  return value;
}
