import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  CUSTOMER_EDITABLE_FIELDS,
  editedFields,
  fromPoisha,
  orderMessages,
  orderSearchTerms,
  parseEditOrderInput,
  prefixTerms,
  PHONE_SUMMARIES,
  searchPhone,
  type EditableOrderField,
  type EditOrderResult,
} from '../../src/features/ordering/model';
import { storedMillis } from '../../src/lib/stored-date';
import { isAdmin } from './admin-role';
import { inTransaction, readCall } from './callable';
import { CUSTOMERS, spentBy } from './customer-summary';
import { prepareOrderMove } from './move-order';
import { guardPhoneChange, type OrderGuardOptions } from './order-guard';
import { refusal } from './refusal';

const m = orderMessages.edit;
const MAX_TRANSACTION_ATTEMPTS = 30;

/**
 * The editOrder callable: before the order leaves the shop the seller changes its quantity, name, phone or
 * address (pending, confirmed, preparing); the customer who placed it changes its address or phone while it is
 * pending. The quantity is an order ledger move (moveOrder): the jars' difference comes off the shelf or goes back,
 * the total follows at the order's own price, and a payment already made leaves a balance to collect at the door
 * or money owed back. In the same transaction the customer's spending and summary, the number's summary, the
 * search fields and the history follow. A new number meets the same blocklist, code and limits as a new order's.
 */
export async function editOrder(
  db: Firestore,
  auth: unknown,
  data: unknown,
  clock: () => Date = () => new Date(),
  guardOptions: OrderGuardOptions = {},
): Promise<EditOrderResult> {
  const { caller, input } = readCall(auth, data, m.signInRequired, parseEditOrderInput);
  const wanted = editedFields(input);
  const callerIsAdmin = await isAdmin(db, caller);
  if (
    !callerIsAdmin &&
    Object.keys(wanted).some((field) => !CUSTOMER_EDITABLE_FIELDS.includes(field as EditableOrderField))
  ) {
    throw refusal('permission-denied', m.customerFieldsOnly);
  }

  const orderRef = db.collection('orders').doc(input.orderId);
  let changed: EditableOrderField[] = [];
  await inTransaction(
    db,
    async (transaction) => {
      const order = await transaction.get(orderRef);
      if (!order.exists) throw refusal('not-found', m.orderNotFound);
      // Another's order reads as a missing one: its existence is not the caller's business.
      if (!callerIsAdmin && order.get('user_id') !== caller.uid) throw refusal('not-found', m.orderNotFound);
      const stored = order.data()!;
      const fields = Object.fromEntries(
        Object.entries(wanted).filter(([field, value]) => stored[field] !== value),
      ) as Partial<Record<EditableOrderField, string | number>>;
      changed = Object.keys(fields) as EditableOrderField[];
      const { quantity, ...details } = fields;
      const now = clock();

      // Every read first: the new number's door, the customer's summary, then the ledger's own reads.
      const oldPhone = typeof stored.customer_phone === 'string' ? stored.customer_phone : '';
      const newPhone = typeof details.customer_phone === 'string' ? details.customer_phone : null;
      const phoneGuard =
        newPhone !== null
          ? await guardPhoneChange(
              transaction,
              db,
              { caller, phone: newPhone, now, byCustomer: !callerIsAdmin },
              guardOptions,
            )
          : null;
      const customerKey = typeof stored.customer_key === 'string' ? stored.customer_key : '';
      const summaryRef = customerKey !== '' ? db.collection(CUSTOMERS).doc(customerKey) : null;
      const summary = summaryRef && changed.length > 0 ? await transaction.get(summaryRef) : null;
      const name = typeof details.customer_name === 'string' ? details.customer_name : null;
      const move = await prepareOrderMove(
        transaction,
        db,
        order,
        callerIsAdmin ? 'seller' : 'customer',
        { kind: 'edit', quantity: typeof quantity === 'number' ? quantity : Number(stored.quantity) },
        {
          changedBy: { by: callerIsAdmin ? 'seller' : 'customer', uid: caller.uid },
          keepSpent: true,
          now,
          fields:
            changed.length === 0
              ? {}
              : {
                  ...details,
                  edited_at: FieldValue.serverTimestamp(),
                  ...(newPhone !== null && { search_phone: searchPhone(newPhone) }),
                  ...(name !== null && {
                    search_terms: orderSearchTerms({
                      id: orderRef.id,
                      customer_name: name,
                      product_name: String(stored.product_name ?? ''),
                    }),
                  }),
                },
        },
      );
      if (!move.changed) return;

      // Then every write.
      move.write();
      phoneGuard?.record();
      const total = fromPoisha(move.after.total);
      const poishaChange = spentBy({ status: stored.status, total_amount: total }) - spentBy(stored);
      if (summaryRef && summary?.exists) {
        // The summary shows the latest order's name and phone: this one's, if it is the latest.
        const isLatest = storedMillis(stored.created_at) === storedMillis(summary.get('last_order_at'));
        const update = {
          ...(poishaChange !== 0 && { spent: FieldValue.increment(poishaChange) }),
          ...(isLatest && name !== null && { name, search_terms: prefixTerms([name]) }),
          ...(isLatest && newPhone !== null && { phone: newPhone, search_phone: searchPhone(newPhone) }),
        };
        if (Object.keys(update).length > 0) transaction.update(summaryRef, update);
      }
      if (newPhone !== null && oldPhone !== '') {
        // An open order counts only as an order in its number's summary (its outcome is still to come).
        transaction.set(
          db.collection(PHONE_SUMMARIES).doc(oldPhone),
          { orders: FieldValue.increment(-1) },
          { merge: true },
        );
        transaction.set(
          db.collection(PHONE_SUMMARIES).doc(newPhone),
          { orders: FieldValue.increment(1) },
          { merge: true },
        );
      }
    },
    { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
  );
  return { changed };
}
