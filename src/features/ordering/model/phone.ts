import { orderMessages } from './texts';
import { toLatinDigits } from './digits';

export type PhoneNormalization = { ok: true; phone: string } | { ok: false; error: string };

/** A Bangladeshi mobile number as stored: 01, an operator digit 3–9, then 8 digits. */
export const NORMALIZED_PHONE_PATTERN = /^01[3-9][0-9]{8}$/;

/**
 * Turns what a customer typed ("+880 1712-345678", "০১৭১২৩৪৫৬৭৮", "8801712345678") into `01XXXXXXXXX`,
 * or says in Bengali what is wrong with it.
 */
export function normalizeBangladeshPhone(input: string | null | undefined): PhoneNormalization {
  const compact = toLatinDigits(input ?? '').replace(/[\s\u00a0-]/g, '');
  if (compact === '') return { ok: false, error: orderMessages.phone.required };
  if (!/^\+?[0-9]+$/.test(compact)) return { ok: false, error: orderMessages.phone.invalidCharacters };

  // The country code 880 shares its 0 with the national trunk prefix: +880 1712… is 01712….
  const national = compact.replace(/^\+?88(?=0)/, '');
  if (!national.startsWith('01')) return { ok: false, error: orderMessages.phone.mustStartWith01 };
  if (national.length !== 11) return { ok: false, error: orderMessages.phone.wrongLength };
  if (!NORMALIZED_PHONE_PATTERN.test(national))
    return { ok: false, error: orderMessages.phone.invalidOperator };
  return { ok: true, phone: national };
}
