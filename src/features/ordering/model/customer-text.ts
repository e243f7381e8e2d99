/**
 * Text people type (a customer's name and address; the seller's product texts), made safe to store and to show.
 * One pure module for the order form, placeOrder's parser, the product form and every place that shows stored
 * text (order mail, packing slips, dashboard, CSV), so they cannot disagree about which characters pass.
 *
 * The policy (docs/clean-text.md says why, character by character):
 * - normalised silently, as it changes nothing a reader sees: Unicode NFC; CR LF and a lone CR as LF; runs of
 *   spaces (any space separator) as one space; each line trimmed and empty lines dropped; invisible characters
 *   with no effect on how text shows or runs (zero-width space, word joiner, BOM, soft hyphen, Hangul fillers,
 *   tag characters, …) removed;
 * - refused, with a Bengali message: control characters (C0, DEL, C1, the line and paragraph separators, a lone
 *   surrogate), a line break in a one-line field, more lines than an address takes, the bidirectional embeddings,
 *   overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the marks U+200E, U+200F, U+061C, a pile of
 *   combining marks (text that draws over the lines around it), and text with no letter at all;
 * - kept: ZWJ (U+200D) and ZWNJ (U+200C), which Bengali needs inside words (র‍্যাব, ক্‌), and variation selectors.
 */

/** The two shapes of typed text: one line (a name, a phone, a product name) or a few lines (an address). */
export type TextShape = 'line' | 'lines';

/** Why a text is refused; each field words its own Bengali message for each. */
export type TextProblem =
  'required' | 'lineBreak' | 'tooManyLines' | 'control' | 'bidi' | 'markPile' | 'noLetter';

/** An address is a few lines at most: house and road, area, thana and district. */
export const MAX_ADDRESS_LINES = 4;

/** Bengali stacks at most 3–4 marks on one letter (য় + ু + ঁ, with a ZWJ); text beyond this draws over its lines. */
export const MAX_MARKS_IN_A_ROW = 5;

/**
 * The bidirectional formatting characters: embeddings and overrides (LRE RLE PDF LRO RLO), isolates (LRI RLI FSI
 * PDI) and the implicit marks (LRM RLM ALM). The overrides reverse the text after them; RLM and ALM are strong
 * right-to-left characters that make the Latin digits and spaces around them run right to left ("12 34" shows as
 * "34 12"); none has a use in a Bengali or English name, address or product text.
 */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const BIDI_CONTROLS_ALL = new RegExp(BIDI_CONTROLS.source, 'gu');

/** Control characters and what acts as a line break outside LF: C0, DEL, C1 (NEL), U+2028, U+2029, lone surrogates. */
const CONTROLS = /[\p{Cc}\u2028\u2029\p{Cs}]/u;
const CONTROLS_BUT_LF = /(?!\n)[\p{Cc}\u2028\u2029\p{Cs}]/u;
/** What breaks a line somewhere: LF, VT, FF, NEL and the line and paragraph separators (CR is LF by then). */
const LINE_BREAKS = /[\n\v\f\x85\u2028\u2029]/u;

/**
 * Invisible characters that change neither how text looks nor which way it runs, removed on the way in and on the
 * way out: soft hyphen, Hangul fillers (letters that draw nothing), Khmer's invisible vowels, Mongolian vowel
 * separator and variation selectors, zero-width space, word joiner and invisible operators, the deprecated format
 * characters, the byte-order mark, interlinear annotation marks, shorthand and musical format controls, and the
 * tag characters (text hidden from readers). ZWJ and ZWNJ are not among them: they shape Bengali conjuncts.
 */
// The classes below list code points one by one on purpose: no character in them is meant to join its neighbour.
const IGNORABLE =
  // eslint-disable-next-line no-misleading-character-class
  /[\u00AD\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B\u2060-\u2064\u206A-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0000}-\u{E007F}]/gu;

/** A letter of any script: a name or an address without one is not a name or an address. */
const LETTER = /\p{L}/u;

/** What draws nothing on its own: spaces and the joiners, and the marks that only ride on a letter. */
// eslint-disable-next-line no-misleading-character-class
const NOTHING_VISIBLE = /^[\s\u200C\u200D\uFE00-\uFE0F]*$/u;

const MARK_PILE = new RegExp(`[\\p{M}\\u200C\\u200D]{${MAX_MARKS_IN_A_ROW + 1},}`, 'u');
const MARK_PILE_ALL = new RegExp(
  `([\\p{M}\\u200C\\u200D]{${MAX_MARKS_IN_A_ROW}})[\\p{M}\\u200C\\u200D]+`,
  'gu',
);

const SPACES = /\p{Zs}+/gu;

/**
 * The text as it is stored: NFC, line ends as LF, invisible characters removed, spaces collapsed, each line
 * trimmed and empty lines dropped. Refused characters are left in place for customerTextProblem to name.
 */
export function normalizeTypedText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(IGNORABLE, '')
    .replace(SPACES, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * The part of the check firestore.rules repeats for the seller's product texts (a rules regex cannot normalise or
 * count letters): a line break where one line is wanted, a control character, a direction character.
 */
export function unsafeCharacterProblem(
  text: string,
  shape: TextShape,
): 'lineBreak' | 'control' | 'bidi' | null {
  if (shape === 'line' && LINE_BREAKS.test(text)) return 'lineBreak';
  if ((shape === 'line' ? CONTROLS : CONTROLS_BUT_LF).test(text)) return 'control';
  if (BIDI_CONTROLS.test(text)) return 'bidi';
  return null;
}

/**
 * Why a normalised text cannot be taken, or null when it can. `maxLines` applies to the 'lines' shape.
 * A text that shows nothing (only spaces, joiners, zero-width characters) is 'required', as an empty one.
 */
export function typedTextProblem(
  text: string,
  shape: TextShape,
  maxLines: number = MAX_ADDRESS_LINES,
): TextProblem | null {
  const unsafe = unsafeCharacterProblem(text, shape);
  if (unsafe) return unsafe;
  if (NOTHING_VISIBLE.test(text)) return 'required';
  if (shape === 'lines' && text.split('\n').length > maxLines) return 'tooManyLines';
  if (MARK_PILE.test(text)) return 'markPile';
  if (!LETTER.test(text)) return 'noLetter';
  return null;
}

/** normalizeTypedText, then typedTextProblem: for callers that hold raw input. */
export function checkTypedText(
  raw: string,
  shape: TextShape,
  maxLines?: number,
): { ok: true; text: string } | { ok: false; problem: TextProblem } {
  const text = normalizeTypedText(raw);
  const problem = typedTextProblem(text, shape, maxLines);
  return problem === null ? { ok: true, text } : { ok: false, problem };
}

/**
 * The lines of a stored text as they may be shown, whatever was stored (data from before these checks, a seed,
 * a document written by hand): NFC, direction controls and invisible characters removed, every other control
 * character (a tab, a vertical tab, U+2028, …) a line break, spaces collapsed, piles of marks cut down, empty
 * lines dropped. Not a string: a line can never run into the label or the line after it.
 */
export function displayLines(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .normalize('NFC')
    .replace(BIDI_CONTROLS_ALL, '')
    .replace(IGNORABLE, '')
    .replace(/[\p{Cc}\u2028\u2029\p{Cs}]+/gu, '\n')
    .replace(MARK_PILE_ALL, '$1')
    .replace(SPACES, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A stored text shown on one line: its display lines joined by spaces (a name with a line break stays one line). */
export function displayLine(value: unknown): string {
  return displayLines(value).join(' ');
}

/** A stored text of several lines (an address) for a place that breaks lines itself: its display lines, LF-joined. */
export function displayMultiline(value: unknown): string {
  return displayLines(value).join('\n');
}
