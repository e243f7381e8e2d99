/**
 * Runtime values of the rules language. Common types use plain JavaScript values so that the hot path
 * allocates little: int → bigint (64-bit, so `1` and `1.0` stay distinguishable), float → number,
 * bytes → Uint8Array, list → array, map → Map. The rest are small classes.
 */
import { fail } from './errors.js';

export type Value =
  | null
  | boolean
  | bigint
  | number
  | string
  | Uint8Array
  | Value[]
  | RulesMap
  | RulesSet
  | RulesPath
  | RulesTimestamp
  | RulesDuration
  | RulesLatLng
  | RulesMapDiff
  | RulesNamespace
  | RulesQuerySubject;

export type RulesMap = Map<string, Value>;

export class RulesSet {
  readonly items: Value[];
  /** Builds a set, dropping duplicates (by rules equality). */
  constructor(items: Iterable<Value>) {
    const unique: Value[] = [];
    for (const item of items) if (!unique.some((u) => valuesEqual(u, item))) unique.push(item);
    this.items = unique;
  }
  has(value: Value): boolean {
    return this.items.some((item) => valuesEqual(item, value));
  }
}

export class RulesPath {
  constructor(readonly segments: readonly string[]) {}
  static parse(text: string): RulesPath {
    return new RulesPath(text.split('/').filter((s) => s !== ''));
  }
  toString(): string {
    return '/' + this.segments.join('/');
  }
}

const NANOS_PER_SECOND = 1_000_000_000n;

/** A point in time with nanosecond precision, stored as nanoseconds since the Unix epoch. */
export class RulesTimestamp {
  constructor(readonly nanos: bigint) {}
  static fromMillis(ms: number): RulesTimestamp {
    return new RulesTimestamp(BigInt(Math.trunc(ms)) * 1_000_000n);
  }
  /** Parses RFC 3339 (e.g. "2026-11-21T06:19:10.123456789Z" or with an offset); null when malformed. */
  static parse(text: string): RulesTimestamp | null {
    const m =
      /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|z|[+-]\d{2}:\d{2})$/.exec(text);
    if (!m) return null;
    const [, y, mo, d, h, mi, s, frac, zone] = m;
    let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    if (Number.isNaN(ms)) return null;
    if (zone !== 'Z' && zone !== 'z') {
      const sign = zone[0] === '-' ? -1 : 1;
      ms -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
    }
    const fraction = BigInt((frac ?? '').padEnd(9, '0'));
    return new RulesTimestamp(BigInt(ms) * 1_000_000n + fraction);
  }
  get seconds(): bigint {
    return floorDiv(this.nanos, NANOS_PER_SECOND);
  }
  get nanosOfSecond(): number {
    return Number(this.nanos - this.seconds * NANOS_PER_SECOND);
  }
  toMillis(): number {
    return Number(floorDiv(this.nanos, 1_000_000n));
  }
  toDate(): Date {
    return new Date(this.toMillis());
  }
  toString(): string {
    const iso = this.toDate().toISOString().slice(0, 19);
    const frac = this.nanosOfSecond === 0 ? '' : '.' + String(this.nanosOfSecond).padStart(9, '0');
    return `${iso}${frac}Z`;
  }
}

/** A signed span of time, in nanoseconds. */
export class RulesDuration {
  constructor(readonly nanos: bigint) {}
  /** Whole seconds, truncated toward zero like google.protobuf.Duration. */
  get seconds(): bigint {
    return this.nanos / NANOS_PER_SECOND;
  }
  /** Remaining nanoseconds, with the same sign as seconds. */
  get nanosOfSecond(): bigint {
    return this.nanos % NANOS_PER_SECOND;
  }
}

export class RulesLatLng {
  constructor(
    readonly latitude: number,
    readonly longitude: number,
  ) {}
}

/** What one branch of a query's filter says about a field of every document it can return. */
export interface FieldConstraint {
  /** The field equals one of these (==, in, is null). */
  equals?: Value[];
  /** The field differs from each of these (!=, not-in). */
  differs?: Value[];
  lower?: { value: Value; inclusive: boolean };
  upper?: { value: Value; inclusive: boolean };
  /** The field is a list holding each of these (array-contains). */
  contains?: Value[];
}

/**
 * The documents a query can return, as `list` rules see them ("rules are not filters"): `resource` (path
 * null), `resource.data` ([]) or a field below it, known only through the query's constraints.
 * See query-proof.ts.
 */
export class RulesQuerySubject {
  constructor(
    readonly constraints: ReadonlyMap<string, FieldConstraint>,
    readonly path: readonly string[] | null,
  ) {}
}

/** The result of `map.diff(other)`: `this` is the receiver (usually request.resource.data). */
export class RulesMapDiff {
  constructor(
    readonly after: RulesMap,
    readonly before: RulesMap,
  ) {}
}

/** Names such as `math`, `timestamp`, `duration`: they only exist to hold functions. */
export class RulesNamespace {
  constructor(readonly name: string) {}
}

export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

export function checkedInt(value: bigint): bigint {
  if (value < INT64_MIN || value > INT64_MAX) fail('Integer overflow.');
  return value;
}

export function isMap(value: Value): value is RulesMap {
  return value instanceof Map;
}

export function typeName(value: Value): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
  }
  if (Array.isArray(value)) return 'list';
  if (value instanceof Map) return 'map';
  if (value instanceof Uint8Array) return 'bytes';
  if (value instanceof RulesSet) return 'set';
  if (value instanceof RulesPath) return 'path';
  if (value instanceof RulesTimestamp) return 'timestamp';
  if (value instanceof RulesDuration) return 'duration';
  if (value instanceof RulesLatLng) return 'latlng';
  if (value instanceof RulesMapDiff) return 'map_diff';
  if (value instanceof RulesQuerySubject) return 'map';
  return 'namespace';
}

/** `value is type` */
export function hasType(value: Value, type: string): boolean {
  if (type === 'number') return typeof value === 'bigint' || typeof value === 'number';
  return typeName(value) === type;
}

export function isNumber(value: Value): value is bigint | number {
  return typeof value === 'bigint' || typeof value === 'number';
}

/** Rules equality: deep for lists, maps and sets; int and float compare by numeric value. */
export function valuesEqual(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  if (isNumber(a) && isNumber(b)) {
    // Mixed int/float: compare numerically; NaN is never equal.
    return typeof a === typeof b ? a === b : Number(a) === Number(b);
  }
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => valuesEqual(item, b[i]));
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [key, item] of a) {
      if (!b.has(key) || !valuesEqual(item, b.get(key) as Value)) return false;
    }
    return true;
  }
  if (a instanceof Uint8Array) {
    return b instanceof Uint8Array && a.length === b.length && a.every((byte, i) => byte === b[i]);
  }
  if (a instanceof RulesSet) {
    return b instanceof RulesSet && a.items.length === b.items.length && a.items.every((item) => b.has(item));
  }
  if (a instanceof RulesPath) {
    return (
      b instanceof RulesPath &&
      a.segments.length === b.segments.length &&
      a.segments.every((s, i) => s === b.segments[i])
    );
  }
  if (a instanceof RulesTimestamp) return b instanceof RulesTimestamp && a.nanos === b.nanos;
  if (a instanceof RulesDuration) return b instanceof RulesDuration && a.nanos === b.nanos;
  if (a instanceof RulesLatLng) {
    return b instanceof RulesLatLng && a.latitude === b.latitude && a.longitude === b.longitude;
  }
  return false;
}

/** Ordering for < <= > >=: numbers, strings, timestamps, durations, bytes and lists; otherwise an error. */
export function compareValues(a: Value, b: Value): number {
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    const x = Number(a);
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof RulesTimestamp && b instanceof RulesTimestamp)
    return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
  if (a instanceof RulesDuration && b instanceof RulesDuration)
    return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.compare(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compareValues(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  return fail(`Cannot compare ${typeName(a)} with ${typeName(b)}.`);
}

/** A short rendering for error messages and string(). */
export function showValue(value: Value): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(1) : String(value);
  if (Array.isArray(value)) return `[${value.map(showValue).join(', ')}]`;
  if (value instanceof Map) return `{${[...value].map(([k, v]) => `'${k}': ${showValue(v)}`).join(', ')}}`;
  if (value instanceof RulesSet) return `set(${value.items.map(showValue).join(', ')})`;
  if (value instanceof RulesPath || value instanceof RulesTimestamp) return value.toString();
  return typeName(value);
}
