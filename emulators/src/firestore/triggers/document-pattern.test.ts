import { describe, expect, it } from 'vitest';
import { parseDocumentPattern } from './document-pattern.js';

const match = (pattern: string, path: string) => parseDocumentPattern(pattern).match(path.split('/'));

describe('document patterns of triggers', () => {
  it('match one segment per wildcard and the whole path', () => {
    expect(match('orders/{id}', 'orders/o1')).toEqual({ id: 'o1' });
    expect(match('shops/{shop}/items/{item}', 'shops/s/items/i')).toEqual({ shop: 's', item: 'i' });
    expect(match('orders/{id}', 'orders/o1/lines/l1')).toBeNull();
    expect(match('orders/{id}', 'customers/c1')).toBeNull();
    expect(match('orders/fixed', 'orders/fixed')).toEqual({});
    expect(match('/orders/{id}/', 'orders/o1')).toEqual({ id: 'o1' });
  });

  it('match any depth with {name=**} and ** (at least one segment)', () => {
    expect(match('shops/{rest=**}', 'shops/s/items/i')).toEqual({ rest: 's/items/i' });
    expect(match('shops/{rest=**}', 'shops/s')).toEqual({ rest: 's' });
    expect(match('**', 'a/b')).toEqual({});
    expect(match('a/*', 'a/b')).toEqual({});
    expect(match('{path=**}/items/{item}', 'shops/s/items/i')).toEqual({ path: 'shops/s', item: 'i' });
  });

  it('refuses a malformed pattern with a reason', () => {
    expect(() => parseDocumentPattern('')).toThrow(/needs a document path/);
    expect(() => parseDocumentPattern('orders/{id')).toThrow(/Invalid segment/);
  });
});
