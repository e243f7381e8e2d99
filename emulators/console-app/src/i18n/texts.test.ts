/** Texts are declared per key in both languages and read in the current one. */
import { describe, expect, it } from 'vitest';
import { defineTexts, textsIn } from './texts';

const texts = defineTexts({
  title: { bn: 'শিরোনাম', en: 'Title' },
  counts: {
    jars: { bn: (n: number) => `${n}টি বয়াম`, en: (n: number) => `${n} jars` },
  },
});

describe('texts in two languages', () => {
  it('gives each key in the language asked for, groups and functions included', () => {
    expect(textsIn(texts, 'bn').title).toBe('শিরোনাম');
    expect(textsIn(texts, 'en').title).toBe('Title');
    expect(textsIn(texts, 'bn').counts.jars(3)).toBe('3টি বয়াম');
    expect(textsIn(texts, 'en').counts.jars(3)).toBe('3 jars');
  });

  it('gives the same object each time, so a component does not see new texts on every render', () => {
    expect(textsIn(texts, 'en')).toBe(textsIn(texts, 'en'));
    expect(textsIn(texts, 'bn')).not.toBe(textsIn(texts, 'en'));
  });

  it('refuses, when the module loads, a key whose languages are not of one kind', () => {
    const broken = { a: { b: { bn: 'লেখা', en: () => 'text' } } };
    expect(() => defineTexts(broken as never)).toThrow('texts a.b: bn and en differ in kind');
  });
});
