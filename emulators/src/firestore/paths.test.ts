import { describe, expect, it } from 'vitest';
import { FirestoreError } from './errors.js';
import {
  compareSegments,
  compareUtf8,
  formatFieldPath,
  parseDocumentName,
  parseFieldPath,
  parseResourceName,
} from './paths.js';

function invalid(run: () => unknown, message: RegExp): void {
  let error: unknown;
  try {
    run();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(FirestoreError);
  expect((error as FirestoreError).status).toBe('INVALID_ARGUMENT');
  expect((error as Error).message).toMatch(message);
}

describe('parseFieldPath', () => {
  it('splits dotted paths and keeps backticked segments whole', () => {
    expect(parseFieldPath('price')).toEqual(['price']);
    expect(parseFieldPath('spice.chili_level')).toEqual(['spice', 'chili_level']);
    expect(parseFieldPath('`odd.key`.c')).toEqual(['odd.key', 'c']);
    expect(parseFieldPath('`আচার`.`1st`')).toEqual(['আচার', '1st']);
  });

  it('unescapes backslashes and backticks inside backticks', () => {
    expect(parseFieldPath('`with\\`tick`')).toEqual(['with`tick']);
    expect(parseFieldPath('`back\\\\slash`')).toEqual(['back\\slash']);
  });

  it('round-trips with formatFieldPath', () => {
    for (const segments of [
      ['a', 'b'],
      ['odd.key', 'c'],
      ['with`tick'],
      ['back\\slash'],
      ['1st'],
      ['আচার'],
    ]) {
      expect(parseFieldPath(formatFieldPath(segments))).toEqual(segments);
    }
    expect(formatFieldPath(['a_1', 'b'])).toBe('a_1.b');
    expect(formatFieldPath(['a-b'])).toBe('`a-b`');
  });

  it('rejects malformed paths with a reason', () => {
    invalid(() => parseFieldPath(''), /empty/);
    invalid(() => parseFieldPath('a..b'), /empty segment/);
    invalid(() => parseFieldPath('.a'), /empty segment/);
    invalid(() => parseFieldPath('a.'), /trailing/);
    invalid(() => parseFieldPath('`open'), /unterminated backtick/);
    invalid(() => parseFieldPath('``'), /empty backticked segment/);
    invalid(() => parseFieldPath('price-tag'), /must be inside backticks/);
    invalid(() => parseFieldPath('1st'), /starting with a digit/);
    invalid(() => parseFieldPath('`a`b'), /expected "\."/);
  });
});

describe('resource names', () => {
  it('parses database-relative segments', () => {
    expect(parseResourceName('projects/p/databases/(default)/documents')).toEqual({
      db: { projectId: 'p', databaseId: '(default)' },
      segments: [],
    });
    expect(
      parseDocumentName('projects/p/databases/(default)/documents/shops/s1/reviews/r1').segments,
    ).toEqual(['shops', 's1', 'reviews', 'r1']);
  });

  it('rejects names that are not documents, reserved ids and empty segments', () => {
    invalid(
      () => parseDocumentName('projects/p/databases/(default)/documents/shops'),
      /does not name a document/,
    );
    invalid(() => parseResourceName('projects/p/documents/a/b'), /Invalid resource name/);
    invalid(
      () => parseResourceName('projects/p/databases/(default)/documents/a//b'),
      /segment "" is not allowed/,
    );
    invalid(() => parseResourceName('projects/p/databases/(default)/documents/a/__id__'), /__id__/);
    invalid(() => parseResourceName('projects/p/databases/(default)/documents/a/..'), /".."/);
  });
});

describe('ordering of names and strings', () => {
  it('orders document paths segment by segment', () => {
    expect(compareSegments(['a', 'b'], ['a', 'b', 'c', 'd'])).toBeLessThan(0);
    expect(compareSegments(['a', 'b', 'c', 'd'], ['a', 'bb'])).toBeLessThan(0);
    expect(compareSegments(['a', 'b'], ['a', 'b'])).toBe(0);
  });

  it('orders numeric ids (__id<n>__) numerically and before every string id', () => {
    expect(compareSegments(['c', '__id-5__'], ['c', '__id3__'])).toBeLessThan(0);
    expect(compareSegments(['c', '__id9__'], ['c', '__id10__'])).toBeLessThan(0);
    expect(compareSegments(['c', '__id9223372036854775807__'], ['c', '0'])).toBeLessThan(0);
    expect(
      parseResourceName('projects/p/databases/d/documents/c/__id-9223372036854775808__').segments,
    ).toEqual(['c', '__id-9223372036854775808__']);
  });

  it('orders strings by UTF-8 bytes, so astral characters follow every BMP character', () => {
    expect(compareUtf8('\uffff', '🌶')).toBeLessThan(0);
    expect('\uffff' < '🌶').toBe(false); // UTF-16 order disagrees, which is why compareUtf8 exists
    expect(compareUtf8('আচার', 'আচার')).toBe(0);
    expect(compareUtf8('ab', 'abc')).toBeLessThan(0);
  });
});
