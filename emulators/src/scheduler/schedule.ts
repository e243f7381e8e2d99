/**
 * When a scheduled function runs next, from the `schedule` and `timeZone` it was declared with
 * (`onSchedule({ schedule, timeZone })`), as Cloud Scheduler reads them (docs/scheduled-functions.md):
 * unix-cron's five fields, or the App Engine cron forms Cloud Scheduler also takes —
 * `every N minutes|hours` (measured from the end of the previous run), the same `from HH:MM to HH:MM` or
 * `synchronized` (fixed times of the day), and `every day|monday|mon,wed… HH:MM`.
 * The cron arithmetic and time zones are cron-parser's.
 */
import { CronExpressionParser } from 'cron-parser';

export type Schedule =
  /** Fixed times, as one or more cron expressions (the earliest next time of any wins). */
  | { kind: 'times'; text: string; timeZone: string; expressions: string[] }
  /** A pause after each run ends (App Engine's end-time interval); also local-only `every N seconds`. */
  | { kind: 'after-each-run'; text: string; timeZone: string; everyMs: number };

export class ScheduleError extends Error {}

export interface ParseOptions {
  /**
   * Also take `every N seconds`: never deployable (Cloud Scheduler's finest step is a minute), for a local
   * override that lets a test see a job run by itself without waiting minutes.
   */
  allowSeconds?: boolean;
}

const DEFAULT_TIME_ZONE = 'UTC';
const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

const DAYS: Record<string, number> = {
  sunday: 0,
  sun: 0,
  monday: 1,
  mon: 1,
  tuesday: 2,
  tue: 2,
  wednesday: 3,
  wed: 3,
  thursday: 4,
  thu: 4,
  friday: 5,
  fri: 5,
  saturday: 6,
  sat: 6,
};

const INTERVAL =
  /^every (\d+) (seconds?|secs?|minutes?|mins?|hours?)(?: (synchronized|from (\d\d):(\d\d) to (\d\d):(\d\d)))?$/;
const DAILY = /^every ([a-z,]+) (\d\d):(\d\d)$/;

/** Reads a declared schedule; a form Cloud Scheduler would refuse (or one this does not know) throws. */
export function parseSchedule(
  text: string,
  timeZone: string | undefined,
  options: ParseOptions = {},
): Schedule {
  const zone = timeZone || DEFAULT_TIME_ZONE;
  if (!isTimeZone(zone)) throw new ScheduleError(`"${zone}" is not a time zone (e.g. Asia/Dhaka).`);
  const words = text.trim().toLowerCase().replace(/\s+/g, ' ');

  const interval = INTERVAL.exec(words);
  if (interval) return intervalSchedule(text, zone, interval, options);

  const daily = DAILY.exec(words);
  if (daily) {
    const [, days, hh, mm] = daily;
    const { hour, minute } = timeOfDay(hh, mm, text);
    return times(text, zone, [`${minute} ${hour} * * ${weekdays(days, text)}`]);
  }

  const fields = words.split(' ');
  if (fields.length !== 5) {
    throw new ScheduleError(
      `"${text}": expected unix-cron's five fields (minute hour day month weekday) or an App Engine form ` +
        'such as "every 15 minutes" or "every day 21:00".',
    );
  }
  return times(text, zone, [words]);
}

/** The first run strictly after `after`. For `after-each-run`, `after` is when the last run ended (or began). */
export function nextRunAfter(schedule: Schedule, after: Date): Date {
  if (schedule.kind === 'after-each-run') return new Date(after.getTime() + schedule.everyMs);
  let earliest: Date | null = null;
  for (const expression of schedule.expressions) {
    const next = CronExpressionParser.parse(expression, { currentDate: after, tz: schedule.timeZone })
      .next()
      .toDate();
    if (!earliest || next < earliest) earliest = next;
  }
  return earliest!;
}

function intervalSchedule(
  text: string,
  timeZone: string,
  [, count, unit, window, fromH, fromM, toH, toM]: RegExpExecArray,
  { allowSeconds }: ParseOptions,
): Schedule {
  const n = Number(count);
  if (n < 1) throw new ScheduleError(`"${text}": the interval must be at least 1.`);
  if (unit.startsWith('s')) {
    if (!allowSeconds || window)
      throw new ScheduleError(`"${text}": Cloud Scheduler's finest step is one minute.`);
    return { kind: 'after-each-run', text, timeZone, everyMs: n * 1000 };
  }
  const minutes = unit.startsWith('h') ? n * 60 : n;
  if (!window) return { kind: 'after-each-run', text, timeZone, everyMs: minutes * MINUTE };

  // Start-time interval: from a time of day to another, the same times every day.
  let from = 0;
  let to = DAY_MINUTES - 1;
  if (window === 'synchronized') {
    if (DAY_MINUTES % minutes !== 0)
      throw new ScheduleError(`"${text}": a synchronized interval must divide 24 hours evenly.`);
  } else {
    const start = timeOfDay(fromH, fromM, text);
    const end = timeOfDay(toH, toM, text);
    from = start.hour * 60 + start.minute;
    to = end.hour * 60 + end.minute;
    if (to < from) to += DAY_MINUTES; // a window across midnight
  }
  const minutesByHour = new Map<number, number[]>();
  for (let at = from; at <= to; at += minutes) {
    const ofDay = at % DAY_MINUTES;
    const hour = Math.floor(ofDay / 60);
    minutesByHour.set(hour, [...(minutesByHour.get(hour) ?? []), ofDay % 60]);
  }
  const expressions = [...minutesByHour].map(
    ([hour, inHour]) => `${[...new Set(inHour)].sort((a, b) => a - b).join(',')} ${hour} * * *`,
  );
  return times(text, timeZone, expressions);
}

function times(text: string, timeZone: string, expressions: string[]): Schedule {
  for (const expression of expressions) {
    try {
      CronExpressionParser.parse(expression, { tz: timeZone });
    } catch (error) {
      throw new ScheduleError(`"${text}": ${(error as Error).message}`);
    }
  }
  return { kind: 'times', text, timeZone, expressions };
}

function timeOfDay(hh: string, mm: string, text: string): { hour: number; minute: number } {
  const hour = Number(hh);
  const minute = Number(mm);
  if (hour > 23 || minute > 59) throw new ScheduleError(`"${text}": ${hh}:${mm} is not a time of day.`);
  return { hour, minute };
}

function weekdays(days: string, text: string): string {
  if (days === 'day') return '*';
  const numbers = days.split(',').map((day) => {
    const n = DAYS[day];
    if (n === undefined) throw new ScheduleError(`"${text}": "${day}" is not a day of the week.`);
    return n;
  });
  return [...new Set(numbers)].sort((a, b) => a - b).join(',');
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
