import { MAX_PRODUCT_STOCK } from './product-limits';

/**
 * A product's jars as tickets (docs/live-sale.md, "The stock design"): the product says how many jars it has
 * ever had (`jars_total`, which never goes down); each jar off the shelf is a ticket `products/{id}/tickets/{n}`,
 * n < jars_total, held by the order that took it (`order_id`) or by no one (`null`: a jar the seller took off
 * the shelf). An order creates its tickets, so two orders never write one document; the shelf is
 * `jars_total − tickets`. `stock_quantity` on the product is that figure as last counted (`shelf_counted`), or
 * the shelf the seller asked for when they wrote it since (a pending request, applied before the next jar is
 * taken).
 */
export const TICKETS = 'tickets';

/** A product's stock fields as stored (any of them may be missing or wrong on a product from before tickets). */
export interface StoredShelf {
  stock_quantity?: unknown;
  jars_total?: unknown;
  shelf_counted?: unknown;
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * What the product's stock fields say: `legacy` for a product from before tickets (no `jars_total`: it has no
 * tickets either, and its jars are its `stock_quantity`), `requested` when the seller wrote a shelf the tickets
 * have not been set to yet.
 */
export function readShelf(product: StoredShelf): {
  legacy: boolean;
  requested: number | null;
  jarsTotal: number;
} {
  const stock = isCount(product.stock_quantity) ? product.stock_quantity : 0;
  if (!isCount(product.jars_total)) return { legacy: true, requested: null, jarsTotal: stock };
  const requested = stock !== product.shelf_counted ? stock : null;
  return { legacy: false, requested, jarsTotal: product.jars_total };
}

/** The numbers below `jarsTotal` no ticket has. */
export function freeTicketIds(jarsTotal: number, taken: { has(id: string): boolean }): string[] {
  const free: string[] = [];
  for (let n = 0; n < jarsTotal; n++) if (!taken.has(String(n))) free.push(String(n));
  return free;
}

/**
 * `count` different numbers out of `free`, at random, so that orders of one jar at once seldom pick the same
 * (the one that does picks again).
 */
export function pickTicketIds(free: readonly string[], count: number, random = Math.random): string[] {
  const pool = [...free];
  const picked: string[] = [];
  while (picked.length < count && pool.length > 0) {
    const index = Math.floor(random() * pool.length);
    picked.push(pool[index]);
    pool[index] = pool[pool.length - 1];
    pool.pop();
  }
  return picked;
}

/** What setting the shelf to `target` writes: tickets taken off the shelf or put back, and the new total. */
export interface ShelfSet {
  jarsTotal: number;
  /** New tickets held by no one: jars the seller took off the shelf. */
  withdraw: string[];
  /** Tickets held by no one, deleted: jars back on the shelf before the total grows. */
  restore: string[];
}

/**
 * The seller's "the shelf holds `target` jars" on tickets: fewer jars are withdrawn by tickets of no order (the
 * total never goes down, so an order that read the total a moment ago still picks within it), more jars first
 * bring withdrawn tickets back, then grow the total. `holders` maps every ticket to its order (null: none).
 */
export function planShelfSet(
  jarsTotal: number,
  holders: ReadonlyMap<string, string | null>,
  target: number,
  random = Math.random,
): ShelfSet {
  const shelf = jarsTotal - holders.size;
  if (target <= shelf) {
    const withdraw = pickTicketIds(freeTicketIds(jarsTotal, holders), shelf - target, random);
    return { jarsTotal, withdraw, restore: [] };
  }
  const withdrawn = [...holders].filter(([, order]) => order === null).map(([id]) => id);
  const restore = withdrawn.slice(0, target - shelf);
  return { jarsTotal: jarsTotal + (target - shelf - restore.length), withdraw: [], restore };
}

/** What putting `count` of an order's jars back does, with `shelf` jars on it now. */
export interface JarsBack {
  /** The order's tickets deleted: its jars back on the shelf. */
  remove: string[];
  /** The order's tickets kept as no one's: jars that do not fit under the stock limit. */
  withdraw: string[];
  /** The tickets the order still holds. */
  keep: string[];
  /** Jars of an order placed before tickets (it holds more jars than tickets): the total grows by these. */
  untracked: number;
  /** Returned jars that did not fit under MAX_PRODUCT_STOCK and stay off the shelf. */
  capped: number;
}

/**
 * `count` jars of an order holding `held` tickets back on a shelf of `shelf` jars: its tickets first (the last
 * taken first), then jars it held from before tickets; never above MAX_PRODUCT_STOCK (today's rule: what does
 * not fit stays off the shelf and the seller is told).
 */
export function planJarsBack(held: readonly string[], count: number, shelf: number): JarsBack {
  const fromTickets = Math.min(count, held.length);
  const back = held.slice(held.length - fromTickets);
  const keep = held.slice(0, held.length - fromTickets);
  const room = Math.max(0, MAX_PRODUCT_STOCK - shelf);
  const capped = Math.max(0, count - room);
  // What does not fit: the order's tickets stay as no one's; untracked jars are simply not added.
  const ticketsCapped = Math.min(capped, back.length);
  return {
    remove: back.slice(ticketsCapped),
    withdraw: back.slice(0, ticketsCapped),
    keep,
    untracked: count - fromTickets - (capped - ticketsCapped),
    capped,
  };
}

/** The ticket numbers an order holds, as stored on it (`jar_tickets`); none on an order from before tickets. */
export function heldTicketIds(order: { jar_tickets?: unknown }): string[] {
  return Array.isArray(order.jar_tickets)
    ? order.jar_tickets.filter((id): id is string => typeof id === 'string')
    : [];
}
