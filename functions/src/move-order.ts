// The one way an order moves after it is placed: read it in the caller's transaction, ask the order ledger's table
// (src/features/ordering/model/order-ledger.ts), and write what the table answers — the order's status, payment and
// money, the jars on the shelf, the TrxID's claim, the customer's spending, the number's summary, the statistics
// roll-ups and the history line. setOrderStatus, editOrder, submitPayment, reviewPayment, recordRefund and the
// unpaid-order expiry all come through here; none of them moves jars or money by itself.
import {
  FieldValue,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  applyMove,
  courierCashChange,
  courierPayoutTexts,
  fromPoisha,
  isMobilePaymentMethod,
  jarsIn,
  ledgerFieldsOf,
  ledgerOrderOf,
  MAX_PRODUCT_STOCK,
  orderMessages,
  paymentClaimId,
  pickLots,
  requestedShelf,
  toBengaliDigits,
  UNDO_MINUTES,
  type LedgerActor,
  type LedgerMove,
  type LedgerOrder,
  type OrderStatus,
} from '../../src/features/ordering/model';
import { storedMillis } from '../../src/lib/stored-date';
import { prepareSpentChange } from './customer-summary';
import { lotsOf, readSomeLots, shelfSum } from './shelf-lots';
import { recordStatusForGuard } from './order-guard';
import { BY_SYSTEM, changesOf, recordHistory, type ChangedBy } from './order-history';
import { PAYMENT_CLAIMS, paymentDueAt, prepareTrxIdClaim, readPaymentSettingsIn } from './order-payment';
import { recordOrderChange } from './order-stats';
import { refusal } from './refusal';

export interface OrderMoveOptions {
  changedBy?: ChangedBy;
  /** Fields written with the move (a cancel's reason, a claim's TrxID, an edit's new address…). */
  fields?: Record<string, unknown>;
  /** The TrxID a claim names: claimed for this order in the same transaction, or refused if another has it. */
  trxId?: string;
  /** editOrder keeps the customer's summary itself (with the new name and phone): the move leaves it alone. */
  keepSpent?: boolean;
  /** A claim moved to another order keeps its document (rewritten for that order by reviewPayment). */
  keepClaim?: boolean;
  now?: Date;
}

export interface PreparedOrderMove {
  /** The order after the move, as the ledger sees it. */
  after: LedgerOrder;
  /** Whether the move changes anything at all (a status set to itself does not). */
  changed: boolean;
  /** Bengali, for the seller: returned jars that did not fit under the stock limit. */
  notice?: string;
  /** Every write of the move; call after all of the transaction's reads. */
  write: () => void;
}

const ledgerRefusal = orderMessages.ledger;

/**
 * Reads what `move` by `actor` needs (the product's shelf, the customer's summary, the payment settings, the
 * TrxID's claim) and returns its writes, or refuses with the table's Bengali reason. Every read happens here,
 * so a caller with reads of its own makes them before calling `write`.
 */
export async function prepareOrderMove(
  transaction: Transaction,
  db: Firestore,
  order: DocumentSnapshot,
  actor: LedgerActor,
  move: LedgerMove,
  {
    changedBy = BY_SYSTEM,
    fields = {},
    trxId,
    keepSpent = false,
    keepClaim = false,
    now = new Date(),
  }: OrderMoveOptions = {},
): Promise<PreparedOrderMove> {
  const stored: DocumentData = order.data() ?? {};
  const before = ledgerOrderOf(stored);
  const result = applyMove(before, actor, move);
  if (!result.ok) {
    // Not this person's move at all, or not in this state of the order.
    const code = result.refusal === 'notAllowed' ? 'permission-denied' : 'failed-precondition';
    throw refusal(code, ledgerRefusal[result.refusal]);
  }
  const { order: after, effects } = result;
  if (after === before && Object.keys(fields).length === 0) return { after, changed: false, write: () => {} };

  // The courier's cash: what it collected at the door, owed until a payout settles it (courier-payout.ts).
  const cash = courierCashChange(stored, before, after);
  if (cash === 'settled') throw refusal('failed-precondition', courierPayoutTexts.settledNoUndo);
  const cashFields =
    cash === null
      ? {}
      : cash === 'cleared'
        ? {
            courier_collected: FieldValue.delete(),
            courier_payout_id: FieldValue.delete(),
            courier_delivered_at: FieldValue.delete(),
          }
        : {
            courier_collected: fromPoisha(cash.collected),
            courier_payout_id: null,
            courier_delivered_at: FieldValue.serverTimestamp(),
          };

  if (move.kind === 'undo') {
    const at = storedMillis((stored.status_undo as { at?: unknown } | undefined)?.at);
    if (at === null || now.getTime() - at > UNDO_MINUTES * 60_000) {
      throw refusal('failed-precondition', ledgerRefusal.undoTooLate);
    }
  }

  // The shelf: jars back as one lot of them, jars taken again from its lots, in this transaction; never more
  // than are on it, never above the stock limit. On a product whose shelf the seller set and the lots do not
  // show yet (or from before lots), the figure they wrote is the shelf: the move changes it, still to be set.
  let notice: string | undefined;
  let writeShelf = () => {};
  const productId: unknown = stored.product_id;
  if (effects.shelf !== 0 && typeof productId === 'string' && productId !== '') {
    const productRef = db.collection('products').doc(productId);
    const product = await transaction.get(productRef);
    // An edit's words are about more jars; a status change's about bringing the order back.
    const words = move.kind === 'edit' ? orderMessages.edit : orderMessages.statusChange;
    const capped = (jars: number) => {
      notice = orderMessages.statusChange.stockCapped(
        toBengaliDigits(jars),
        toBengaliDigits(MAX_PRODUCT_STOCK),
      );
    };
    if (!product.exists || typeof product.get('stock_quantity') !== 'number') {
      // Jars of a deleted product have no shelf to go back to; taking jars again needs one.
      if (effects.shelf < 0) throw refusal('failed-precondition', words.productGone);
    } else {
      const requested = requestedShelf(product.data() ?? {});
      if (requested !== null) {
        if (requested + effects.shelf < 0)
          throw refusal('failed-precondition', words.notEnoughStock(toBengaliDigits(requested)));
        const figure = Math.min(requested + effects.shelf, MAX_PRODUCT_STOCK);
        if (requested + effects.shelf > figure) capped(requested + effects.shelf - figure);
        // Without its last count, the product stays a request for the lots to be set to its figure.
        writeShelf = () =>
          transaction.update(productRef, { stock_quantity: figure, shelf_counted: FieldValue.delete() });
      } else if (effects.shelf < 0) {
        const wanted = -effects.shelf;
        const seen = await readSomeLots(productRef, wanted, transaction);
        const taken = pickLots(seen, wanted);
        if (!taken) {
          throw refusal('failed-precondition', words.notEnoughStock(toBengaliDigits(jarsIn(seen))));
        }
        writeShelf = () => {
          for (const lot of taken.taken) transaction.delete(lotsOf(productRef).doc(lot.id), { exists: true });
          if (taken.remainder > 0) transaction.create(lotsOf(productRef).doc(), { jars: taken.remainder });
        };
      } else {
        // Today's rule: jars that do not fit under the stock limit stay off the shelf, and the seller is told.
        const room = Math.max(0, MAX_PRODUCT_STOCK - (await shelfSum(productRef, transaction)));
        const back = Math.min(effects.shelf, room);
        if (back < effects.shelf) capped(effects.shelf - back);
        if (back > 0) writeShelf = () => transaction.create(lotsOf(productRef).doc(), { jars: back });
      }
    }
  }

  // The TrxID: claimed for this order, or its claim ended so the order it really paid may name it.
  const method: unknown = stored.payment_method;
  let writeClaim = () => {};
  if (move.kind === 'claim' && trxId && isMobilePaymentMethod(method)) {
    writeClaim = await prepareTrxIdClaim(transaction, db, method, trxId, order.id);
  }
  if (
    effects.releaseClaim &&
    !keepClaim &&
    isMobilePaymentMethod(method) &&
    typeof stored.payment_trxid === 'string'
  ) {
    const claimRef = db.collection(PAYMENT_CLAIMS).doc(paymentClaimId(method, stored.payment_trxid));
    const claim = await transaction.get(claimRef);
    if (claim.exists && claim.get('order_id') === order.id) writeClaim = () => transaction.delete(claimRef);
  }

  const settings = effects.freshPaymentDue ? await readPaymentSettingsIn(transaction, db) : null;
  const written: Record<string, unknown> = {
    ...ledgerFieldsOf(after, FieldValue.serverTimestamp()),
    ...(settings && { payment_due_at: paymentDueAt(settings, now) }),
    ...fields,
    ...cashFields,
  };
  const afterData = { ...stored, ...written };
  const writeSpent = keepSpent ? () => {} : await prepareSpentChange(transaction, db, stored, afterData);

  return {
    after,
    changed: true,
    notice,
    write: () => {
      writeShelf();
      writeClaim();
      transaction.update(order.ref, { ...written, updated_at: FieldValue.serverTimestamp() });
      recordHistory(
        transaction,
        order.ref,
        changedBy,
        changesOf({ ...stored, ...ledgerFieldsOf(before) }, withoutBookkeeping(written)),
      );
      writeSpent();
      recordOrderChange(transaction, db, stored, afterData);
      recordStatusForGuard(transaction, db, stored, before.status, after.status, {
        byCustomer: changedBy.by === 'customer',
        now,
      });
    },
  };
}

/**
 * The history line leaves out the ledger's bookkeeping: the undo (a map), the claim's amount, the courier's cash.
 */
function withoutBookkeeping(written: Record<string, unknown>): Record<string, unknown> {
  const {
    status_undo: _undo,
    payment_claimed_amount: _claimed,
    courier_collected: _collected,
    courier_payout_id: _payout,
    courier_delivered_at: _delivered,
    ...rest
  } = written;
  return rest;
}

/** prepareOrderMove and its writes at once, for a caller with no reads of its own after it. */
export async function moveOrder(
  transaction: Transaction,
  db: Firestore,
  order: DocumentSnapshot,
  actor: LedgerActor,
  move: LedgerMove,
  options: OrderMoveOptions = {},
): Promise<PreparedOrderMove> {
  const prepared = await prepareOrderMove(transaction, db, order, actor, move, options);
  prepared.write();
  return prepared;
}

/** The courier's move of an order to `to` (its booking, a state it reports), writing `fields` with it. */
export function moveOrderByCourier(
  transaction: Transaction,
  db: Firestore,
  order: DocumentSnapshot,
  to: OrderStatus,
  fields: Record<string, unknown>,
): Promise<PreparedOrderMove> {
  return moveOrder(
    transaction,
    db,
    order,
    'courier',
    { kind: 'status', to },
    { changedBy: { by: 'courier', uid: null }, fields },
  );
}
