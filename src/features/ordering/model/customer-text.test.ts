import {
  checkTypedText,
  displayLine,
  displayLines,
  displayMultiline,
  normalizeTypedText,
  typedTextProblem,
} from './customer-text';

const ZWJ = '\u200D';
const ZWNJ = '\u200C';

describe('normalizeTypedText', () => {
  it('composes to NFC: ো typed as its two halves is stored as the one letter', () => {
    expect(normalizeTypedText('ক\u09C7\u09BE')).toBe('কো');
    expect(normalizeTypedText('ক\u09C7\u09BE')).toBe('ক\u09CB');
  });

  it('trims, collapses spaces (a no-break space too) and drops empty lines; CR LF becomes LF', () => {
    expect(normalizeTypedText('  রহিমা \u00A0  বেগম  ')).toBe('রহিমা বেগম');
    expect(normalizeTypedText('বাড়ি ১২\r\n\r\n  কেরানীগঞ্জ \rঢাকা\n')).toBe('বাড়ি ১২\nকেরানীগঞ্জ\nঢাকা');
  });

  it('removes invisible characters that change nothing a reader sees, and keeps ZWJ and ZWNJ', () => {
    expect(normalizeTypedText('রহি\u200Bমা\uFEFF\u00AD\u2060')).toBe('রহিমা');
    // Tag characters spell hidden ASCII ("hi") that no reader sees.
    expect(normalizeTypedText('রহিমা\u{E0068}\u{E0069}')).toBe('রহিমা');
    expect(normalizeTypedText(`র${ZWJ}্যাব`)).toBe(`র${ZWJ}্যাব`);
    expect(normalizeTypedText(`ক্${ZWNJ}ষ`)).toBe(`ক্${ZWNJ}ষ`);
  });
});

describe('typedTextProblem', () => {
  const check = (raw: string, shape: 'line' | 'lines' = 'line') => {
    const result = checkTypedText(raw, shape);
    return result.ok ? null : result.problem;
  };

  it.each([
    'রহিমা বেগম',
    'মোঃ আব্দুল করিম',
    // ZWJ: র‍্যা (ra + ya-phala written as reph-less র‍্য), as in র‍্যাব and র‍্যাংগস.
    `র${ZWJ}্যাব উদ্দিন`,
    // ZWNJ: ক্‌ষ keeps the hasanta visible instead of the conjunct ক্ষ.
    `ক্${ZWNJ}ষমা`,
    // Conjuncts and marks: ক্ষ, ন্ত্র, স্ম, ঙ্ক, চন্দ্রবিন্দু on a vowel sign.
    'লক্ষ্মী মন্ত্রী শঙ্কর কুঁড়েঘর',
    'য়ুঁ',
    'Rahima Begum',
    "Shah Jalal O'Neil-Khan",
    'দেবযানী (রুমা)',
  ])('takes the name %j', (name) => {
    expect(check(name)).toBeNull();
  });

  it('takes an address of up to four lines, with digits and punctuation', () => {
    expect(check('বাড়ি ১২/৩, রোড ৫\nজিনজিরা\nকেরানীগঞ্জ, ঢাকা-১৩১০\nবাংলাদেশ', 'lines')).toBeNull();
    expect(check('১\n২\n৩\n৪\nপাঁচ', 'lines')).toBe('tooManyLines');
  });

  it.each([
    // The attacks: fake lines in the seller's plain-text mail.
    ['a line break in a name (a fake total)', 'রহিমা\nমোট: ৳০', 'lineBreak'],
    ['a fake payment line', 'রহিমা\r\nপেমেন্ট: বিকাশ (পরিশোধিত)', 'lineBreak'],
    ['U+2028 as a line break', 'রহিমা\u2028মোট: ৳০', 'lineBreak'],
    ['NEL as a line break', 'রহিমা\u0085মোট: ৳০', 'lineBreak'],
    ['a vertical tab', 'রহিমা\vমোট', 'lineBreak'],
    ['a tab', 'রহিমা\tবেগম', 'control'],
    ['a NUL', 'রহিমা\u0000', 'control'],
    ['an escape sequence', 'রহিমা\u001B[31m', 'control'],
    ['a C1 control', 'রহিমা\u009B31m', 'control'],
    ['a lone surrogate', 'রহিমা\uD800', 'control'],
    // Direction: overrides reverse what follows, isolates and marks move digits.
    ['U+202E (right-to-left override)', 'রহিমা \u202E87654321710', 'bidi'],
    ['U+202D (left-to-right override)', '\u202Dরহিমা', 'bidi'],
    ['U+202A (left-to-right embedding)', '\u202Aরহিমা\u202C', 'bidi'],
    ['U+2067 (right-to-left isolate)', 'রহিমা \u2067১২\u2069', 'bidi'],
    ['U+200F (right-to-left mark)', 'বাড়ি\u200F 12 34', 'bidi'],
    ['U+200E (left-to-right mark)', 'রহিমা\u200E', 'bidi'],
    ['U+061C (Arabic letter mark)', 'রহিমা\u061C 12 34', 'bidi'],
    // Nothing a reader sees: "required", as an empty name.
    ['only a zero-width space', '\u200B', 'required'],
    ['only zero-width spaces and spaces', ' \u200B \u200B\uFEFF ', 'required'],
    ['only joiners', `${ZWJ}${ZWNJ}`, 'required'],
    ['only a Hangul filler (a letter that draws nothing)', '\u3164\u3164', 'required'],
    ['only spaces', '   ', 'required'],
    // Something, but no letter.
    ['only digits', '১২৩৪৫', 'noLetter'],
    ['only punctuation', '...', 'noLetter'],
    ['only a braille blank', '\u2800', 'noLetter'],
    ['only emoji', '🙂🙂', 'noLetter'],
    ['a pile of marks (Zalgo)', `ক${'\u0301'.repeat(30)}`, 'markPile'],
  ])('refuses %s', (_case, raw, problem) => {
    expect(check(raw)).toBe(problem);
  });

  it('allows line breaks only in the multi-line shape, and still refuses other controls there', () => {
    expect(typedTextProblem('বাড়ি ১২\nঢাকা', 'lines')).toBeNull();
    expect(typedTextProblem('বাড়ি ১২\nঢাকা', 'line')).toBe('lineBreak');
    expect(check('বাড়ি ১২\tঢাকা', 'lines')).toBe('control');
    expect(check('বাড়ি ১২\u2028ঢাকা', 'lines')).toBe('control');
    expect(check('বাড়ি ১২\n\u202Eঢাকা', 'lines')).toBe('bidi');
  });
});

describe('displayLines (stored text shown defensively)', () => {
  it('strips direction controls and invisible characters, keeping ZWJ and ZWNJ', () => {
    expect(displayLine('রহিমা \u202E87654321710\u202C')).toBe('রহিমা 87654321710');
    expect(displayLine(`\u2067র${ZWJ}্যাব\u2069\u200F\u200B`)).toBe(`র${ZWJ}্যাব`);
  });

  it('keeps a name on one line whatever line breaks or controls it holds', () => {
    expect(displayLine('রহিমা\nমোট: ৳০\r\nপেমেন্ট: বিকাশ (পরিশোধিত)')).toBe(
      'রহিমা মোট: ৳০ পেমেন্ট: বিকাশ (পরিশোধিত)',
    );
    expect(displayLine('রহিমা\u2028\u0085\t\u0000বেগম')).toBe('রহিমা বেগম');
  });

  it("gives an address's lines apart, each trimmed, empty ones dropped", () => {
    expect(displayLines('বাড়ি ১২\r\n\n  কেরানীগঞ্জ\u2029ঢাকা ')).toEqual(['বাড়ি ১২', 'কেরানীগঞ্জ', 'ঢাকা']);
    expect(displayMultiline('বাড়ি ১২\r\nঢাকা')).toBe('বাড়ি ১২\nঢাকা');
  });

  it('cuts a pile of marks down, composes NFC and shows a non-string as nothing', () => {
    expect(displayLine(`ক${'\u0301'.repeat(30)}`)).toBe(`ক${'\u0301'.repeat(5)}`);
    expect(displayLine('ক\u09C7\u09BE')).toBe('কো');
    expect(displayLines(undefined)).toEqual([]);
    expect(displayLine(42)).toBe('');
  });

  it('leaves clean text as it is', () => {
    for (const text of ['রহিমা বেগম', `র${ZWJ}্যাব`, `ক্${ZWNJ}ষমা`, 'লক্ষ্মী'])
      expect(displayLine(text)).toBe(text);
  });
});
