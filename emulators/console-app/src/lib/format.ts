/**
 * The console's one formatter: moments and numbers in the page's language. In Bengali both are written with
 * the bn locale's own numerals (dayjs) and counts with Bengali grouping (thousand, then lakh); in English with
 * Latin digits and thousands. No page or string keeps its own Intl or digit table.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/bn';
import preParsePostFormat from 'dayjs/plugin/preParsePostFormat';
import { getLanguage } from '../i18n/language';

// Without preParsePostFormat the bn locale keeps Latin digits. The global locale stays English on purpose:
// the field editor's text (values.ts) must stay in digits that dayjs parses back.
dayjs.extend(preParsePostFormat);

export type Moment = string | number | Date;

/** `format` in the page's language, e.g. "২২ নভে ২০২৬, ১৮:৩০" or "22 Nov 2026, 18:30". */
export function formatMoment(moment: Moment, format: string): string {
  return dayjs(moment).locale(getLanguage()).format(format);
}

/** The bn locale's numerals: "1,000.5" → "১,০০০.৫" (what its postformat does to formatted moments). */
const bnLocale = dayjs.Ls.bn as { postformat?: (text: string) => string };
const bnNumerals = (text: string): string => bnLocale.postformat?.(text) ?? text;

/**
 * A count or size with at most one decimal, in the page's language: in Bengali with Bengali digits and
 * grouping (1000 → "১,০০০", 125000 → "১,২৫,০০০", 1.25 → "১.৩"), in English with Latin digits and thousands
 * (125000 → "125,000").
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const bengali = getLanguage() === 'bn';
  const [whole, fraction = '0'] = Math.abs(n).toFixed(1).split('.');
  const grouped = whole.replace(bengali ? /(\d)(?=(\d\d)+\d$)/g : /(\d)(?=(\d{3})+$)/g, '$1,');
  const sign = n < 0 && `${whole}${fraction}` !== '00' ? '-' : '';
  const text = `${sign}${grouped}${fraction === '0' ? '' : `.${fraction}`}`;
  return bengali ? bnNumerals(text) : text;
}
