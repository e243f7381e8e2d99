import { fromPoisha, toPoisha } from './money';
import { isOpenOrderStatus, OPEN_ORDER_STATUSES } from './order-limits';
import { holdsJars, isOrderStatus, type OrderStatus } from './order-status';
import { isMobilePaymentMethod, readPaymentState, UNPAID_PAYMENT_STATES, type PaymentState } from './payment';
import { isPaymentMethod, type PaymentMethod } from './payment-method';

/**
 * The order ledger: every move an order can make, by whoever makes it, as one table (`applyMove`), and what each
 * does to the jars on the shelf and to the money. The callables and the scheduler only read an order, ask this
 * table, and write what it answers; the dashboard offers exactly the moves it allows. Money is in poisha here.
 *
 * The money follows a real shop's books (Shopify's financial status beside the fulfilment status):
 * - `paid`: what came in: a verified bKash/Nagad payment (the amount the claim asked for) and the cash the
 *   courier collected at the door when the order was delivered;
 * - `refunded`: what the seller recorded as sent back;
 * - what the order is owed (`due`) is its total while it holds jars, nothing once cancelled or returned;
 * - the courier collects `due − (paid − refunded)` when that is positive, and the shop owes the rest back.
 *
 * The courier (Steadfast, through the booking callable, its webhook and the poll) is one more actor: it takes a
 * packed order (booked: preparing → delivering) and delivers it (delivering → delivered, collecting what the
 * slip says). A parcel it brings back moves to returned only when the seller says it came home.
 */
export type LedgerActor = 'customer' | 'seller' | 'scheduler' | 'courier';

/** The last status change the seller made, which they may undo for a few minutes (a mis-click). */
export interface LedgerUndo {
  from: OrderStatus;
  /** Poisha the move counted as collected at the door (a delivery), taken back by the undo. */
  collected: number;
}

export interface LedgerOrder {
  status: OrderStatus;
  payment: PaymentState;
  method: PaymentMethod;
  quantity: number;
  /** Poisha per jar: an edit of the quantity prices it at the order's own price. */
  price: number;
  total: number;
  paid: number;
  refunded: number;
  /** The poisha the customer's TrxID was given for (what they were asked to send); 0 without a claim. */
  claimed: number;
  undo: LedgerUndo | null;
}

export type LedgerMove =
  | { kind: 'status'; to: OrderStatus }
  /** The scheduler's: an unpaid bKash/Nagad order past its payment time is cancelled. */
  | { kind: 'expire' }
  /** A TrxID given for the order (by the customer, or moved to it by the seller). */
  | { kind: 'claim' }
  | { kind: 'verify' }
  | { kind: 'reject' }
  /** The seller takes a claim off an order (to give it to the order it was really for). */
  | { kind: 'unclaim' }
  | { kind: 'edit'; quantity: number }
  | { kind: 'refund'; amount: number }
  | { kind: 'undo' };

/** Why the table refuses a move: a key of orderMessages.ledger (Bengali, for whoever tried it). */
export type LedgerRefusal =
  | 'notAllowed'
  | 'customerCanOnlyCancelPending'
  | 'deliveredIsFinal'
  | 'returnOnlyWhileDelivering'
  | 'returnedOnlyResent'
  | 'cancelledOnlyReopened'
  | 'notDue'
  | 'notForCash'
  | 'claimNotOpen'
  | 'alreadyClaimed'
  | 'alreadyVerified'
  | 'nothingToReview'
  | 'notEditable'
  | 'customerEditOnlyPending'
  | 'badQuantity'
  | 'noRefundDue'
  | 'refundTooLarge'
  | 'nothingToUndo'
  | 'courierNeedsPacked'
  | 'courierOnlyDelivers';

export interface LedgerEffects {
  /** Jars onto the shelf (positive) or off it (negative). */
  shelf: number;
  /** The order's TrxID claim ends (a rejected or moved claim): the TrxID is free for the order it pays. */
  releaseClaim: boolean;
  /** An unpaid bKash/Nagad order reopened: its payment time starts again. */
  freshPaymentDue: boolean;
}

export type LedgerResult =
  { ok: true; order: LedgerOrder; effects: LedgerEffects } | { ok: false; refusal: LedgerRefusal };

const UNPAID: readonly PaymentState[] = UNPAID_PAYMENT_STATES;

/** An order can be changed until it leaves the shop: afterwards the parcel is what it is. */
export const EDITABLE_ORDER_STATUSES = [
  'pending',
  'confirmed',
  'preparing',
] as const satisfies readonly OrderStatus[];

/**
 * The statuses the scheduler cancels an unpaid order in: the same "before it leaves the shop", not `delivering`,
 * a parcel already with the courier, whose slip tells the courier to collect the total as for cash.
 */
export const EXPIRING_STATUSES = EDITABLE_ORDER_STATUSES;
const EXPIRING: readonly OrderStatus[] = EXPIRING_STATUSES;

export function isEditableStatus(status: OrderStatus, byCustomer: boolean): boolean {
  // The customer changes their own order only until the seller has confirmed it (as with a cancel).
  return byCustomer ? status === 'pending' : (EDITABLE_ORDER_STATUSES as readonly string[]).includes(status);
}

/** How long the seller may undo their last status change. */
export const UNDO_MINUTES = 10;

export interface LedgerMoney {
  /** What the order is owed: its total while it holds jars, nothing once cancelled or returned. */
  due: number;
  /** What came in, less what went back. */
  net: number;
  /** What the courier collects at the door (0 once delivered, cancelled or returned). */
  toCollect: number;
  /** What the shop owes the customer back. */
  refundDue: number;
  /** What the shop keeps: its revenue. */
  kept: number;
}

export function moneyOf(order: Pick<LedgerOrder, 'status' | 'total' | 'paid' | 'refunded'>): LedgerMoney {
  const due = holdsJars(order.status) ? order.total : 0;
  const net = order.paid - order.refunded;
  return {
    due,
    net,
    toCollect: isOpenOrderStatus(order.status) ? Math.max(0, due - net) : 0,
    refundDue: Math.max(0, net - due),
    kept: Math.min(net, due),
  };
}

/** The financial status beside the order's status, as mature shops keep it. */
export type FinancialStatus = 'unpaid' | 'partially_paid' | 'paid' | 'refund_due' | 'refunded' | 'none';

export function financialStatus(
  order: Pick<LedgerOrder, 'status' | 'total' | 'paid' | 'refunded'>,
): FinancialStatus {
  const money = moneyOf(order);
  if (money.refundDue > 0) return 'refund_due';
  if (order.refunded > 0 && money.net <= 0 && money.due === 0) return 'refunded';
  if (money.due === 0) return 'none';
  if (money.net >= money.due) return 'paid';
  return money.net > 0 ? 'partially_paid' : 'unpaid';
}

const refused = (refusal: LedgerRefusal): LedgerResult => ({ ok: false, refusal });

function shelfChange(from: OrderStatus, to: OrderStatus, quantity: number): number {
  if (holdsJars(from) === holdsJars(to)) return 0;
  return holdsJars(to) ? -quantity : quantity;
}

/** Why the seller may not move an order from one status to another, or null when they may. */
export function sellerStatusRefusal(from: OrderStatus, to: OrderStatus): LedgerRefusal | null {
  if (from === 'delivered') return 'deliveredIsFinal';
  if (from === 'returned') return to === 'delivering' ? null : 'returnedOnlyResent';
  if (from === 'cancelled') return isOpenOrderStatus(to) ? null : 'cancelledOnlyReopened';
  if (to === 'returned' && from !== 'delivering') return 'returnOnlyWhileDelivering';
  return null;
}

function moveStatus(
  order: LedgerOrder,
  to: OrderStatus,
  undo: LedgerUndo | null,
  collectedBack = 0,
): LedgerResult {
  // A delivery is the courier collecting what the slip says; its undo takes that back.
  const collected = to === 'delivered' ? moneyOf(order).toCollect : 0;
  const reopened = !isOpenOrderStatus(order.status) && order.status !== 'delivered' && isOpenOrderStatus(to);
  return {
    ok: true,
    order: {
      ...order,
      status: to,
      paid: order.paid + collected - collectedBack,
      undo: undo && { ...undo, collected },
    },
    effects: {
      shelf: shelfChange(order.status, to, order.quantity),
      releaseClaim: false,
      freshPaymentDue: reopened && isMobilePaymentMethod(order.method) && UNPAID.includes(order.payment),
    },
  };
}

const NO_EFFECTS: LedgerEffects = { shelf: 0, releaseClaim: false, freshPaymentDue: false };

/**
 * The table: `move` by `actor` on `order`, as the order and its effects after it, or why it is refused. A move
 * that changes nothing (a status set to itself) is allowed and has no effects; the callables write nothing then.
 * Stock is not checked here (the shelf is another document): a negative `effects.shelf` larger than the shelf is
 * refused by the caller.
 */
export function applyMove(order: LedgerOrder, actor: LedgerActor, move: LedgerMove): LedgerResult {
  // Any move but the undo itself ends the seller's chance to undo the status change before it.
  const next: LedgerOrder = { ...order, undo: null };
  switch (move.kind) {
    case 'status': {
      if (move.to === order.status) return { ok: true, order, effects: NO_EFFECTS };
      if (actor === 'customer') {
        if (move.to !== 'cancelled') return refused('notAllowed');
        return order.status === 'pending'
          ? moveStatus(next, 'cancelled', null)
          : refused('customerCanOnlyCancelPending');
      }
      if (actor === 'courier') return courierStatusMove(next, order.status, move.to);
      if (actor !== 'seller') return refused('notAllowed');
      const why = sellerStatusRefusal(order.status, move.to);
      return why ? refused(why) : moveStatus(next, move.to, { from: order.status, collected: 0 });
    }
    case 'undo': {
      if (actor !== 'seller' || !order.undo) return refused('nothingToUndo');
      return moveStatus(next, order.undo.from, null, order.undo.collected);
    }
    case 'expire': {
      if (actor !== 'scheduler') return refused('notAllowed');
      if (!isMobilePaymentMethod(order.method) || !UNPAID.includes(order.payment)) return refused('notDue');
      if (!EXPIRING.includes(order.status)) return refused('notDue');
      return moveStatus(next, 'cancelled', null);
    }
    case 'claim': {
      if (actor !== 'customer' && actor !== 'seller') return refused('notAllowed');
      if (!isMobilePaymentMethod(order.method)) return refused('notForCash');
      if (order.payment === 'claimed') return refused('alreadyClaimed');
      if (order.payment === 'verified') return refused('alreadyVerified');
      if (!isOpenOrderStatus(order.status) || !UNPAID.includes(order.payment)) return refused('claimNotOpen');
      return {
        ok: true,
        order: { ...next, payment: 'claimed', claimed: moneyOf(order).toCollect },
        effects: NO_EFFECTS,
      };
    }
    case 'verify':
    case 'reject':
    case 'unclaim': {
      if (actor !== 'seller') return refused('notAllowed');
      if (order.payment !== 'claimed') return refused('nothingToReview');
      if (move.kind === 'verify') {
        return {
          ok: true,
          order: { ...next, payment: 'verified', paid: order.paid + order.claimed, claimed: order.claimed },
          effects: NO_EFFECTS,
        };
      }
      return {
        ok: true,
        order: { ...next, payment: move.kind === 'reject' ? 'rejected' : 'awaiting_payment', claimed: 0 },
        effects: { ...NO_EFFECTS, releaseClaim: true },
      };
    }
    case 'edit': {
      if (actor !== 'customer' && actor !== 'seller') return refused('notAllowed');
      if (!isEditableStatus(order.status, actor === 'customer')) {
        return refused(
          actor === 'customer' && isEditableStatus(order.status, false)
            ? 'customerEditOnlyPending'
            : 'notEditable',
        );
      }
      if (!Number.isInteger(move.quantity) || move.quantity < 1) return refused('badQuantity');
      if (move.quantity === order.quantity) return { ok: true, order, effects: NO_EFFECTS };
      return {
        ok: true,
        order: { ...next, quantity: move.quantity, total: order.price * move.quantity },
        effects: { ...NO_EFFECTS, shelf: order.quantity - move.quantity },
      };
    }
    case 'refund': {
      if (actor !== 'seller') return refused('notAllowed');
      const { refundDue } = moneyOf(order);
      if (refundDue === 0) return refused('noRefundDue');
      if (!Number.isInteger(move.amount) || move.amount < 1 || move.amount > refundDue) {
        return refused('refundTooLarge');
      }
      return { ok: true, order: { ...next, refunded: order.refunded + move.amount }, effects: NO_EFFECTS };
    }
  }
}

/**
 * The courier's two moves: a packed order booked (preparing → delivering) and a parcel delivered (delivering →
 * delivered, the courier collecting the ledger's amount). It never cancels, returns or reopens an order.
 */
function courierStatusMove(next: LedgerOrder, from: OrderStatus, to: OrderStatus): LedgerResult {
  if (to === 'delivering')
    return from === 'preparing' ? moveStatus(next, to, null) : refused('courierNeedsPacked');
  if (to === 'delivered' && from === 'delivering') return moveStatus(next, to, null);
  return refused('courierOnlyDelivers');
}

/** The statuses the dashboard offers the seller for an order: its own, and every one the table allows. */
export function sellerStatusChoices(status: OrderStatus): OrderStatus[] {
  const all: OrderStatus[] = [...OPEN_ORDER_STATUSES, 'delivered', 'cancelled', 'returned'];
  return all.filter((to) => to === status || sellerStatusRefusal(status, to) === null);
}

// ---- The order document as the ledger reads and writes it (taka there, poisha here) ----

function takaField(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? toPoisha(value) : null;
}

/**
 * A stored order as the ledger sees it. Orders stored before the ledger have no money fields: a verified one was
 * paid its total, a delivered one collected it at the door.
 */
export function ledgerOrderOf(data: Record<string, unknown>): LedgerOrder {
  const status: OrderStatus = isOrderStatus(data.status) ? data.status : 'pending';
  const payment = readPaymentState(data);
  const total = takaField(data.total_amount) ?? 0;
  const quantity = typeof data.quantity === 'number' && Number.isInteger(data.quantity) ? data.quantity : 0;
  const legacyPaid = payment === 'verified' || status === 'delivered' ? total : 0;
  const undo = data.status_undo as { from?: unknown; collected?: unknown } | null | undefined;
  return {
    status,
    payment,
    method: isPaymentMethod(data.payment_method) ? data.payment_method : 'cash_on_delivery',
    quantity,
    price: takaField(data.product_price) ?? (quantity > 0 ? Math.round(total / quantity) : 0),
    total,
    paid: takaField(data.paid_amount) ?? legacyPaid,
    refunded: takaField(data.refunded_amount) ?? 0,
    claimed: takaField(data.payment_claimed_amount) ?? (payment === 'claimed' ? total : 0),
    undo:
      undo && isOrderStatus(undo.from)
        ? { from: undo.from, collected: takaField(undo.collected) ?? 0 }
        : null,
  };
}

/**
 * The stored fields the ledger owns, for `after` (in taka). `undoAt` is when the seller's status change was made
 * (a server timestamp), kept with the undo so its time can be checked.
 */
export function ledgerFieldsOf(after: LedgerOrder, undoAt: unknown = null): Record<string, unknown> {
  return {
    status: after.status,
    payment_state: after.payment,
    quantity: after.quantity,
    total_amount: fromPoisha(after.total),
    paid_amount: fromPoisha(after.paid),
    refunded_amount: fromPoisha(after.refunded),
    payment_claimed_amount: fromPoisha(after.claimed),
    status_undo: after.undo
      ? { from: after.undo.from, collected: fromPoisha(after.undo.collected), at: undoAt }
      : null,
  };
}

/** The money of a stored order, in taka, for the card, the slip, `/orders` and the CSV. */
export function orderMoneyOf(data: Record<string, unknown>): {
  toCollect: number;
  refundDue: number;
  paid: number;
  refunded: number;
  kept: number;
} {
  const order = ledgerOrderOf(data);
  const money = moneyOf(order);
  return {
    toCollect: fromPoisha(money.toCollect),
    refundDue: fromPoisha(money.refundDue),
    paid: fromPoisha(order.paid),
    refunded: fromPoisha(order.refunded),
    kept: fromPoisha(money.kept),
  };
}
