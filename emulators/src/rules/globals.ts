/**
 * Functions called by name (`int(x)`, `path(s)`) and through namespaces (`math.abs`, `timestamp.date`,
 * `duration.value`, `latlng.value`, `hashing.sha256`). Document access (get/exists…) lives in the
 * interpreter because it needs the request's data accessor and access budget.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { fail } from './errors.js';
import { argInt, argString, arity } from './methods.js';
import {
  RulesDuration,
  RulesLatLng,
  RulesNamespace,
  RulesPath,
  RulesTimestamp,
  type Value,
  checkedInt,
  isNumber,
  showValue,
  typeName,
} from './values.js';
import { crc32c } from '../shared/crc32c.js';

export const NAMESPACES = ['math', 'timestamp', 'duration', 'latlng', 'hashing'] as const;

type Builtin = (args: Value[]) => Value;

function argNumber(name: string, value: Value): number {
  if (!isNumber(value)) fail(`Function ${name}() expects a number, got ${typeName(value)}.`);
  return Number(value);
}

function floatToInt(name: string, value: number): bigint {
  if (!Number.isFinite(value)) fail(`Function ${name}() cannot convert ${value} to int.`);
  return checkedInt(BigInt(Math.trunc(value)));
}

/** string(x): how a value prints in rules. */
export function toRulesString(value: Value): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'number') return showValue(value);
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  if (value instanceof RulesPath || value instanceof RulesTimestamp) return value.toString();
  return showValue(value);
}

export const conversions: Record<string, Builtin> = {
  string: (args) => (arity('string', args, 1), toRulesString(args[0])),
  int: (args) => {
    arity('int', args, 1);
    const [v] = args;
    if (typeof v === 'bigint') return v;
    if (typeof v === 'number') return floatToInt('int', v);
    if (typeof v === 'string' && /^[+-]?\d+$/.test(v.trim())) return checkedInt(BigInt(v.trim()));
    return fail(`Function int() cannot convert ${showValue(v)} to int.`);
  },
  float: (args) => {
    arity('float', args, 1);
    const [v] = args;
    if (isNumber(v)) return Number(v);
    if (typeof v === 'string') {
      const trimmed = v.trim();
      if (/^(?:NaN|[+-]?Infinity|[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)$/.test(trimmed))
        return Number(trimmed);
    }
    return fail(`Function float() cannot convert ${showValue(v)} to float.`);
  },
  bool: (args) => {
    arity('bool', args, 1);
    const [v] = args;
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    return fail(`Function bool() cannot convert ${showValue(v)} to bool.`);
  },
  path: (args) => (arity('path', args, 1), RulesPath.parse(argString('path', args[0]))),
  // Production logs the value to firestore-debug.log and returns it unchanged; the value is what matters here.
  debug: (args) => (arity('debug', args, 1), args[0]),
};

const math: Record<string, Builtin> = {
  abs: (args) => {
    arity('abs', args, 1);
    const [v] = args;
    if (typeof v === 'bigint') return checkedInt(v < 0n ? -v : v);
    return Math.abs(argNumber('abs', v));
  },
  ceil: (args) => (arity('ceil', args, 1), floatToInt('ceil', Math.ceil(argNumber('ceil', args[0])))),
  floor: (args) => (arity('floor', args, 1), floatToInt('floor', Math.floor(argNumber('floor', args[0])))),
  // Half away from zero, as C's round().
  round: (args) => {
    arity('round', args, 1);
    const v = argNumber('round', args[0]);
    return floatToInt('round', Math.sign(v) * Math.round(Math.abs(v)));
  },
  sqrt: (args) => (arity('sqrt', args, 1), Math.sqrt(argNumber('sqrt', args[0]))),
  pow: (args) => (arity('pow', args, 2), Math.pow(argNumber('pow', args[0]), argNumber('pow', args[1]))),
  isInfinite: (args) => (
    arity('isInfinite', args, 1),
    Math.abs(argNumber('isInfinite', args[0])) === Infinity
  ),
  isNaN: (args) => (arity('isNaN', args, 1), Number.isNaN(argNumber('isNaN', args[0]))),
};

const NANOS = {
  w: 604_800_000_000_000n,
  d: 86_400_000_000_000n,
  h: 3_600_000_000_000n,
  m: 60_000_000_000n,
  s: 1_000_000_000n,
  ms: 1_000_000n,
  ns: 1n,
};

function numberToNanos(name: string, value: Value, unitNanos: bigint): bigint {
  if (typeof value === 'bigint') return value * unitNanos;
  const n = argNumber(name, value);
  if (!Number.isFinite(n)) fail(`Function ${name}() cannot make a duration from ${n}.`);
  return BigInt(Math.round(n * Number(unitNanos)));
}

const duration: Record<string, Builtin> = {
  value: (args) => {
    arity('value', args, 2);
    const unit = argString('value', args[1]);
    if (!Object.hasOwn(NANOS, unit))
      fail(`Function duration.value() has unknown unit '${unit}' (w, d, h, m, s, ms, ns).`);
    return new RulesDuration(numberToNanos('value', args[0], NANOS[unit as keyof typeof NANOS]));
  },
  time: (args) => {
    arity('time', args, 4);
    const [h, m, s, ns] = args.map((a) => argInt('time', a));
    return new RulesDuration(h * NANOS.h + m * NANOS.m + s * NANOS.s + ns);
  },
  abs: (args) => {
    arity('abs', args, 1);
    const [d] = args;
    if (!(d instanceof RulesDuration)) fail(`Function abs() expects a duration, got ${typeName(d)}.`);
    return new RulesDuration(d.nanos < 0n ? -d.nanos : d.nanos);
  },
};

const timestamp: Record<string, Builtin> = {
  date: (args) => {
    arity('date', args, 3);
    const [y, m, d] = args.map((a) => Number(argInt('date', a)));
    const ms = Date.UTC(y, m - 1, d);
    const check = new Date(ms);
    if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) {
      fail(`Function timestamp.date() got an invalid date ${y}-${m}-${d}.`);
    }
    return RulesTimestamp.fromMillis(ms);
  },
  value: (args) => (arity('value', args, 1), RulesTimestamp.fromMillis(Number(argInt('value', args[0])))),
};

const latlng: Record<string, Builtin> = {
  value: (args) => {
    arity('value', args, 2);
    const lat = argNumber('value', args[0]);
    const lng = argNumber('value', args[1]);
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) fail(`Function latlng.value() got an out-of-range point.`);
    return new RulesLatLng(lat, lng);
  },
};

function hashInput(name: string, value: Value): Uint8Array {
  if (typeof value === 'string') return new TextEncoder().encode(value);
  if (value instanceof Uint8Array) return value;
  return fail(`Function ${name}() expects a string or bytes, got ${typeName(value)}.`);
}

function uint32Bytes(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}

const hashing: Record<string, Builtin> = {
  md5: (args) => (
    arity('md5', args, 1),
    new Uint8Array(createHash('md5').update(hashInput('md5', args[0])).digest())
  ),
  sha256: (args) => (
    arity('sha256', args, 1),
    new Uint8Array(createHash('sha256').update(hashInput('sha256', args[0])).digest())
  ),
  crc32: (args) => (arity('crc32', args, 1), uint32Bytes(crc32(hashInput('crc32', args[0])))),
  crc32c: (args) => (arity('crc32c', args, 1), uint32Bytes(crc32c(hashInput('crc32c', args[0])))),
};

const namespaceTables: Record<string, Record<string, Builtin>> = {
  math,
  duration,
  timestamp,
  latlng,
  hashing,
};

export function callNamespaceFunction(namespace: RulesNamespace, name: string, args: Value[]): Value {
  const table = namespaceTables[namespace.name];
  const fn = table && Object.hasOwn(table, name) ? table[name] : undefined;
  if (!fn) fail(`Function not found error: Name: [${namespace.name}.${name}].`);
  return fn(args);
}
