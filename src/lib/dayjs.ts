import dayjs from 'dayjs';
import 'dayjs/locale/bn';
import preParsePostFormat from 'dayjs/plugin/preParsePostFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import utc from 'dayjs/plugin/utc';

// preParsePostFormat makes the bn locale write its own digits (২ ঘণ্টা আগে) instead of Latin ones; utc lets
// src/lib/format.ts show the shop's clock (Dhaka) whatever the browser's time zone.
dayjs.extend(relativeTime);
dayjs.extend(preParsePostFormat);
dayjs.extend(utc);
dayjs.locale('bn');

// Bangla Academy spells the hour ঘণ্টা, as every text of the shop does; the bn locale writes ঘন্টা.
const bn = dayjs.Ls.bn as { relativeTime?: Record<string, string> };
if (bn.relativeTime) bn.relativeTime = { ...bn.relativeTime, h: 'এক ঘণ্টা', hh: '%d ঘণ্টা' };

export { dayjs };
