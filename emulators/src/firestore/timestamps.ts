/** Firestore timestamps: RFC 3339 UTC strings with nanosecond precision, compared as (seconds, nanos). */
import { invalidArgument } from './errors.js';

export interface Instant {
  seconds: number;
  nanos: number;
}

const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

export function parseTimestamp(text: string): Instant {
  const match = RFC3339.exec(text);
  if (!match)
    throw invalidArgument(`Invalid timestamp "${text}": expected RFC 3339, e.g. 2026-01-01T00:00:00Z`);
  const millis = Date.parse(match[1] + match[3]);
  if (Number.isNaN(millis)) throw invalidArgument(`Invalid timestamp "${text}"`);
  const nanos = match[2] ? Number(match[2].padEnd(9, '0')) : 0;
  return { seconds: Math.floor(millis / 1000), nanos };
}

export function formatTimestamp({ seconds, nanos }: Instant): string {
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  if (nanos === 0) return `${base}Z`;
  let fraction = String(nanos).padStart(9, '0');
  if (fraction.endsWith('000000')) fraction = fraction.slice(0, 3);
  else if (fraction.endsWith('000')) fraction = fraction.slice(0, 6);
  return `${base}.${fraction}Z`;
}

export function compareInstants(a: Instant, b: Instant): number {
  return a.seconds !== b.seconds ? a.seconds - b.seconds : a.nanos - b.nanos;
}

export const instantToMicros = (i: Instant): bigint =>
  BigInt(i.seconds) * 1_000_000n + BigInt(Math.floor(i.nanos / 1000));

export const microsToInstant = (micros: bigint): Instant => ({
  seconds: Number(micros / 1_000_000n),
  nanos: Number(micros % 1_000_000n) * 1000,
});

/** 0001-01-01T00:00:00Z, the earliest timestamp Firestore stores. */
const MIN_SECONDS = -62_135_596_800;

/**
 * A timestamp value as Firestore stores it: canonical form, microsecond precision (production drops the
 * nanoseconds below that), and within years 1–9999.
 */
export function normalizeTimestamp(text: string): string {
  const { seconds, nanos } = parseTimestamp(text);
  if (seconds < MIN_SECONDS)
    throw invalidArgument(`Invalid timestamp "${text}": must be between 0001-01-01 and 9999-12-31`);
  return formatTimestamp({ seconds, nanos: nanos - (nanos % 1000) });
}

/**
 * Commit times: microsecond precision like production, strictly increasing even when the clock
 * does not move between two commits, so every version is distinct and orderable.
 */
export class CommitClock {
  private last = 0n;

  next(): { micros: bigint; timestamp: string } {
    const nowMicros = BigInt(Date.now()) * 1000n;
    this.last = nowMicros > this.last ? nowMicros : this.last + 1n;
    return { micros: this.last, timestamp: formatTimestamp(microsToInstant(this.last)) };
  }

  /** Moves past a version already given out (a replayed journal), so later commits come after it. */
  observe(micros: bigint): void {
    if (micros > this.last) this.last = micros;
  }

  now(): string {
    return formatTimestamp(microsToInstant(this.last > 0n ? this.last : BigInt(Date.now()) * 1000n));
  }
}
