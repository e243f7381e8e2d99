// Customers type numbers on Bengali keyboards as often as on Latin ones; data is stored in Latin digits.
const BENGALI_ZERO = 0x09e6;

/** "০১৭১২" → "01712"; every other character is kept as it is. */
export function toLatinDigits(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - BENGALI_ZERO));
}

/** "12" → "১২", for the few validation messages that quote a number. */
export function toBengaliDigits(text: string | number): string {
  return String(text).replace(/[0-9]/g, (digit) => String.fromCharCode(BENGALI_ZERO + Number(digit)));
}
