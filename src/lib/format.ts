import { dayjs } from './dayjs';
import { storedDate } from './stored-date';

// The shop's one formatter of money, numbers and dates (docs/bengali-glossary.md): Bengali digits, ৳ first,
// Bangla Academy's month names (dayjs's bn locale: জানুয়ারি, not ICU's জানুয়ারী), the shop's clock.
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
 * A full date and time in Bengali as a clock in Dhaka shows it, on any device and on paper printed from a laptop
 * set to any time zone: "২১ নভেম্বর ২০২৬, ১৪:৩০".
 */
export function formatDateTime(date: DateInput): string {
  return nfc(dayjs(toDate(date)).utcOffset(DHAKA_OFFSET_MINUTES).format('D MMMM YYYY, HH:mm'));
}

/** A Dhaka calendar day ("2026-11-21", see shop-time.ts) as day and month: "২১ নভেম্বর". */
export function formatDayMonth(dateKey: string): string {
  return nfc(dayjs(dateKey).format('D MMMM'));
}
