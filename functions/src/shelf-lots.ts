// A product's shelf as lots of free jars (src/features/ordering/model/shelf-lots.ts, docs/live-sale.md): what the
// server reads and writes of them. placeOrder and the ledger's moves take lots (place-order.ts, move-order.ts);
// here are the bounded read of some lots, the seller's shelf set on lots, and the count that keeps
// `stock_quantity` (what every reader shows) equal to the lots, run by a trigger off the shopper's answer path.
import {
  AggregateField,
  FieldPath,
  FieldValue,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QuerySnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  LOT_READ_SLACK,
  planShelfSet,
  requestedShelf,
  SHELF_LOTS,
  type Lot,
} from '../../src/features/ordering/model';

/** gRPC's NOT_FOUND: a lot another order (or the seller's set) deleted first; firebase-admin raises it on both emulators. */
export const NOT_FOUND = 5;
/** gRPC's FAILED_PRECONDITION: the product changed since the count read it. */
const FAILED_PRECONDITION = 9;

// A transaction holds at most 500 writes: a shelf lowered across more lots is set in parts, pending until the last.
const MAX_LOTS_PER_SETTLE = 400;

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

export const lotsOf = (product: DocumentReference) => product.collection(SHELF_LOTS);

const lotsFrom = (snapshot: QuerySnapshot): Lot[] =>
  snapshot.docs.map((doc) => ({ id: doc.id, jars: doc.get('jars') as number }));

/** The jars on the shelf: the lots' sum, in `transaction` (locking the lots it counts) or as read now. */
export async function shelfSum(product: DocumentReference, transaction?: Transaction): Promise<number> {
  const query = lotsOf(product).aggregate({ jars: AggregateField.sum('jars') });
  const snapshot = transaction ? await transaction.get(query) : await query.get();
  return snapshot.data().jars;
}

/**
 * Lots holding `jars` jars, read from a random place in the shelf's lots (so orders at once read different
 * ones): `jars` + LOT_READ_SLACK lots. Every lot holds a jar, so as many lots as asked hold enough. A place near
 * the end wraps around to the first lots, so an order reads as many lots wherever it starts. Fewer lots on the
 * shelf than asked: every lot is read again in one query, so those are every lot of one moment (two reads apart
 * could miss a lot another order left over in between, and a refusal is said on these). Read in `transaction`,
 * or outside any (no lock for other orders to wait on); lots read apart that another order took meanwhile fail
 * the order's commit (its deletes' `exists` precondition), and it reads again.
 */
export async function readSomeLots(
  product: DocumentReference,
  jars: number,
  transaction?: Transaction,
): Promise<Lot[]> {
  const wanted = jars + LOT_READ_SLACK;
  const byId = lotsOf(product).orderBy(FieldPath.documentId());
  const get = async (query: Query) => lotsFrom(await (transaction ? transaction.get(query) : query.get()));
  const after = await get(byId.startAt(lotsOf(product).doc().id).limit(wanted)); // a random auto-id
  if (after.length === wanted) return after;
  const seen = new Set(after.map((lot) => lot.id));
  const wrapped = [
    ...after,
    ...(await get(byId.limit(wanted - after.length))).filter((lot) => !seen.has(lot.id)),
  ];
  return wrapped.length === wanted ? wrapped : get(byId.limit(wanted));
}

/**
 * In `transaction`, where `product` was read: the shelf the seller wrote (or a product from before lots: its
 * stock) set on the lots. Reads now, returns the writes; null when there is nothing to set. A shelf lowered
 * across more than MAX_LOTS_PER_SETTLE lots is set in parts: `done` is false until the last.
 */
export async function prepareShelfSettle(
  transaction: Transaction,
  product: DocumentSnapshot,
): Promise<{ done: boolean; write: () => void } | null> {
  const target = requestedShelf(product.data() ?? {});
  if (target === null) return null;
  const shelf = await shelfSum(product.ref, transaction);
  const lots =
    target < shelf
      ? lotsFrom(
          await transaction.get(
            lotsOf(product.ref).orderBy(FieldPath.documentId()).limit(MAX_LOTS_PER_SETTLE),
          ),
        )
      : [];
  const plan = planShelfSet(lots, shelf, target);
  return {
    done: plan.done,
    write: () => {
      for (const lot of plan.remove) transaction.delete(lotsOf(product.ref).doc(lot.id));
      for (const jars of plan.add) transaction.create(lotsOf(product.ref).doc(), { jars });
      if (plan.done)
        transaction.update(product.ref, { shelf_counted: target, jars_total: FieldValue.delete() });
    },
  };
}

/** prepareShelfSettle in transactions of its own, until the shelf is set. */
async function settleRequest(db: Firestore, productRef: DocumentReference): Promise<void> {
  for (let part = 0; ; part++) {
    const done = await db.runTransaction(async (transaction) => {
      const product = await transaction.get(productRef);
      const settle = product.exists ? await prepareShelfSettle(transaction, product) : null;
      settle?.write();
      return settle?.done ?? true;
    });
    if (done) return;
  }
}

/**
 * The product and lots holding `jars` of its jars (readSomeLots), read at once outside any transaction (no lock
 * for other orders to wait on), with a pending shelf set or a product from before lots settled first: the lots
 * are then its shelf.
 */
export async function readProductAndLots(
  db: Firestore,
  productRef: DocumentReference,
  jars: number,
): Promise<{ product: DocumentSnapshot; lots: Lot[] }> {
  for (;;) {
    const [product, lots] = await Promise.all([productRef.get(), readSomeLots(productRef, jars)]);
    if (!product.exists || requestedShelf(product.data() ?? {}) === null) return { product, lots };
    await settleRequest(db, productRef);
  }
}

/** The exact shelf: the seller's pending figure, a legacy product's stock, or the lots' sum. */
export async function exactShelf(productRef: DocumentReference): Promise<number> {
  const [product, sum] = await Promise.all([productRef.get(), shelfSum(productRef)]);
  return requestedShelf(product.data() ?? {}) ?? sum;
}

export type ShelfCount = 'gone' | 'unchanged' | 'counted';

/**
 * On every write of a product or of one of its lots: settles a pending shelf set, then writes `stock_quantity`
 * = the lots' sum when it differs. The sum is read after the product, and the write is made only if the
 * product is still as read, so of two counts at once the later one stands; a burst's counts that find the
 * figure already right write nothing.
 */
export async function countShelf(db: Firestore, productRef: DocumentReference): Promise<ShelfCount> {
  for (let attempt = 1; ; attempt++) {
    const product = await productRef.get();
    if (!product.exists) return 'gone';
    if (requestedShelf(product.data() ?? {}) !== null) {
      await settleRequest(db, productRef);
      continue;
    }
    const counted = await shelfSum(productRef);
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
