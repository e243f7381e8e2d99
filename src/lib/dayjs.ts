import dayjs from 'dayjs';
import 'dayjs/locale/bn';
import preParsePostFormat from 'dayjs/plugin/preParsePostFormat';
import relativeTime from 'dayjs/plugin/relativeTime';

// preParsePostFormat makes the bn locale write its own digits (২ ঘণ্টা আগে) instead of Latin ones.
dayjs.extend(relativeTime);
dayjs.extend(preParsePostFormat);
dayjs.locale('bn');

export { dayjs };
