import { dayjs } from './dayjs';
import { storedDate } from './stored-date';

/** Anything the shop stores as a moment: a Date, epoch millis, an ISO string or a Firestore Timestamp. */
export type DateInput = Date | number | string | { toDate(): Date };

const bnNumber = new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 2 });

function toDate(value: DateInput): Date {
  return typeof value === 'object' ? (storedDate(value) ?? new Date(Number.NaN)) : new Date(value);
}

/** A number in Bengali digits with Bengali grouping: 125000 → "১,২৫,০০০". */
export function formatNumberBn(n: number): string {
  return bnNumber.format(n);
}

/** Money in taka, sign first as shoppers write it: 1250 → "৳১,২৫০", 99.5 → "৳৯৯.৫". */
export function formatTaka(n: number): string {
  return `৳${bnNumber.format(n)}`;
}

/** How long ago, in Bengali: "২ ঘণ্টা আগে". */
export function formatRelativeTime(date: DateInput): string {
  return dayjs(toDate(date)).fromNow();
}

/** A full date and time in Bengali: "২১ নভেম্বর ২০২৬, ১৪:৩০". */
export function formatDateTime(date: DateInput): string {
  return dayjs(toDate(date)).format('D MMMM YYYY, HH:mm');
}
