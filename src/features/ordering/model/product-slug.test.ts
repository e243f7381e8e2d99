import { describe, expect, it } from 'vitest';
import { chooseSlug, NoFreeSlugError, productPath, slugCandidates, slugFromName } from './product-slug';

describe('slugFromName', () => {
  it('keeps Bengali words as written, joined by dashes, punctuation dropped', () => {
    expect(slugFromName('আমের আচার')).toBe('আমের-আচার');
    expect(slugFromName('  রসুনের   আচার (ঝাল!) ')).toBe('রসুনের-আচার-ঝাল');
    expect(slugFromName('Mango Pickle — ৫০০ গ্রাম')).toBe('mango-pickle-৫০০-গ্রাম');
  });

  it('reads composed and decomposed Bengali alike (NFC)', () => {
    expect(slugFromName('ড়'.normalize('NFD'))).toBe(slugFromName('ড়'.normalize('NFC')));
  });

  it('cuts a long name between letters, never inside a conjunct, and never ends on a dash', () => {
    const slug = slugFromName('ক্ষ '.repeat(40));
    expect([...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(slug)]).toHaveLength(59);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.endsWith('ক্ষ')).toBe(true);
  });

  it('gives a name without letters a plain slug', () => {
    expect(slugFromName('!!! ---')).toBe('product');
  });
});

describe('chooseSlug', () => {
  const owners = (taken: Record<string, string>) => (slug: string) => Promise.resolve(taken[slug] ?? null);

  it('takes the name’s slug when free, else the first free numbered one', async () => {
    expect(await chooseSlug('আমের আচার', 'p1', owners({}))).toBe('আমের-আচার');
    expect(await chooseSlug('আমের আচার', 'p3', owners({ 'আমের-আচার': 'p1', 'আমের-আচার-2': 'p2' }))).toBe(
      'আমের-আচার-3',
    );
  });

  it('keeps the slug a product already holds', async () => {
    expect(await chooseSlug('আমের আচার', 'p2', owners({ 'আমের-আচার': 'p1', 'আমের-আচার-2': 'p2' }))).toBe(
      'আমের-আচার-2',
    );
  });

  it('refuses when every variant is taken', async () => {
    const taken = Object.fromEntries(slugCandidates('x').map((slug) => [slug, 'other']));
    await expect(chooseSlug('x', 'p1', owners(taken))).rejects.toBeInstanceOf(NoFreeSlugError);
  });
});

describe('productPath', () => {
  it('percent-encodes the slug, and falls back to the id', () => {
    expect(productPath({ id: 'p1', slug: 'আম' })).toBe(`/p/${encodeURIComponent('আম')}`);
    expect(productPath({ id: 'p1', slug: null })).toBe('/p/p1');
  });
});
