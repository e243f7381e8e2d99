/**
 * The keys the query indexes store: an equality key per value (two values `==` each other only when their keys
 * are the same string) and a sort key per value (compared without re-parsing timestamps or re-classifying
 * values, and always in the order compareValues gives).
 */
import type { MapValueJson, Value } from '../types.js';
import { parseResourceName } from '../paths.js';
import { parseTimestamp } from '../timestamps.js';
import { compareValues, doubleOf, kindOf, typeOrder } from '../values.js';

/**
 * A string equal for every pair of values valuesEqual() calls equal (int 1 and double 1.0 share "n1"); null for
 * NaN, which equals nothing. Different keys prove inequality; equal keys do not prove equality (two integers
 * above 2^53 may share one), so whatever an index finds is still checked against the query's filters.
 */
export function equalityKey(value: Value): string | null {
  if ('doubleValue' in value && Number.isNaN(doubleOf(value))) return null;
  return nestedKey(value);
}

function nestedKey(value: Value): string {
  switch (kindOf(value)) {
    case 'null':
      return 'z';
    case 'boolean':
      return (value as { booleanValue: boolean }).booleanValue ? 'b1' : 'b0';
    case 'integer':
      return `n${Number((value as { integerValue: string }).integerValue)}`;
    case 'double': {
      const d = doubleOf(value as { doubleValue: number });
      // -0 == 0; NaN inside an array or map compares equal to NaN (compareValues), so it gets a key there.
      return `n${d === 0 ? 0 : d}`;
    }
    case 'timestamp': {
      const { seconds, nanos } = parseTimestamp((value as { timestampValue: string }).timestampValue);
      return `t${seconds}.${nanos}`;
    }
    case 'string':
      return `s${(value as { stringValue: string }).stringValue}`;
    case 'bytes':
      return `y${Buffer.from((value as { bytesValue: string }).bytesValue, 'base64').toString('base64')}`;
    case 'reference':
      // References compare by their document path only.
      return `r${parseResourceName((value as { referenceValue: string }).referenceValue).segments.join('/')}`;
    case 'geoPoint': {
      const g = (value as { geoPointValue: { latitude?: number; longitude?: number } }).geoPointValue;
      return `g${(g.latitude ?? 0) || 0},${(g.longitude ?? 0) || 0}`;
    }
    case 'array':
      return `a${JSON.stringify(((value as { arrayValue: { values?: Value[] } }).arrayValue.values ?? []).map(nestedKey))}`;
    case 'vector':
    case 'map': {
      const fields = (value as { mapValue: MapValueJson }).mapValue.fields ?? {};
      const entries = Object.keys(fields)
        .sort()
        .map((k) => [k, nestedKey(fields[k])]);
      return `${kindOf(value) === 'vector' ? 'v' : 'm'}${JSON.stringify(entries)}`;
    }
  }
}

/**
 * A value with what makes it cheap to compare: its type order and, for the common types, a JS primitive that
 * orders as compareValues does (numbers exactly representable, timestamps in microseconds, strings without
 * surrogates, whose UTF-16 order is their code-point order). Other values compare through compareValues.
 */
export interface SortKey {
  readonly type: number;
  readonly primitive: number | string | undefined;
  readonly value: Value;
}

export function sortKey(value: Value): SortKey {
  return { type: typeOrder(value), primitive: primitiveOf(value), value };
}

const SURROGATE = /[\uD800-\uDFFF]/;

function primitiveOf(value: Value): number | string | undefined {
  if ('nullValue' in value) return 0;
  if ('booleanValue' in value) return value.booleanValue ? 1 : 0;
  if ('integerValue' in value) {
    const n = Number(value.integerValue);
    return Number.isSafeInteger(n) ? n : undefined;
  }
  if ('doubleValue' in value) {
    const d = doubleOf(value);
    return Number.isNaN(d) ? undefined : d;
  }
  if ('timestampValue' in value) {
    const { seconds, nanos } = parseTimestamp(value.timestampValue);
    const micros = seconds * 1_000_000 + nanos / 1000;
    return nanos % 1000 === 0 && Number.isSafeInteger(micros) ? micros : undefined;
  }
  if ('stringValue' in value) return SURROGATE.test(value.stringValue) ? undefined : value.stringValue;
  return undefined;
}

export function compareSortKeys(a: SortKey, b: SortKey): number {
  if (a.type !== b.type) return a.type - b.type;
  const x = a.primitive;
  const y = b.primitive;
  // Numbers and strings never share a type order, so two defined primitives are of the same JS type.
  if (x !== undefined && y !== undefined) return x < y ? -1 : x > y ? 1 : 0;
  return compareValues(a.value, b.value);
}
