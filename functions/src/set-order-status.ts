import type { Firestore } from 'firebase-admin/firestore';
import {
  orderMessages,
  parseSetOrderStatusInput,
  type LedgerMove,
  type OrderStatus,
} from '../../src/features/ordering/model';
import { isAdmin } from './admin-role';
import { inTransaction, readCall } from './callable';
import { moveOrder } from './move-order';
import { refusal } from './refusal';

const errors = orderMessages.statusChange;

// Status changes of popular products collide with orders for the same jars; each retry re-reads both.
const MAX_TRANSACTION_ATTEMPTS = 30;

export interface SetOrderStatusResult {
  status: OrderStatus;
  /** Bengali, for the seller: the change went through, but not every returned jar fit under the stock limit. */
  notice?: string;
}

/**
 * The setOrderStatus callable, the only way a person changes an order's status (the rules refuse client
 * updates): the seller sets a status or undoes their last change, the customer who placed an order cancels it;
 * what is allowed, and what it does to the jars and the money, is the order ledger's (moveOrder).
 */
export async function setOrderStatus(
  db: Firestore,
  auth: unknown,
  data: unknown,
  clock: () => Date = () => new Date(),
): Promise<SetOrderStatusResult> {
  const { caller, input } = readCall(auth, data, errors.signInRequired, (payload) => {
    const parsed = parseSetOrderStatusInput(payload);
    return parsed ? { ok: true, input: parsed } : { ok: false, error: errors.invalidRequest };
  });
  const callerIsAdmin = await isAdmin(db, caller);
  const move: LedgerMove = 'undo' in input ? { kind: 'undo' } : { kind: 'status', to: input.status };

  const orderRef = db.collection('orders').doc(input.orderId);
  return inTransaction(
    db,
    async (transaction): Promise<SetOrderStatusResult> => {
      const order = await transaction.get(orderRef);
      if (!order.exists) throw refusal('not-found', errors.orderNotFound);
      // Someone else's order looks the same as a missing one: its existence is not the caller's business.
      if (!callerIsAdmin && order.get('user_id') !== caller.uid)
        throw refusal('not-found', errors.orderNotFound);
      const moved = await moveOrder(transaction, db, order, callerIsAdmin ? 'seller' : 'customer', move, {
        changedBy: { by: callerIsAdmin ? 'seller' : 'customer', uid: caller.uid },
        now: clock(),
      });
      return { status: moved.after.status, ...(moved.notice !== undefined && { notice: moved.notice }) };
    },
    { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
  );
}
