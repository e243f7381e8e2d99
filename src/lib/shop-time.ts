/**
 * The shop's clock: Dhaka's calendar days (UTC+6 all year, no daylight saving), whatever the time zone of the
 * browser or the server that computes them. The roll-ups, the statistics and the paperwork all count in it.
 */
export const SHOP_TIME_ZONE = 'Asia/Dhaka';
const DHAKA_UTC_OFFSET = '+06:00';

const dhakaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const dhakaClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "2026-11-21" for any instant of that day in Dhaka. */
export function dhakaDateKey(instant: Date): string {
  return dhakaDay.format(instant);
}

/** "2026-11-21 14:30": the instant as a clock in Dhaka shows it (for spreadsheets: sorts as text). */
export function dhakaDateTime(instant: Date): string {
  return `${dhakaDateKey(instant)} ${dhakaClock.format(instant)}`;
}

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar date written "YYYY-MM-DD" (not 2026-02-30). */
export function isDateKey(text: string): boolean {
  const match = DATE_KEY.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** The first instant of that Dhaka day: "2026-11-21" → 2026-11-20T18:00:00Z. */
export function dhakaDayStart(dateKey: string): Date {
  if (!isDateKey(dateKey)) throw new RangeError(`Not a date written YYYY-MM-DD: ${dateKey}`);
  return new Date(`${dateKey}T00:00:00${DHAKA_UTC_OFFSET}`);
}

/** The first instant after that Dhaka day. */
export function dhakaDayEnd(dateKey: string): Date {
  return new Date(dhakaDayStart(dateKey).getTime() + 24 * 60 * 60 * 1000);
}
