import { dayjs } from './dayjs';
import { storedDate } from './stored-date';

export { formatNumberBn, formatTaka } from './numbers';

/** Anything the shop stores as a moment: a Date, epoch millis, an ISO string or a Firestore Timestamp. */
export type DateInput = Date | number | string | { toDate(): Date };

function toDate(value: DateInput): Date {
  return typeof value === 'object' ? (storedDate(value) ?? new Date(Number.NaN)) : new Date(value);
}

/** How long ago, in Bengali: "২ ঘণ্টা আগে". */
export function formatRelativeTime(date: DateInput): string {
  return dayjs(toDate(date)).fromNow();
}

/** A full date and time in Bengali: "২১ নভেম্বর ২০২৬, ১৪:৩০". */
export function formatDateTime(date: DateInput): string {
  return dayjs(toDate(date)).format('D MMMM YYYY, HH:mm');
}
