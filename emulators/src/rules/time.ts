/** Calendar arithmetic for timestamp methods (year(), dayOfWeek(), date() …), optionally in a time zone. */
import { fail } from './errors.js';
import { RulesTimestamp } from './values.js';

export interface CivilFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 1 = Monday … 7 = Sunday */
  dayOfWeek: number;
  dayOfYear: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Offset of `timeZone` from UTC at the given instant, in milliseconds. */
function zoneOffsetMillis(ms: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      return fail(`Unknown time zone: ${timeZone}`);
    }
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - (ms - (((ms % 1000) + 1000) % 1000));
}

export function civilFields(ts: RulesTimestamp, timeZone = 'UTC'): CivilFields {
  const ms = ts.toMillis();
  const d = new Date(ms + zoneOffsetMillis(ms, timeZone));
  const startOfYear = Date.UTC(d.getUTCFullYear(), 0, 1);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    dayOfWeek: ((d.getUTCDay() + 6) % 7) + 1,
    dayOfYear: Math.round((midnight - startOfYear) / 86_400_000) + 1,
  };
}

/** Midnight UTC of the timestamp's day. */
export function startOfDay(ts: RulesTimestamp): RulesTimestamp {
  const d = ts.toDate();
  return RulesTimestamp.fromMillis(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}
