// How the seller's order list is cut into live pages so that it never listens to every order, and yet no order
// is shown twice or skipped while orders arrive and change. Pure: the hook (api/use-order-pages.ts) listens to
// each page's query and reports its snapshots here.
//
// The list is a chain of pages, newest first. Every page but the last is bounded by two cursors (the orders
// after one and through the next), so what it holds does not depend on what happens above it; the last page is
// open (the newest ORDERS_PAGE_SIZE after the last cursor). A page is frozen into a bounded one when the
// seller asks for more (a new open page follows it), or when a new order would push its oldest order out of an
// open full page; a bounded page that fills up to its limit is split in two before anything falls out of it.

/** Where a page starts or ends: the stored created_at (a Timestamp, or a Date in tests) and the order's id. */
export interface PageCursor {
  at: unknown;
  id: string;
}

export interface PageBounds {
  /** The page holds orders after this one (from the newest when null). */
  after: PageCursor | null;
  /** ...through this one, or, when null, the page is open: the first `pageSize` orders. */
  through: PageCursor | null;
}

export interface PageChain {
  /** The ends of the bounded pages, newest first. */
  cursors: readonly PageCursor[];
  /** Whether an open page follows the bounded ones (always true while there are none). */
  tailOpen: boolean;
}

export const firstPage: PageChain = { cursors: [], tailOpen: true };

export interface PageSizes {
  /** What an open page holds. */
  page: number;
  /** What a bounded page may hold before it is split. */
  bounded: number;
}

/** The bounds of every page of the chain, newest first. */
export function pageBounds(chain: PageChain): PageBounds[] {
  const bounded = chain.cursors.map((through, index) => ({
    after: chain.cursors[index - 1] ?? null,
    through,
  }));
  if (!chain.tailOpen && bounded.length > 0) return bounded;
  return [...bounded, { after: chain.cursors.at(-1) ?? null, through: null }];
}

/**
 * The chain after page `index` reported `current` (its orders' cursors, newest first); `previous` is what it
 * reported before (undefined for its first snapshot).
 */
export function afterSnapshot(
  chain: PageChain,
  index: number,
  current: readonly PageCursor[],
  previous: readonly PageCursor[] | undefined,
  sizes: PageSizes,
): PageChain {
  const bounds = pageBounds(chain);
  const page = bounds[index];
  if (!page) return chain;
  if (page.through === null) {
    // An open full page whose oldest order was pushed out by a newer one: freeze it through that order.
    const oldest = previous?.at(-1);
    if (!previous || previous.length < sizes.page || !oldest) return chain;
    const now = new Set(current.map((cursor) => cursor.id));
    const before = new Set(previous.map((cursor) => cursor.id));
    const arrived = current.some((cursor) => !before.has(cursor.id));
    if (!arrived || now.has(oldest.id)) return chain;
    return { cursors: [...chain.cursors, oldest], tailOpen: false };
  }
  if (current.length < sizes.bounded) return chain;
  // Full: split it at its page-th order, so each half has room again; the lower half reads its orders anew.
  const middle = current[sizes.page - 1];
  const cursors = [...chain.cursors];
  cursors.splice(index, 0, middle);
  return { ...chain, cursors };
}

/**
 * The chain with one more page: the open last page (its orders' cursors in `tail`) is frozen through its
 * oldest order and a new open page follows; a frozen last page just gets its open page after it.
 */
export function withNextPage(chain: PageChain, tail: readonly PageCursor[], sizes: PageSizes): PageChain {
  if (!hasMorePages(chain, tail, sizes)) return chain;
  if (!chain.tailOpen) return { ...chain, tailOpen: true };
  const oldest = tail.at(-1);
  return oldest ? { cursors: [...chain.cursors, oldest], tailOpen: true } : chain;
}

/** Whether older orders may exist below the last page: it is bounded, or it came back full. */
export function hasMorePages(chain: PageChain, tail: readonly PageCursor[], sizes: PageSizes): boolean {
  if (!chain.tailOpen && chain.cursors.length > 0) return true;
  return tail.length >= sizes.page;
}
