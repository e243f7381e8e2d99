/**
 * Methods callable on values (`x.size()`, `ts.year()`, `diff.affectedKeys()` …), dispatched by type.
 * Every misuse — wrong type, wrong arity, unknown method — raises RulesEvaluationError, which the
 * evaluator turns into a false condition as production does.
 */
import { fail } from './errors.js';
import { fullMatch, replaceAll, splitAll } from './regex.js';
import { civilFields, startOfDay } from './time.js';
import {
  RulesDuration,
  RulesLatLng,
  RulesMapDiff,
  RulesPath,
  RulesSet,
  RulesTimestamp,
  type RulesMap,
  type Value,
  isMap,
  typeName,
  valuesEqual,
} from './values.js';

type Method<T> = (target: T, args: Value[]) => Value;

function arity(name: string, args: Value[], count: number): void {
  if (args.length !== count) fail(`Function ${name}() expects ${count} argument(s), got ${args.length}.`);
}

function argString(name: string, value: Value): string {
  if (typeof value !== 'string') fail(`Function ${name}() expects a string, got ${typeName(value)}.`);
  return value;
}

function argInt(name: string, value: Value): bigint {
  if (typeof value !== 'bigint') fail(`Function ${name}() expects an int, got ${typeName(value)}.`);
  return value;
}

/** Lists and sets are interchangeable as arguments of hasAll/hasAny/hasOnly and the set operations. */
function argItems(name: string, value: Value): Value[] {
  if (Array.isArray(value)) return value;
  if (value instanceof RulesSet) return value.items;
  return fail(`Function ${name}() expects a list or set, got ${typeName(value)}.`);
}

function contains(items: Value[], value: Value): boolean {
  return items.some((item) => valuesEqual(item, value));
}

/** Code points, not UTF-16 units, so Bengali text counts characters as people see them. */
export function codePoints(text: string): string[] {
  return Array.from(text);
}

const collectionMethods: Record<string, Method<Value[]>> = {
  size: (items, args) => (arity('size', args, 0), BigInt(items.length)),
  hasAll: (items, args) => (
    arity('hasAll', args, 1),
    argItems('hasAll', args[0]).every((v) => contains(items, v))
  ),
  hasAny: (items, args) => (
    arity('hasAny', args, 1),
    argItems('hasAny', args[0]).some((v) => contains(items, v))
  ),
  hasOnly: (items, args) => {
    arity('hasOnly', args, 1);
    const allowed = argItems('hasOnly', args[0]);
    return items.every((v) => contains(allowed, v));
  },
};

const listMethods: Record<string, Method<Value[]>> = {
  ...collectionMethods,
  join: (items, args) => {
    arity('join', args, 1);
    const separator = argString('join', args[0]);
    return items.map((item) => argString('join', item)).join(separator);
  },
  concat: (items, args) => {
    arity('concat', args, 1);
    if (!Array.isArray(args[0])) fail(`Function concat() expects a list, got ${typeName(args[0])}.`);
    return [...items, ...args[0]];
  },
  removeAll: (items, args) => {
    arity('removeAll', args, 1);
    const removed = argItems('removeAll', args[0]);
    return items.filter((item) => !contains(removed, item));
  },
  toSet: (items, args) => (arity('toSet', args, 0), new RulesSet(items)),
};

const setMethods: Record<string, Method<RulesSet>> = {
  size: (set, args) => collectionMethods.size(set.items, args),
  hasAll: (set, args) => collectionMethods.hasAll(set.items, args),
  hasAny: (set, args) => collectionMethods.hasAny(set.items, args),
  hasOnly: (set, args) => collectionMethods.hasOnly(set.items, args),
  union: (set, args) => (
    arity('union', args, 1),
    new RulesSet([...set.items, ...argItems('union', args[0])])
  ),
  intersection: (set, args) => {
    arity('intersection', args, 1);
    const other = argItems('intersection', args[0]);
    return new RulesSet(set.items.filter((item) => contains(other, item)));
  },
  difference: (set, args) => {
    arity('difference', args, 1);
    const other = argItems('difference', args[0]);
    return new RulesSet(set.items.filter((item) => !contains(other, item)));
  },
};

const mapMethods: Record<string, Method<RulesMap>> = {
  size: (map, args) => (arity('size', args, 0), BigInt(map.size)),
  keys: (map, args) => (arity('keys', args, 0), [...map.keys()]),
  values: (map, args) => (arity('values', args, 0), [...map.values()]),
  get: (map, args) => {
    arity('get', args, 2);
    const [key, fallback] = args;
    // A list key walks nested maps: data.get(['address', 'city'], '').
    const keys = Array.isArray(key) ? key.map((k) => argString('get', k)) : [argString('get', key)];
    let current: Value = map;
    for (const k of keys) {
      if (!isMap(current) || !current.has(k)) return fallback;
      current = current.get(k) as Value;
    }
    return current;
  },
  diff: (map, args) => {
    arity('diff', args, 1);
    if (!isMap(args[0])) fail(`Function diff() expects a map, got ${typeName(args[0])}.`);
    return new RulesMapDiff(map, args[0]);
  },
};

function diffKeys(
  diff: RulesMapDiff,
  pick: (key: string, inAfter: boolean, inBefore: boolean) => boolean,
): RulesSet {
  const keys = new Set([...diff.after.keys(), ...diff.before.keys()]);
  return new RulesSet([...keys].filter((k) => pick(k, diff.after.has(k), diff.before.has(k))));
}

function changed(diff: RulesMapDiff, key: string): boolean {
  return !valuesEqual(diff.after.get(key) as Value, diff.before.get(key) as Value);
}

const mapDiffMethods: Record<string, Method<RulesMapDiff>> = {
  addedKeys: (d, args) => (arity('addedKeys', args, 0), diffKeys(d, (_k, a, b) => a && !b)),
  removedKeys: (d, args) => (arity('removedKeys', args, 0), diffKeys(d, (_k, a, b) => !a && b)),
  changedKeys: (d, args) => (
    arity('changedKeys', args, 0),
    diffKeys(d, (k, a, b) => a && b && changed(d, k))
  ),
  unchangedKeys: (d, args) => (
    arity('unchangedKeys', args, 0),
    diffKeys(d, (k, a, b) => a && b && !changed(d, k))
  ),
  affectedKeys: (d, args) => (
    arity('affectedKeys', args, 0),
    diffKeys(d, (k, a, b) => a !== b || changed(d, k))
  ),
};

const stringMethods: Record<string, Method<string>> = {
  size: (s, args) => (arity('size', args, 0), BigInt(codePoints(s).length)),
  matches: (s, args) => (arity('matches', args, 1), fullMatch(argString('matches', args[0]), s)),
  lower: (s, args) => (arity('lower', args, 0), s.toLowerCase()),
  upper: (s, args) => (arity('upper', args, 0), s.toUpperCase()),
  trim: (s, args) => (arity('trim', args, 0), s.trim()),
  split: (s, args) => (arity('split', args, 1), splitAll(argString('split', args[0]), s)),
  replace: (s, args) => {
    arity('replace', args, 2);
    return replaceAll(argString('replace', args[0]), s, argString('replace', args[1]));
  },
  toUtf8: (s, args) => (arity('toUtf8', args, 0), new TextEncoder().encode(s)),
};

const bytesMethods: Record<string, Method<Uint8Array>> = {
  size: (b, args) => (arity('size', args, 0), BigInt(b.length)),
  toBase64: (b, args) => (arity('toBase64', args, 0), Buffer.from(b).toString('base64')),
  toHexString: (b, args) => (arity('toHexString', args, 0), Buffer.from(b).toString('hex').toUpperCase()),
};

function timeZoneArg(name: string, args: Value[]): string {
  if (args.length > 1) fail(`Function ${name}() expects at most 1 argument.`);
  return args.length === 1 ? argString(name, args[0]) : 'UTC';
}

function timestampField(field: keyof ReturnType<typeof civilFields>): Method<RulesTimestamp> {
  return (ts, args) => BigInt(civilFields(ts, timeZoneArg(field, args))[field]);
}

const timestampMethods: Record<string, Method<RulesTimestamp>> = {
  year: timestampField('year'),
  month: timestampField('month'),
  day: timestampField('day'),
  hour: timestampField('hour'),
  minute: timestampField('minute'),
  second: timestampField('second'),
  dayOfWeek: timestampField('dayOfWeek'),
  dayOfYear: timestampField('dayOfYear'),
  nanos: (ts, args) => (arity('nanos', args, 0), BigInt(ts.nanosOfSecond)),
  toMillis: (ts, args) => (arity('toMillis', args, 0), BigInt(ts.toMillis())),
  date: (ts, args) => (arity('date', args, 0), startOfDay(ts)),
  time: (ts, args) => (arity('time', args, 0), new RulesDuration(ts.nanos - startOfDay(ts).nanos)),
};

const durationMethods: Record<string, Method<RulesDuration>> = {
  seconds: (d, args) => (arity('seconds', args, 0), d.seconds),
  nanos: (d, args) => (arity('nanos', args, 0), d.nanosOfSecond),
};

const EARTH_RADIUS_METERS = 6_371_008.8;

const latLngMethods: Record<string, Method<RulesLatLng>> = {
  latitude: (p, args) => (arity('latitude', args, 0), p.latitude),
  longitude: (p, args) => (arity('longitude', args, 0), p.longitude),
  distance: (p, args) => {
    arity('distance', args, 1);
    const other = args[0];
    if (!(other instanceof RulesLatLng))
      fail(`Function distance() expects a latlng, got ${typeName(other)}.`);
    // Haversine great-circle distance in meters.
    const rad = Math.PI / 180;
    const dLat = (other.latitude - p.latitude) * rad;
    const dLng = (other.longitude - p.longitude) * rad;
    const h =
      Math.sin(dLat / 2) ** 2 +
      Math.cos(p.latitude * rad) * Math.cos(other.latitude * rad) * Math.sin(dLng / 2) ** 2;
    return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
  },
};

const pathMethods: Record<string, Method<RulesPath>> = {
  /** `path('/users/{uid}').bind({'uid': 'alice'})` → /users/alice */
  bind: (p, args) => {
    arity('bind', args, 1);
    const bindings = args[0];
    if (!isMap(bindings)) fail(`Function bind() expects a map, got ${typeName(bindings)}.`);
    return new RulesPath(
      p.segments.map((segment) => {
        const m = /^\{(\w+)\}$/.exec(segment);
        if (!m || !bindings.has(m[1])) return segment;
        const bound = bindings.get(m[1]) as Value;
        return typeof bound === 'string' ? bound : argString('bind', bound);
      }),
    );
  },
};

function dispatch<T>(
  table: Record<string, Method<T>>,
  target: T,
  name: string,
  args: Value[],
  type: string,
): Value {
  const method = Object.hasOwn(table, name) ? table[name] : undefined;
  if (!method) fail(`Function not found error: Name: [${name}] on ${type}.`);
  return method(target, args);
}

export function callMethod(target: Value, name: string, args: Value[]): Value {
  if (target === null) fail(`Null value error. Cannot call ${name}() on null.`);
  if (typeof target === 'string') return dispatch(stringMethods, target, name, args, 'string');
  if (Array.isArray(target)) return dispatch(listMethods, target, name, args, 'list');
  if (target instanceof Map) return dispatch(mapMethods, target, name, args, 'map');
  if (target instanceof RulesSet) return dispatch(setMethods, target, name, args, 'set');
  if (target instanceof RulesMapDiff) return dispatch(mapDiffMethods, target, name, args, 'map_diff');
  if (target instanceof RulesTimestamp) return dispatch(timestampMethods, target, name, args, 'timestamp');
  if (target instanceof RulesDuration) return dispatch(durationMethods, target, name, args, 'duration');
  if (target instanceof RulesLatLng) return dispatch(latLngMethods, target, name, args, 'latlng');
  if (target instanceof Uint8Array) return dispatch(bytesMethods, target, name, args, 'bytes');
  if (target instanceof RulesPath) return dispatch(pathMethods, target, name, args, 'path');
  return fail(`Function not found error: Name: [${name}] on ${typeName(target)}.`);
}

export { argInt, argString, arity };
