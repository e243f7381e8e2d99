// Bengali numbers and money, without dayjs or Intl. Written by hand on purpose: `new Intl.NumberFormat('bn-BD')`
// loads the Bengali locale data, ~20 ms of one task the first time, ~80 ms on a slow phone, right while the page
// hydrates. Tests hold it to Intl's output.

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Indian grouping of whole digits: the last three, then pairs (lakh, crore): "125000" → "1,25,000". */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/**
 * `abs` (≥ 0, < 1e21) rounded to two decimals, half away from zero, as whole and fraction digits. Rounds the
 * shortest decimal that reads back as `abs` (what `String` writes), as ICU does: 0.015 → 0.02, not 0.01.
 */
function roundToCents(abs: number): [whole: string, fraction: string] {
  if (abs < 1e-6) return ['0', '']; // String() would write an exponent; nothing shows at two decimals
  const [whole, fraction = ''] = String(abs).split('.');
  if (fraction.length <= 2) return [whole, fraction];
  const cents = BigInt(whole + fraction.slice(0, 2)) + (fraction[2] >= '5' ? 1n : 0n);
  const digits = cents.toString().padStart(3, '0');
  return [digits.slice(0, -2), digits.slice(-2)];
}

/** A number in Bengali digits with Bengali grouping, at most two decimals: 125000.5 → "১,২৫,০০০.৫". */
export function formatNumberBn(n: number): string {
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21) return String(n);
  const [whole, fraction] = roundToCents(Math.abs(n));
  const decimals = fraction.replace(/0+$/, '');
  const sign = n < 0 || Object.is(n, -0) ? '-' : ''; // as Intl writes it, even when it rounds to zero
  const latin = `${sign}${groupIndian(whole)}${decimals ? `.${decimals}` : ''}`;
  return latin.replace(/\d/g, (digit) => BENGALI_DIGITS[Number(digit)]);
}

/**
 * Money in taka, sign first as shoppers write it, two decimals only when there are paisa: 1250 → "৳১,২৫০",
 * 99.5 → "৳৯৯.৫০", 125000.25 → "৳১,২৫,০০০.২৫". The web app, the seller's mail and the slips all write it so.
 */
export function formatTaka(n: number): string {
  const number = formatNumberBn(n);
  return `৳${/\.[০-৯]$/.test(number) ? `${number}০` : number}`;
}
