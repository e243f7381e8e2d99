import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  describeViolations,
  formatViolations,
  glossary,
  textSources,
  textsOf,
  wordViolations,
} from './bengali-texts';

// docs/bengali-glossary.md: the shop's words, its digits, money and dates. Every text the shop shows, mails,
// prints or exports (the web app, the Cloud Functions, the emulator console) is read here.
const sources = textSources().map((file) => ({ file, source: readFileSync(file, 'utf8') }));

describe('the Bengali glossary', () => {
  it('finds the texts of every surface: storefront, dashboard, mail, slips, CSV, console', () => {
    const files = sources.map(({ file }) => file);
    for (const file of [
      'src/features/catalog/texts.ts',
      'src/features/admin-orders/texts.ts',
      'src/features/admin-orders/model/orders-csv.ts',
      'functions/src/order-mail-texts.ts',
      'emulators/console-app/src/features/mail/texts.ts',
    ]) {
      expect(files).toContain(file);
    }
  });

  it('no text uses a word the glossary rejects', () => {
    const violations = sources.flatMap(({ file, source }) => wordViolations(file, source));
    expect(describeViolations(violations)).toBe('');
  });

  it('no code formats money or dates outside the shared formatters', () => {
    const violations = sources.flatMap(({ file, source }) => formatViolations(file, source));
    expect(describeViolations(violations)).toBe('');
  });

  it("keeps SPEC.md's fixed strings letter for letter", () => {
    const texts = new Set(sources.flatMap(({ file, source }) => textsOf(file, source).map((t) => t.text)));
    expect(glossary.fixedBySpec.filter((text) => !texts.has(text))).toEqual([]);
  });

  // The checks themselves, on texts made to break them.
  it('rejects a misleading word, a dialog closed with "বাতিল" and Nagad written as cash', () => {
    const file = 'src/features/admin-orders/texts.ts';
    const source = `export const t = { more: 'আরও অর্ডার আসছে…', close: 'বাতিল', pay: 'পেমেন্ট: নগদ', jars: (n: string) => \`\${n}টি জার\` };`;
    const problems = wordViolations(file, source).map((v) => v.text);
    expect(problems).toEqual(['আরও অর্ডার আসছে…', 'বাতিল', 'পেমেন্ট: নগদ', 'টি জার']);
    expect(wordViolations(file, `const t = { pay: 'নগদ (Nagad)', status: 'বাতিল হয়েছে' };`)).toEqual([]);
  });

  it('rejects the second word for one thing, and keeps the labels, idioms and JSON that look alike', () => {
    const file = 'src/features/admin-orders/texts.ts';
    const old = [
      'পৌঁছে গেছে',
      'এসএমএস',
      'অ্যাকাউন্ট খুলুন',
      'ঠিকানা বা ফোন বদলান',
      'টাকা আসেনি',
      'পেজটি',
      'নেটওয়ার্ক সমস্যা',
      'পূর্ণ সংখ্যা',
      'ক্যাশ, বিকাশ',
      'সংরক্ষিত হয়েছে',
      'দিলে "ছাড়" দেখাবে',
      'Email (optional)',
      'অনেক পুরনো',
      'ইতিমধ্যে',
      'ঠিকানা সহ',
      '{order} এর',
    ];
    const source = `const t = [${old.map((text) => JSON.stringify(text)).join(', ')}];`;
    expect(wordViolations(file, source).map((v) => v.text)).toEqual(old);
    const kept = [
      'ফোন',
      'ফোন: ',
      'দোকানে ফোন করুন',
      'সর্বস্বত্ব সংরক্ষিত।',
      'ক্যাশ অন ডেলিভারি, ক্যাশ আউট',
      'যেমন { "$integer": "…" } বা ["a","b"]',
      '"Trigger Email from Firestore"',
      'আমরা পৌঁছে দিই',
      '{order}-এর',
    ];
    expect(
      wordViolations(file, `const t = [${kept.map((text) => JSON.stringify(text)).join(', ')}];`),
    ).toEqual([]);
  });

  it("rejects পণ্য only where shoppers read it, and not in SPEC's fixed strings", () => {
    const source = `const t = { a: 'পণ্য খুঁজুন', b: 'পণ্য লোড করতে সমস্যা' };`;
    expect(wordViolations('src/features/catalog/texts.ts', source).map((v) => v.text)).toEqual(['পণ্য খুঁজুন']);
    expect(wordViolations('src/features/admin-products/texts.ts', source)).toEqual([]);
  });

  it('rejects Latin digits in Bengali text but keeps codes such as A4, U+202E and TrxIDs', () => {
    const file = 'src/features/ordering/texts.ts';
    expect(wordViolations(file, `const t = 'সর্বোচ্চ 5 MB';`)).toHaveLength(1);
    expect(wordViolations(file, `const t = 'A4 পাতা, U+202E চিহ্ন, যেমন 8N7A6D5EE7, *247# ডায়াল';`)).toEqual(
      [],
    );
  });

  it('rejects money concatenated by hand and dates formatted outside the formatters', () => {
    const file = 'functions/src/order-mail.ts';
    const source = [
      "import dayjs from 'dayjs';",
      'const taka = (amount: number) => `৳${amount}`;',
      "const total = '৳' + String(5);",
      "const day = new Intl.DateTimeFormat('bn-BD').format(new Date());",
      "const label = 'দাম (৳)';",
    ].join('\n');
    expect(formatViolations(file, source).map((v) => v.line)).toEqual([2, 3, 1, 4]);
    expect(formatViolations('src/lib/numbers.ts', source)).toEqual([]);
  });
});
