import {
  afterSnapshot,
  firstPage,
  hasMorePages,
  pageBounds,
  withNextPage,
  type PageChain,
  type PageCursor,
} from './order-pages';

// Small pages keep the cases readable; the hook uses 50 and 100.
const sizes = { page: 3, bounded: 6 };
const at = (id: string): PageCursor => ({ at: id, id });
const cursors = (ids: string) => ids.split('').map(at);

describe('pageBounds', () => {
  it('starts with one open page from the newest', () => {
    expect(pageBounds(firstPage)).toEqual([{ after: null, through: null }]);
  });

  it('chains bounded pages, then the open one after the last cursor', () => {
    const chain: PageChain = { cursors: cursors('cf'), tailOpen: true };
    expect(pageBounds(chain)).toEqual([
      { after: null, through: at('c') },
      { after: at('c'), through: at('f') },
      { after: at('f'), through: null },
    ]);
    expect(pageBounds({ ...chain, tailOpen: false })).toHaveLength(2);
  });
});

describe('withNextPage', () => {
  it('freezes the full open page through its oldest order and opens the next after it', () => {
    const next = withNextPage(firstPage, cursors('zyx'), sizes);
    expect(next).toEqual({ cursors: [at('x')], tailOpen: true });
    expect(pageBounds(next)[1]).toEqual({ after: at('x'), through: null });
  });

  it('does nothing when the last page came back short: there is nothing older', () => {
    expect(withNextPage(firstPage, cursors('zy'), sizes)).toBe(firstPage);
    expect(hasMorePages(firstPage, cursors('zy'), sizes)).toBe(false);
  });

  it('opens a page after a frozen last page', () => {
    const frozen: PageChain = { cursors: [at('x')], tailOpen: false };
    expect(hasMorePages(frozen, cursors('zyx'), sizes)).toBe(true);
    expect(withNextPage(frozen, cursors('zyx'), sizes)).toEqual({ cursors: [at('x')], tailOpen: true });
  });
});

describe('afterSnapshot', () => {
  it('freezes a full open page through the order a new one pushed out, so the next page starts below it', () => {
    const chain = afterSnapshot(firstPage, 0, cursors('nzy'), cursors('zyx'), sizes);
    expect(chain).toEqual({ cursors: [at('x')], tailOpen: false });
    // The frozen page reads z, y and x again (through x) and has room for the new one.
    expect(pageBounds(chain)).toEqual([{ after: null, through: at('x') }]);
  });

  it('leaves the chain alone on a first snapshot, a status change, or a page that was not full', () => {
    expect(afterSnapshot(firstPage, 0, cursors('zyx'), undefined, sizes)).toBe(firstPage);
    expect(afterSnapshot(firstPage, 0, cursors('zyx'), cursors('zyx'), sizes)).toBe(firstPage);
    expect(afterSnapshot(firstPage, 0, cursors('nzy'), cursors('zy'), sizes)).toBe(firstPage);
    // An order filtered away lets an older one in: nothing was pushed out by an arrival.
    expect(afterSnapshot(firstPage, 0, cursors('zxw'), cursors('zyx'), sizes)).toBe(firstPage);
  });

  it('splits a bounded page that filled up, before anything falls out of it', () => {
    const chain: PageChain = { cursors: [at('a')], tailOpen: true };
    const split = afterSnapshot(chain, 0, cursors('fedcba'), cursors('edcba'), sizes);
    expect(split.cursors).toEqual([at('d'), at('a')]);
    expect(pageBounds(split)).toEqual([
      { after: null, through: at('d') },
      { after: at('d'), through: at('a') },
      { after: at('a'), through: null },
    ]);
    expect(afterSnapshot(chain, 0, cursors('edcba'), cursors('dcba'), sizes)).toBe(chain);
  });
});
