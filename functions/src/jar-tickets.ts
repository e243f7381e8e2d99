// A product's jars as tickets (src/features/ordering/model/jar-tickets.ts, docs/live-sale.md): what the server
// reads and writes of them. placeOrder creates an order's tickets, the moves of the order ledger delete them
// (move-order.ts); here are the reads that find free numbers, the seller's shelf set on tickets, and the count
// that keeps `stock_quantity` (what every reader shows) equal to the tickets, run by a trigger off the
// shopper's answer path.
import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  freeTicketIds,
  pickTicketIds,
  planShelfSet,
  readShelf,
  TICKETS,
} from '../../src/features/ordering/model';

/** gRPC's ALREADY_EXISTS: a ticket created by another order first. */
export const ALREADY_EXISTS = 6;
/** gRPC's FAILED_PRECONDITION: the product changed since the count read it. */
const FAILED_PRECONDITION = 9;

// A transaction holds at most 500 writes: a large shelf set is written in parts, the request pending until the last.
const MAX_TICKETS_PER_SETTLE = 400;

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

export const ticketsOf = (product: DocumentReference) => product.collection(TICKETS);

/** Every ticket of the product and the order holding it (null: no order), in `transaction` or as a hint. */
export async function ticketHolders(
  product: DocumentReference,
  transaction?: Transaction,
): Promise<Map<string, string | null>> {
  const query = ticketsOf(product).select('order_id');
  const snapshot = transaction ? await transaction.get(query) : await query.get();
  return new Map(snapshot.docs.map((doc) => [doc.id, (doc.get('order_id') as string | null) ?? null]));
}

export interface SettledShelf {
  jarsTotal: number;
  /** The tickets once the writes are made. */
  holders: Map<string, string | null>;
  write: () => void;
}

/**
 * In `transaction`, where `product` was read: a product from before tickets given its `jars_total`, or the shelf
 * the seller wrote set on tickets. Reads now, returns the writes; null when there is nothing to settle.
 */
export async function prepareShelfSettle(
  transaction: Transaction,
  product: DocumentSnapshot,
): Promise<SettledShelf | null> {
  const shelf = readShelf(product.data() ?? {});
  if (!shelf.legacy && shelf.requested === null) return null;
  const holders = await ticketHolders(product.ref, transaction);
  if (shelf.legacy) {
    // Its stock is its shelf (a product has no tickets before its total; left-overs of a deleted one count).
    const jarsTotal = shelf.jarsTotal + holders.size;
    return {
      jarsTotal,
      holders,
      write: () => transaction.update(product.ref, { jars_total: jarsTotal, shelf_counted: shelf.jarsTotal }),
    };
  }
  const target = shelf.requested ?? 0;
  const plan = planShelfSet(shelf.jarsTotal, holders, target);
  const withdraw = plan.withdraw.slice(0, MAX_TICKETS_PER_SETTLE);
  const restore = plan.restore.slice(0, MAX_TICKETS_PER_SETTLE);
  const done = withdraw.length === plan.withdraw.length && restore.length === plan.restore.length;
  const after = new Map(holders);
  for (const id of restore) after.delete(id);
  for (const id of withdraw) after.set(id, null);
  return {
    jarsTotal: done ? plan.jarsTotal : shelf.jarsTotal,
    holders: after,
    write: () => {
      for (const id of withdraw) transaction.create(ticketsOf(product.ref).doc(id), { order_id: null });
      for (const id of restore) transaction.delete(ticketsOf(product.ref).doc(id));
      if (done) transaction.update(product.ref, { jars_total: plan.jarsTotal, shelf_counted: target });
    },
  };
}

/**
 * The shelf in a move's transaction, where `product` was read: settled there if it must be, else its total and
 * its tickets as a hint (read outside the transaction: what a move creates it reads in it first).
 */
export async function prepareShelfIn(
  transaction: Transaction,
  product: DocumentSnapshot,
): Promise<SettledShelf> {
  const settled = await prepareShelfSettle(transaction, product);
  if (settled) return settled;
  const { jarsTotal } = readShelf(product.data() ?? {});
  return { jarsTotal, holders: await ticketHolders(product.ref), write: () => {} };
}

/**
 * `count` free tickets for a move, each read in its transaction (so none is taken by an order meanwhile, or the
 * move retries), or null when fewer are free.
 */
export async function takeTickets(
  transaction: Transaction,
  productRef: DocumentReference,
  shelf: SettledShelf,
  count: number,
): Promise<string[] | null> {
  let free = freeTicketIds(shelf.jarsTotal, shelf.holders);
  const taken: string[] = [];
  while (taken.length < count) {
    const picked = pickTicketIds(free, count - taken.length);
    if (picked.length < count - taken.length) return null;
    const read = await Promise.all(picked.map((id) => transaction.get(ticketsOf(productRef).doc(id))));
    for (const ticket of read) if (!ticket.exists) taken.push(ticket.id);
    free = free.filter((id) => !picked.includes(id));
  }
  return taken;
}

/** prepareShelfSettle in a transaction of its own; again when an order took a number it withdrew. */
async function settleRequest(db: Firestore, productRef: DocumentReference): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.runTransaction(async (transaction) => {
        const product = await transaction.get(productRef);
        if (product.exists) (await prepareShelfSettle(transaction, product))?.write();
      });
      return;
    } catch (error) {
      if (codeOf(error) !== ALREADY_EXISTS || attempt >= 10) throw error;
    }
  }
}

export interface TicketHint {
  product: DocumentSnapshot;
  jarsTotal: number;
  holders: Map<string, string | null>;
}

/**
 * The product and its tickets, read outside any transaction (no lock for other orders to wait on): which
 * numbers are free is a hint, the ticket's create is what is exact. A pending shelf set or a product from
 * before tickets is settled first, so the total read here never goes down afterwards.
 */
export async function readTicketHint(db: Firestore, productRef: DocumentReference): Promise<TicketHint> {
  for (;;) {
    const [product, holders] = await Promise.all([productRef.get(), ticketHolders(productRef)]);
    const shelf = readShelf(product.data() ?? {});
    if (!product.exists || (!shelf.legacy && shelf.requested === null))
      return { product, jarsTotal: shelf.jarsTotal, holders };
    await settleRequest(db, productRef);
  }
}

/**
 * The exact shelf: the seller's pending figure, a legacy product's stock, or `jars_total` minus its tickets.
 * What `stock_quantity` converges to.
 */
export async function exactShelf(productRef: DocumentReference): Promise<number> {
  const [product, count] = await Promise.all([productRef.get(), ticketsOf(productRef).count().get()]);
  const shelf = readShelf(product.data() ?? {});
  if (shelf.legacy || shelf.requested !== null) return shelf.legacy ? shelf.jarsTotal : shelf.requested!;
  return shelf.jarsTotal - count.data().count;
}

export type ShelfCount = 'gone' | 'unchanged' | 'counted';

/**
 * On every write of a product or of one of its tickets: settles a pending shelf set, then writes
 * `stock_quantity` = `jars_total` − tickets when it differs. The count is read after the product, and the write
 * is made only if the product is still as read, so of two counts at once the later one stands; a burst's
 * counts that find the figure already right write nothing.
 */
export async function countShelf(db: Firestore, productRef: DocumentReference): Promise<ShelfCount> {
  for (let attempt = 1; ; attempt++) {
    const product = await productRef.get();
    if (!product.exists) return 'gone';
    const shelf = readShelf(product.data() ?? {});
    if (shelf.legacy || shelf.requested !== null) {
      await settleRequest(db, productRef);
      continue;
    }
    const count = (await ticketsOf(productRef).count().get()).data().count;
    const counted = shelf.jarsTotal - count;
    if (product.get('stock_quantity') === counted) return 'unchanged';
    try {
      await productRef.update(
        { stock_quantity: counted, shelf_counted: counted },
        { lastUpdateTime: product.updateTime! },
      );
      return 'counted';
    } catch (error) {
      if (codeOf(error) !== FAILED_PRECONDITION || attempt >= 20) throw error;
    }
  }
}
