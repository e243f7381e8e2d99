/**
 * A product's shelf as lots of free jars (docs/live-sale.md, "The stock design"): `products/{id}/shelf/{lotId}`
 * = `{ jars: k }`, k ≥ 1, created and deleted, never updated. The shelf is the sum of the lots, so what is stored
 * grows with the shelf, not with the sales. An order deletes lots that hold its jars and creates a lot of what
 * was left over, so orders of one jar at once write different documents and never `products/{id}`.
 * `stock_quantity` on the product is that sum as last counted (`shelf_counted`), or the shelf the seller asked
 * for when they wrote it since (a pending request, set on the lots before the next jar is taken).
 */
export const SHELF_LOTS = 'shelf';

/** At most this many lots for jars put on the shelf at once: a sale of a 30-jar shelf is 30 one-jar lots. */
export const MAX_LOTS_PER_ADD = 32;

/** Lots read beyond an order's jars: more to pick among, so that orders at once seldom pick the same lot. */
export const LOT_READ_SLACK = 4;

/** A product's stock fields as stored (any of them may be missing or wrong on a product from before lots). */
export interface StoredShelf {
  stock_quantity?: unknown;
  shelf_counted?: unknown;
  /** The jar tickets' total: a product from before lots, whose tickets are ignored. */
  jars_total?: unknown;
}

export interface Lot {
  id: string;
  jars: number;
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The jars the lots must be set to, or null when `stock_quantity` is their last count. A product from before
 * lots (no `shelf_counted`, or the tickets' `jars_total`) has its `stock_quantity` as its shelf.
 */
export function requestedShelf(product: StoredShelf): number | null {
  const stock = isCount(product.stock_quantity) ? product.stock_quantity : 0;
  const fromBefore = product.jars_total !== undefined || !isCount(product.shelf_counted);
  return fromBefore || stock !== product.shelf_counted ? stock : null;
}

/** `jars` new jars as lots: min(jars, MAX_LOTS_PER_ADD) of them, their sizes as even as possible. */
export function lotSizes(jars: number): number[] {
  const count = Math.min(jars, MAX_LOTS_PER_ADD);
  const base = Math.floor(jars / count);
  return Array.from({ length: count }, (_, i) => (i < jars % count ? base + 1 : base));
}

/** The jars in `lots`. */
export const jarsIn = (lots: readonly Lot[]): number => lots.reduce((sum, lot) => sum + lot.jars, 0);

/** What taking jars from lots writes: the lots deleted and the jars of the one lot created with what is left. */
export interface LotsTaken {
  taken: Lot[];
  remainder: number;
}

/**
 * Lots holding `jars` jars, taken in random order (orders at once seldom take the same), with what the last
 * one holds beyond them; null when all of `lots` hold fewer.
 */
export function pickLots(lots: readonly Lot[], jars: number, random = Math.random): LotsTaken | null {
  const pool = [...lots];
  const taken: Lot[] = [];
  let held = 0;
  while (held < jars && pool.length > 0) {
    const index = Math.floor(random() * pool.length);
    taken.push(pool[index]);
    held += pool[index].jars;
    pool[index] = pool[pool.length - 1];
    pool.pop();
  }
  return held < jars ? null : { taken, remainder: held - jars };
}

/** What setting a shelf of `shelf` jars to `target` writes: lots deleted, and the sizes of lots created. */
export interface ShelfSet {
  remove: Lot[];
  add: number[];
  /** False when `lots` (a part of the shelf) held too few to remove: the rest is for another part. */
  done: boolean;
}

/**
 * The seller's "the shelf holds `target` jars" on lots, with `shelf` jars on it now and `lots` some of its lots
 * (all of them, or enough to remove from): more jars are new lots; fewer, lots deleted and a lot of the rest.
 */
export function planShelfSet(
  lots: readonly Lot[],
  shelf: number,
  target: number,
  random = Math.random,
): ShelfSet {
  if (target >= shelf) return { remove: [], add: target > shelf ? lotSizes(target - shelf) : [], done: true };
  const picked = pickLots(lots, shelf - target, random);
  if (!picked) return { remove: [...lots], add: [], done: false };
  return { remove: picked.taken, add: picked.remainder > 0 ? [picked.remainder] : [], done: true };
}
