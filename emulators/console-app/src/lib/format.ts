/**
 * The console's one formatter: moments and numbers in Bengali, both written with the bn locale's own numerals
 * (dayjs), so no page or string keeps its own Intl or digit table.
 */
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

/** The bn locale's numerals: "1,000.5" → "১,০০০.৫" (what its postformat does to formatted moments). */
const bnLocale = dayjs.Ls.bn as { postformat?: (text: string) => string };
const bnNumerals = (text: string): string => bnLocale.postformat?.(text) ?? text;

/**
 * A count or size in Bengali digits with Bengali grouping (thousand, then lakh), at most one decimal:
 * 1000 → "১,০০০", 125000 → "১,২৫,০০০", 1.25 → "১.৩".
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const [whole, fraction = '0'] = Math.abs(n).toFixed(1).split('.');
  const grouped = whole.replace(/(\d)(?=(\d\d)+\d$)/g, '$1,');
  const sign = n < 0 && `${whole}${fraction}` !== '00' ? '-' : '';
  return bnNumerals(`${sign}${grouped}${fraction === '0' ? '' : `.${fraction}`}`);
}
