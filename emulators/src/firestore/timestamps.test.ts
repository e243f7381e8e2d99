import { describe, expect, it } from 'vitest';
import { FirestoreError } from './errors.js';
import {
  CommitClock,
  compareInstants,
  formatTimestamp,
  instantToMicros,
  microsToInstant,
  normalizeTimestamp,
  parseTimestamp,
} from './timestamps.js';

describe('timestamps', () => {
  it('parses RFC 3339 with offsets and up to nine fractional digits', () => {
    expect(parseTimestamp('1970-01-01T00:00:01Z')).toEqual({ seconds: 1, nanos: 0 });
    expect(parseTimestamp('1970-01-01T06:00:00.5+06:00')).toEqual({ seconds: 0, nanos: 500_000_000 });
    expect(parseTimestamp('2026-11-21T00:00:00.123456789Z').nanos).toBe(123_456_789);
  });

  it('formats in UTC with the shortest of 0, 3, 6 or 9 fractional digits, as the SDKs expect', () => {
    expect(formatTimestamp({ seconds: 0, nanos: 0 })).toBe('1970-01-01T00:00:00Z');
    expect(formatTimestamp({ seconds: 0, nanos: 120_000_000 })).toBe('1970-01-01T00:00:00.120Z');
    expect(formatTimestamp({ seconds: 0, nanos: 123_400 })).toBe('1970-01-01T00:00:00.000123400Z');
    expect(formatTimestamp({ seconds: 0, nanos: 123_000 })).toBe('1970-01-01T00:00:00.000123Z');
    expect(formatTimestamp({ seconds: 0, nanos: 1 })).toBe('1970-01-01T00:00:00.000000001Z');
    expect(formatTimestamp({ seconds: -1, nanos: 0 })).toBe('1969-12-31T23:59:59Z');
  });

  it('normalises stored timestamps to microseconds and rejects the impossible', () => {
    expect(normalizeTimestamp('2026-11-21T12:00:00.123456789+06:00')).toBe('2026-11-21T06:00:00.123456Z');
    expect(normalizeTimestamp('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00Z');
    for (const bad of [
      '2026-11-21',
      '2026-11-21T25:00:00Z',
      '2026-13-01T00:00:00Z',
      '0000-01-01T00:00:00Z',
    ]) {
      expect(() => normalizeTimestamp(bad), bad).toThrow(FirestoreError);
    }
  });

  it('compares by seconds, then nanos, and converts to and from microseconds', () => {
    expect(compareInstants({ seconds: 1, nanos: 5 }, { seconds: 1, nanos: 6 })).toBeLessThan(0);
    expect(compareInstants({ seconds: 2, nanos: 0 }, { seconds: 1, nanos: 999_999_999 })).toBeGreaterThan(0);
    expect(instantToMicros({ seconds: 3, nanos: 4_999 })).toBe(3_000_004n);
    expect(microsToInstant(3_000_004n)).toEqual({ seconds: 3, nanos: 4_000 });
  });

  it('hands out strictly increasing commit times even within one millisecond', () => {
    const clock = new CommitClock();
    const times = Array.from({ length: 50 }, () => clock.next());
    for (let i = 1; i < times.length; i++) {
      expect(times[i].micros).toBeGreaterThan(times[i - 1].micros);
      expect(
        compareInstants(parseTimestamp(times[i].timestamp), parseTimestamp(times[i - 1].timestamp)),
      ).toBeGreaterThan(0);
    }
    expect(clock.now()).toBe(times[times.length - 1].timestamp);
  });
});
