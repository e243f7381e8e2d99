import { describe, expect, it } from 'vitest';
import { nextRunAfter, parseSchedule, ScheduleError } from './schedule';

const at = (iso: string) => new Date(iso);
const next = (text: string, timeZone: string | undefined, after: string) =>
  nextRunAfter(parseSchedule(text, timeZone), at(after)).toISOString();

describe('when a scheduled function runs next', () => {
  it('reads unix-cron in the declared time zone (21:00 in Dhaka is 15:00 UTC)', () => {
    expect(next('0 21 * * *', 'Asia/Dhaka', '2026-11-27T08:00:00Z')).toBe('2026-11-27T15:00:00.000Z');
    // Just past it: tomorrow's.
    expect(next('0 21 * * *', 'Asia/Dhaka', '2026-11-27T15:00:00Z')).toBe('2026-11-28T15:00:00.000Z');
    expect(next('*/15 * * * *', 'Asia/Dhaka', '2026-11-27T08:07:30Z')).toBe('2026-11-27T08:15:00.000Z');
  });

  it('defaults to UTC, as Cloud Scheduler does when no time zone is given', () => {
    expect(next('0 21 * * *', undefined, '2026-11-27T08:00:00Z')).toBe('2026-11-27T21:00:00.000Z');
  });

  it('follows a zone with summer time across the change', () => {
    // London moves to UTC+1 on 29 March 2026: 09:00 there is 09:00 UTC before, 08:00 UTC after.
    expect(next('0 9 * * *', 'Europe/London', '2026-03-28T10:00:00Z')).toBe('2026-03-29T08:00:00.000Z');
  });

  it('reads "every 15 minutes" as a pause of 15 minutes after each run ends', () => {
    const schedule = parseSchedule('every 15 minutes', 'Asia/Dhaka');
    expect(schedule.kind).toBe('after-each-run');
    expect(nextRunAfter(schedule, at('2026-11-27T08:07:30Z')).toISOString()).toBe('2026-11-27T08:22:30.000Z');
    expect(
      nextRunAfter(parseSchedule('every 2 hours', 'UTC'), at('2026-11-27T08:00:00Z')).toISOString(),
    ).toBe('2026-11-27T10:00:00.000Z');
    expect(nextRunAfter(parseSchedule('every 5 mins', 'UTC'), at('2026-11-27T08:00:00Z')).toISOString()).toBe(
      '2026-11-27T08:05:00.000Z',
    );
  });

  it('reads a window and "synchronized" as fixed times of the day in the zone', () => {
    // Dhaka is UTC+6: 10:00–12:00 there is 04:00–06:00 UTC.
    expect(next('every 45 minutes from 10:00 to 12:00', 'Asia/Dhaka', '2026-11-27T04:10:00Z')).toBe(
      '2026-11-27T04:45:00.000Z',
    );
    expect(next('every 45 minutes from 10:00 to 12:00', 'Asia/Dhaka', '2026-11-27T05:30:00Z')).toBe(
      '2026-11-28T04:00:00.000Z', // 11:30 was the last; tomorrow 10:00
    );
    expect(next('every 6 hours synchronized', 'Asia/Dhaka', '2026-11-27T08:00:00Z')).toBe(
      '2026-11-27T12:00:00.000Z', // 18:00 in Dhaka
    );
    expect(next('every 1 hours from 23:00 to 01:00', 'UTC', '2026-11-27T23:30:00Z')).toBe(
      '2026-11-28T00:00:00.000Z',
    );
  });

  it('reads "every day 21:00" and named week days', () => {
    expect(next('every day 21:00', 'Asia/Dhaka', '2026-11-27T08:00:00Z')).toBe('2026-11-27T15:00:00.000Z');
    // 27 November 2026 is a Friday; the next Monday is the 30th.
    expect(next('every monday 09:00', 'Asia/Dhaka', '2026-11-27T08:00:00Z')).toBe('2026-11-30T03:00:00.000Z');
    expect(next('every sat,mon 09:00', 'Asia/Dhaka', '2026-11-27T08:00:00Z')).toBe(
      '2026-11-28T03:00:00.000Z',
    );
  });

  it('takes "every N seconds" only where a local override allows it', () => {
    expect(() => parseSchedule('every 2 seconds', 'UTC')).toThrow(ScheduleError);
    const quick = parseSchedule('every 2 seconds', 'UTC', { allowSeconds: true });
    expect(nextRunAfter(quick, at('2026-11-27T08:00:00Z')).toISOString()).toBe('2026-11-27T08:00:02.000Z');
  });

  it('refuses what Cloud Scheduler would refuse, saying why', () => {
    expect(() => parseSchedule('0 21 * *', 'UTC')).toThrow(/five fields/);
    expect(() => parseSchedule('0 0 21 * * *', 'UTC')).toThrow(/five fields/);
    expect(() => parseSchedule('61 * * * *', 'UTC')).toThrow(ScheduleError);
    expect(() => parseSchedule('every 15 minutes', 'Asia/Nowhere')).toThrow(/not a time zone/);
    expect(() => parseSchedule('every 7 hours synchronized', 'UTC')).toThrow(/divide 24 hours/);
    expect(() => parseSchedule('every funday 09:00', 'UTC')).toThrow(/day of the week/);
    expect(() => parseSchedule('every day 25:00', 'UTC')).toThrow(/not a time of day/);
    expect(() => parseSchedule('every 0 minutes', 'UTC')).toThrow(/at least 1/);
  });
});
