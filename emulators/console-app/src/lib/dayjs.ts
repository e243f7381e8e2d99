/** Moments as the shop writes them: Bengali month names and digits (the bn locale's own numerals). */
import dayjs from 'dayjs';
import 'dayjs/locale/bn';
import preParsePostFormat from 'dayjs/plugin/preParsePostFormat';

// Without preParsePostFormat the bn locale keeps Latin digits. The global locale stays English on purpose:
// the field editor's text (values.ts) must stay in digits that dayjs parses back.
dayjs.extend(preParsePostFormat);

export type Moment = string | number | Date;

/** `format` in Bengali, e.g. "২২ নভে ২০২৬, ১৮:৩০". */
export function formatBn(moment: Moment, format: string): string {
  return dayjs(moment).locale('bn').format(format);
}
