import { describe, expect, it } from 'vitest';
import { RULES_TEXT_TREE, rulesTextsIn } from './rules-texts';

/** Every leaf of the tree: its key path and its two texts. */
function leaves(node: object, path: string[] = []): [string, unknown, unknown][] {
  const record = node as Record<string, unknown>;
  if ('bn' in record || 'en' in record) return [[path.join('.'), record.bn, record.en]];
  return Object.entries(record).flatMap(([key, child]) => leaves(child as object, [...path, key]));
}

describe('the rules pages’ texts', () => {
  it('has a Bengali and an English text for every key, of the same kind', () => {
    const all = leaves(RULES_TEXT_TREE);
    expect(all.length).toBeGreaterThan(40);
    for (const [key, bn, en] of all) {
      expect(typeof bn, key).toBe(typeof en);
      expect(['string', 'function'], key).toContain(typeof bn);
      if (typeof bn === 'string') expect(bn.length && (en as string).length, key).toBeGreaterThan(0);
    }
  });

  it('picks one language for the whole tree', () => {
    expect(rulesTextsIn('bn').coverage.summary(2, 5)).toBe('৫টি allow-এর মধ্যে ২টি অন্তত একবার যাচাই হয়েছে।');
    expect(rulesTextsIn('en').coverage.summary(2, 5)).toBe(
      '2 of 5 allow statements evaluated at least once.',
    );
    expect(rulesTextsIn('en').nav.playground).toBe('Rules playground');
  });
});
