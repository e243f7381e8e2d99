import { dayjs } from './dayjs';
import { storedDate } from './stored-date';

// The shop's one formatter of money, numbers and dates (docs/bengali-glossary.md): Bengali digits, ৳ first,
// Bangla Academy's month names (dayjs's bn locale: জানুয়ারি, not ICU's জানুয়ারী), the shop's clock.
import { formatNumberBn } from './numbers';

export { formatNumberBn, formatTaka } from './numbers';

/** Anything the shop stores as a moment: a Date, epoch millis, an ISO string or a Firestore Timestamp. */
export type DateInput = Date | number | string | { toDate(): Date };

function toDate(value: DateInput): Date {
  return typeof value === 'object' ? (storedDate(value) ?? new Date(Number.NaN)) : new Date(value);
}

// dayjs's bn locale writes য় as one code point (U+09DF); every text of the shop has it as য + nukta (NFC).
const nfc = (text: string) => text.normalize('NFC');

// Dhaka is UTC+6 all year (no daylight saving): its clock is UTC's, six hours on.
const DHAKA_OFFSET_MINUTES = 6 * 60;

/** How long ago, in Bengali: "২ ঘণ্টা আগে". */
export function formatRelativeTime(date: DateInput): string {
  return nfc(dayjs(toDate(date)).fromNow());
}

/**
 * The part of the day a Bengali speaker names before the hour, on a 12-hour clock: ভোর ৫টা, সকাল ৯টা,
 * দুপুর ২:৩০, বিকেল ৫টা, সন্ধ্যা ৭টা, রাত ১০টা (never "১৪:৩০").
 */
function partOfDay(hour: number): string {
  if (hour < 4) return 'রাত';
  if (hour < 6) return 'ভোর';
  if (hour < 12) return 'সকাল';
  if (hour < 15) return 'দুপুর';
  if (hour < 18) return 'বিকেল';
  if (hour < 20) return 'সন্ধ্যা';
  return 'রাত';
}

/** The time as a clock in Dhaka shows it and people say it: "দুপুর ২:৩০", "বিকেল ৫টা", "রাত ১২:০৫". */
export function formatClock(date: DateInput): string {
  const local = dayjs(toDate(date)).utcOffset(DHAKA_OFFSET_MINUTES);
  const hour = local.hour();
  const minute = local.minute();
  const onTwelve = hour % 12 === 0 ? 12 : hour % 12;
  const clock = minute === 0 ? `${onTwelve}টা` : `${onTwelve}:${String(minute).padStart(2, '0')}`;
  return `${partOfDay(hour)} ${clock.replace(/\d/g, (digit) => formatNumberBn(Number(digit)))}`;
}

/**
 * A full date and time in Bengali as a clock in Dhaka shows it, on any device and on paper printed from a laptop
 * set to any time zone: "২১ নভেম্বর ২০২৬, দুপুর ২:৩০".
 */
export function formatDateTime(date: DateInput): string {
  return `${nfc(dayjs(toDate(date)).utcOffset(DHAKA_OFFSET_MINUTES).format('D MMMM YYYY'))}, ${formatClock(date)}`;
}

/** A Dhaka calendar day ("2026-11-21", see shop-time.ts) as day and month: "২১ নভেম্বর". */
export function formatDayMonth(dateKey: string): string {
  return nfc(dayjs(dateKey).format('D MMMM'));
}
