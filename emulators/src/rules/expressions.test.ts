/**
 * Each case is a condition evaluated as `allow read: if <condition>` for a get of /things/t1
 * (resource = the given data) and the answer production gives.
 */
import { describe, expect, it } from 'vitest';
import { decideCondition, holds, outcomeOf } from '../testing/rules-requests.js';

const resource = {
  name: 'আমের আচার',
  price: 250,
  weight: 0.5,
  tags: ['mango', 'sour'],
  address: { city: 'Dhaka', area: 'Keraniganj' },
  active: true,
  note: null,
};

function expectAllTrue(conditions: string[]): void {
  for (const condition of conditions) {
    expect({ condition, allowed: holds(condition, { resource }) }).toEqual({ condition, allowed: true });
  }
}

/**
 * Each condition denies because its evaluation fails with the given reason, not because it is false: a
 * `1 / 0` that returned a number would deny `1 / 0 == 0` too, and only the reason tells the two apart.
 */
function expectAllErrors(cases: [condition: string, reason: string][]): void {
  for (const [condition, reason] of cases) {
    expect({ condition, outcome: outcomeOf(condition, { resource }) }).toEqual({
      condition,
      outcome: { error: expect.stringContaining(reason) },
    });
  }
}

describe('operators', () => {
  it('compares and combines values with the documented operators', () => {
    expectAllTrue([
      '1 + 2 == 3',
      '7 - 10 == -3',
      '6 * 7 == 42',
      '7 / 2 == 3',
      '-7 / 2 == -3',
      '7 % 3 == 1',
      '7.0 / 2 == 3.5',
      '1 == 1.0',
      '1 != 2',
      '2 > 1 && 2 >= 2 && 1 < 2 && 2 <= 2',
      "'a' < 'b'",
      '!(1 > 2)',
      '-(3) == -3',
      'true ? 1 == 1 : false',
      'false ? false : true',
      "'ab' + 'cd' == 'abcd'",
      '[1, 2] + [3] == [1, 2, 3]',
      '2 in [1, 2, 3]',
      "'city' in resource.data.address",
      "'x' in ['x'].toSet()",
      '!(4 in [1, 2, 3])',
      '1 + 2 * 3 == 7',
      '(1 + 2) * 3 == 9',
      '1 < 2 == true',
      'true || false && false',
    ]);
  });

  it('denies when an operator gets values it cannot handle', () => {
    expectAllErrors([
      ['1 / 0 == 0', 'Division by zero'],
      ['1 % 0 == 0', 'Modulo by zero'],
      ["1 + 'a' == 'a'", 'Unsupported operation: int + string'],
      ["'a' < 1", 'Cannot compare string with int'],
      ['9223372036854775807 + 1 > 0', 'Integer overflow'],
      ['!1', 'Operator ! expects bool, got int'],
      ["1 in 'abc'", 'Operator in expects a list, map or set, got string'],
      ['(1 ? true : true)', 'Operator ?: expects bool, got int'],
    ]);
  });

  it('treats NaN as unequal to everything, itself included', () => {
    expectAllTrue(["float('NaN') != float('NaN')", "!(float('NaN') < 1)", "math.isNaN(float('NaN'))"]);
  });
});

describe('literals and types', () => {
  it('recognises every type with is', () => {
    expectAllTrue([
      "'x' is string",
      '1 is int',
      '1.5 is float',
      '1 is number && 1.5 is number',
      'true is bool',
      'null is null',
      '[1] is list',
      "{'a': 1} is map",
      '[1].toSet() is set',
      "path('/a/b') is path",
      '/a/b is path',
      'request.time is timestamp',
      "duration.value(1, 's') is duration",
      'latlng.value(23.7, 90.4) is latlng',
      "b'abc' is bytes",
      '!(1 is float) && !(1.0 is int)',
      'resource.data.price is int && resource.data.weight is float',
    ]);
  });

  it('reads string literals with escapes, raw strings and bytes literals', () => {
    expectAllTrue([
      "\"it's\" == 'it\\'s'",
      "'a\\tb'.size() == 3",
      "'\\u0986' == 'আ'",
      "r'a\\tb'.size() == 4",
      "b'\\x61\\x62' == b'ab'",
      "b'\\377'.size() == 1",
      '0x1F == 31',
      '1e3 == 1000.0',
    ]);
  });

  it('converts between types with string(), int(), float(), bool() and path()', () => {
    expectAllTrue([
      'string(42) == "42"',
      'string(1.5) == "1.5"',
      'string(true) == "true"',
      'string(null) == "null"',
      "string(/a/b) == '/a/b'",
      "int('42') == 42",
      'int(3.9) == 3',
      'int(-3.9) == -3',
      "float('2.5') == 2.5",
      'float(2) is float',
      "bool('true') && !bool('false')",
      "path('/databases/x/documents/a/b') == /databases/x/documents/a/b",
      'debug(resource.data.price) == 250',
    ]);
    expectAllErrors([
      ["int('abc') == 0", "int() cannot convert 'abc'"],
      ["bool('yes')", "bool() cannot convert 'yes'"],
      ["float('') == 0.0", "float() cannot convert ''"],
    ]);
  });
});

describe('strings', () => {
  it('supports size, matches, lower, upper, split, trim, replace, toUtf8, indexing and ranges', () => {
    expectAllTrue([
      "'hello'.size() == 5",
      'resource.data.name.size() == 9',
      "'abc123'.matches('[a-z]+[0-9]+')",
      "!'abc123x'.matches('[a-z]+[0-9]+')",
      "'user@example.com'.matches('.*@example[.]com')",
      "'HeLLo'.lower() == 'hello' && 'HeLLo'.upper() == 'HELLO'",
      "'a,b,,c'.split(',') == ['a', 'b', '', 'c']",
      "'a1b22c'.split('[0-9]+') == ['a', 'b', 'c']",
      "'  pad  '.trim() == 'pad'",
      "'a-b-c'.replace('-', '+') == 'a+b+c'",
      "'2026-11-21'.replace('(\\\\d+)-(\\\\d+)-(\\\\d+)', '\\\\3/\\\\2/\\\\1') == '21/11/2026'",
      "'abc'.toUtf8() == b'abc'",
      "'আ'.toUtf8().size() == 3",
      "'abc'[1] == 'b'",
      "'abcdef'[1:3] == 'bc'",
      "'abcdef'[:2] == 'ab' && 'abcdef'[4:] == 'ef'",
    ]);
    expectAllErrors([
      ["'abc'[5] == 'x'", 'Index 5 out of range (size 3)'],
      ["'abc'.nope()", 'Function not found error: Name: [nope]'],
      ["'abc'.matches('(')", 'Invalid regular expression: ('],
    ]);
  });

  it('uses RE2: patterns RE2 rejects are errors, and its syntax works where JavaScript differs', () => {
    expectAllErrors([
      // backreference, lookahead, lookbehind, possessive quantifier: JavaScript would accept each
      ["'aa'.matches('(a)\\\\1')", 'invalid escape sequence'],
      ["'ab'.matches('a(?=b)b')", 'invalid or unsupported Perl syntax'],
      ["'ab'.matches('(?<=a)b')", 'invalid named capture'],
      ["'aaa'.matches('a++')", 'invalid nested repetition operator'],
    ]);
    expectAllTrue([
      // RE2's named groups (?P<name>…), \z and the Unicode classes; $ in a rewrite is literal
      "'abc'.matches('(?P<word>[a-z]+)')",
      "'abc'.matches('abc\\\\z')",
      "'আচার'.matches('\\\\p{Bengali}+')",
      "'a-b'.replace('-', '$1') == 'a$1b'",
      "'a-b'.replace('(-)', '[\\\\0]') == 'a[-]b'",
    ]);
  });
});

describe('lists and sets', () => {
  it('supports list methods, indexing and ranges', () => {
    expectAllTrue([
      '[1, 2, 3].size() == 3',
      '[1, 2, 3].hasAll([1, 3])',
      '![1, 2].hasAll([1, 4])',
      '[1, 2].hasAny([4, 2])',
      '![1, 2].hasAny([])',
      "['a', 'b'].hasOnly(['a', 'b', 'c'])",
      "!['a', 'z'].hasOnly(['a', 'b'])",
      "['a', 'b'].join('-') == 'a-b'",
      '[1].concat([2, 3]) == [1, 2, 3]',
      '[1, 2, 3, 2].removeAll([2]) == [1, 3]',
      '[1, 1, 2].toSet() == [2, 1].toSet()',
      '[1, 1, 2].toSet().size() == 2',
      "resource.data.tags[0] == 'mango'",
      '[1, 2, 3, 4][1:3] == [2, 3]',
      '[[1], [2]][1][0] == 2',
    ]);
    expectAllErrors([
      ['[1, 2][2] == 0', 'Index 2 out of range (size 2)'],
      ['[1, 2][-1] == 2', 'Index -1 out of range (size 2)'],
      ['[1, 2][1:5] == [2]', 'Slice [1:5] out of range (size 2)'],
      ["[1, 2].join(',') == '1,2'", 'join() expects a string, got int'],
    ]);
  });

  it('supports set methods', () => {
    expectAllTrue([
      '[1, 2].toSet().union([2, 3].toSet()) == [1, 2, 3].toSet()',
      '[1, 2, 3].toSet().intersection([2, 3, 4]) == [2, 3].toSet()',
      '[1, 2, 3].toSet().difference([2].toSet()) == [1, 3].toSet()',
      '[1, 2].toSet().hasAll([2])',
      '[1, 2].toSet().hasAny([2, 9])',
      '[1, 2].toSet().hasOnly([1, 2, 3])',
      '2 in [1, 2].toSet()',
    ]);
  });
});

describe('maps', () => {
  it('supports field access, keys, values, get with defaults, size and in', () => {
    expectAllTrue([
      "resource.data.address.city == 'Dhaka'",
      "resource.data['address']['area'] == 'Keraniganj'",
      "{'a': 1, 'b': 2}.keys().hasOnly(['a', 'b'])",
      "{'a': 1}.values() == [1]",
      "{'a': 1}.size() == 1",
      "resource.data.get('missing', 'none') == 'none'",
      "resource.data.get('price', 0) == 250",
      "resource.data.get(['address', 'city'], '') == 'Dhaka'",
      "resource.data.get(['address', 'zip'], 'no zip') == 'no zip'",
      'resource.data.note == null',
      "{'a': {'b': 1}} == {'a': {'b': 1}}",
      "{'a': 1} != {'a': 2}",
    ]);
    expectAllErrors([
      ['resource.data.missing == null', 'Property missing is undefined on object'],
      ["{'a': 1}.b == 1", 'Property b is undefined on object'],
      // note is stored as null: reading below it is an error, not null
      ['resource.data.note.text == null', 'Null value error. Cannot read property text of null'],
    ]);
  });

  it('describes changes with diff(): added, removed, changed, unchanged and affected keys', () => {
    const before = { status: 'pending', total: 500, note: 'call first' };
    const after = { status: 'shipped', total: 500, tracking: 'TRK1' };
    const check = (condition: string) => outcomeOf(condition, { resource: before, requestData: after });
    const diff = 'request.resource.data.diff(resource.data)';
    expect(check(`${diff}.addedKeys() == ['tracking'].toSet()`)).toBe(true);
    expect(check(`${diff}.removedKeys() == ['note'].toSet()`)).toBe(true);
    expect(check(`${diff}.changedKeys() == ['status'].toSet()`)).toBe(true);
    expect(check(`${diff}.unchangedKeys() == ['total'].toSet()`)).toBe(true);
    expect(check(`${diff}.affectedKeys() == ['tracking', 'note', 'status'].toSet()`)).toBe(true);
    expect(check(`${diff}.affectedKeys().hasOnly(['status'])`)).toBe(false);
  });
});

describe('timestamps and durations', () => {
  // request.time is 2026-11-21T06:30:00.123456789Z (a Saturday).
  it('exposes calendar fields of request.time', () => {
    expectAllTrue([
      'request.time.year() == 2026',
      'request.time.month() == 11',
      'request.time.day() == 21',
      'request.time.hour() == 6 && request.time.minute() == 30 && request.time.second() == 0',
      'request.time.nanos() == 123456789',
      'request.time.dayOfWeek() == 6',
      'request.time.dayOfYear() == 325',
      "request.time.hour('Asia/Dhaka') == 12",
      'request.time.toMillis() == 1795242600123',
      'request.time.date() == timestamp.date(2026, 11, 21)',
      'request.time.time() == duration.time(6, 30, 0, 123456789)',
    ]);
  });

  it('builds timestamps and durations and does arithmetic with them', () => {
    expectAllTrue([
      'timestamp.value(0) == timestamp.date(1970, 1, 1)',
      'timestamp.date(2026, 1, 1) < request.time',
      "timestamp.date(2026, 1, 1) + duration.value(1, 'd') == timestamp.date(2026, 1, 2)",
      "timestamp.date(2026, 1, 2) - duration.value(24, 'h') == timestamp.date(2026, 1, 1)",
      "timestamp.date(2026, 1, 2) - timestamp.date(2026, 1, 1) == duration.value(1, 'd')",
      "duration.value(90, 'm').seconds() == 5400",
      "duration.value(1500, 'ms').nanos() == 500000000",
      "duration.value(1, 'w') == duration.value(7, 'd')",
      "duration.value(2, 's') + duration.value(500, 'ms') == duration.value(2500, 'ms')",
      "duration.time(1, 0, 0, 0) == duration.value(1, 'h')",
      "duration.abs(-duration.value(5, 's')) == duration.value(5, 's')",
      "request.time - duration.value(1, 'h') > timestamp.date(2026, 11, 21)",
    ]);
    expectAllErrors([
      ["duration.value(1, 'fortnight') == null", "unknown unit 'fortnight'"],
      ['timestamp.date(2026, 2, 30) == null', 'invalid date 2026-2-30'],
    ]);
  });
});

describe('latlng, bytes, math and hashing', () => {
  it('supports latlng points and distance in meters', () => {
    expectAllTrue([
      'latlng.value(23.7, 90.4).latitude() == 23.7',
      'latlng.value(23.7, 90.4).longitude() == 90.4',
      // Keraniganj → Motijheel is roughly 6 km.
      'latlng.value(23.6980, 90.3450).distance(latlng.value(23.7330, 90.4172)) > 5000',
      'latlng.value(23.6980, 90.3450).distance(latlng.value(23.7330, 90.4172)) < 10000',
    ]);
  });

  it('supports bytes size, base64 and hex', () => {
    expectAllTrue([
      "b'abc'.size() == 3",
      "b'abc'.toBase64() == 'YWJj'",
      "b'\\x0a\\xff'.toHexString() == '0AFF'",
    ]);
  });

  it('supports math functions', () => {
    expectAllTrue([
      'math.abs(-3) == 3',
      'math.abs(-2.5) == 2.5',
      'math.ceil(1.2) == 2',
      'math.floor(1.8) == 1',
      'math.round(2.5) == 3 && math.round(-2.5) == -3',
      'math.sqrt(16) == 4.0',
      'math.pow(2, 10) == 1024.0',
      "math.isInfinite(float('Infinity')) && !math.isInfinite(1.0)",
      "math.isNaN(float('NaN')) && !math.isNaN(1.0)",
    ]);
    expectAllErrors([
      ['math.nope(1) == 1', 'Function not found error: Name: [math.nope]'],
      ["math.abs('x') == 1", 'abs() expects a number, got string'],
    ]);
  });

  it('hashes strings and bytes', () => {
    expectAllTrue([
      "hashing.md5('abc').toHexString() == '900150983CD24FB0D6963F7D28E17F72'",
      "hashing.sha256(b'abc').toHexString() == 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD'",
      "hashing.crc32('123456789').toHexString() == 'CBF43926'",
      "hashing.crc32c('123456789').toHexString() == 'E3069283'",
    ]);
  });
});

describe('paths', () => {
  it('builds paths from literals with $(…) interpolation, path(), indexing, ranges and bind()', () => {
    const uid = "'u1'";
    expectAllTrue([
      `/databases/$(database)/documents/users/$(${uid}) == path('/databases/(default)/documents/users/u1')`,
      "/a/$('b')_x/c == /a/b_x/c",
      '/a/$(/b/c)/d == /a/b/c/d',
      "/a/b/c[1] == 'b'",
      "request.path[3] == 'things'",
      'request.path == /databases/(default)/documents/things/t1',
      "path('/users/{uid}/posts').bind({'uid': 'u9'}) == /users/u9/posts",
      '/a/b/c[1:] == /b/c',
      'resource.__name__ == /databases/(default)/documents/things/t1',
      "resource.id == 't1'",
    ]);
  });

  it('names the failing expression in the denial', () => {
    const decision = decideCondition('resource.data.missing == 1', { resource });
    expect(decision).toEqual({
      allowed: false,
      line: 5,
      message:
        "Denied get on /databases/(default)/documents/things/t1: Property missing is undefined on object. for 'get' @ L5",
    });
  });
});
