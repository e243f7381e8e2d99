// The fields that let Firestore answer the seller's search with an indexed equality or array-contains query
// (it has no "contains" operator): written with every order by placeOrder, and read here by the dashboard's
// query builder, so the two sides fold text the same way.
import { toLatinDigits } from './digits';
import { shortOrderId } from './order-record';
import { normalizeBangladeshPhone } from './phone';

/** Longest prefix kept of a word: nobody types more of a name before expecting an answer. */
export const MAX_SEARCH_PREFIX = 20;
/** Most terms one document carries, so a long product name cannot make an order document heavy. */
export const MAX_SEARCH_TERMS = 120;

/** Lower case, NFC, Bengali digits as Latin: how both the stored terms and the typed text are compared. */
export function foldSearchText(text: string): string {
  return toLatinDigits(text.normalize('NFC')).toLocaleLowerCase();
}

// Hyphens are kept inside a word (a name typed as "ই-টু-ই" is also searched whole); other punctuation splits.
const WORD_SEPARATORS = /[\s,.;:!?()"'“”‘’/\\[\]{}|।]+/u;

/** The folded words of a text, each also cut at its hyphens ("ই-টু-ই" → "ই-টু-ই", "ই", "টু"). */
export function searchWords(text: string): string[] {
  return foldSearchText(text)
    .split(WORD_SEPARATORS)
    .flatMap((word) => (word.includes('-') ? [word, ...word.split('-')] : [word]))
    .filter((word) => word !== '');
}

/** Every prefix of 1..MAX_SEARCH_PREFIX characters (code points, so a Bengali letter is never cut in two). */
function prefixes(word: string): string[] {
  const characters = [...word].slice(0, MAX_SEARCH_PREFIX);
  return characters.map((_, index) => characters.slice(0, index + 1).join(''));
}

/** The prefixes of every word of the given texts, de-duplicated, in order, at most `max`. */
export function prefixTerms(texts: readonly string[], max = MAX_SEARCH_TERMS): string[] {
  const terms = new Set<string>();
  for (const text of texts) {
    for (const word of searchWords(text)) {
      for (const prefix of prefixes(word)) {
        if (terms.size >= max) return [...terms];
        terms.add(prefix);
      }
    }
  }
  return [...terms];
}

/**
 * An order's `search_terms`: its order number whole (first, so the cap never drops it), then every prefix of
 * every word of the customer's name and of the product's name.
 */
export function orderSearchTerms(order: {
  id: string;
  customer_name: string;
  product_name: string;
}): string[] {
  const orderNumber = foldSearchText(shortOrderId(order.id));
  return [
    ...new Set([
      orderNumber,
      ...prefixTerms([order.customer_name, order.product_name], MAX_SEARCH_TERMS - 1),
    ]),
  ];
}

/** An order's (or a customer's) `search_phone`: "01XXXXXXXXX", or "" when the stored phone is not one. */
export function searchPhone(phone: string | null | undefined): string {
  const normalized = normalizeBangladeshPhone(phone);
  return normalized.ok ? normalized.phone : '';
}

export type OrderSearch =
  { kind: 'none' } | { kind: 'phone'; phone: string } | { kind: 'term'; term: string };

const PHONE_LIKE = /^\+?[0-9][0-9\s\u00a0-]*$/;

/**
 * What the seller typed, as one indexed query: a phone number in any format the shop accepts (Bengali digits,
 * +880, spaces, dashes) → `search_phone ==`; anything else → `search_terms array-contains` its first word
 * (a name prefix, or an order number, with or without its "#").
 */
export function orderSearchQuery(text: string): OrderSearch {
  const folded = foldSearchText(text).trim();
  if (folded === '') return { kind: 'none' };
  if (PHONE_LIKE.test(folded)) {
    const phone = normalizeBangladeshPhone(folded);
    if (phone.ok) return { kind: 'phone', phone: phone.phone };
  }
  const [first] = searchWords(folded.replace(/^#+/, ''));
  if (first === undefined) return { kind: 'none' };
  return { kind: 'term', term: [...first].slice(0, MAX_SEARCH_PREFIX).join('') };
}

/** Whose order it is, for the customer summaries: the account when there is one, else the phone. */
export function orderCustomerKey(order: { user_id?: string | null; customer_phone: string }): string {
  const userId = order.user_id?.trim();
  return userId ? `user:${userId}` : `phone:${searchPhone(order.customer_phone)}`;
}
