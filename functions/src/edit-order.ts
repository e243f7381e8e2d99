import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  BLOCKED_PHONES,
  CUSTOMER_EDITABLE_FIELDS,
  editedFields,
  isEditableStatus,
  isOrderStatus,
  MAX_PRODUCT_STOCK,
  needsVerifiedPhone,
  orderMessages,
  orderSearchTerms,
  orderTotal,
  parseEditOrderInput,
  phoneFromE164,
  prefixTerms,
  PHONE_SUMMARIES,
  searchPhone,
  toBengaliDigits,
  toPoisha,
  type EditableOrderField,
  type EditOrderResult,
} from '../../src/features/ordering/model';
import { isAdmin } from './admin-role';
import { signedInCaller } from './caller';
import { CUSTOMERS, spentBy } from './customer-summary';
import { changesOf, recordHistory } from './order-history';
import { readPaymentSettingsIn } from './order-payment';
import { recordTotalChange } from './order-stats';
import { isAborted, refusal } from './refusal';

const m = orderMessages.edit;
const MAX_TRANSACTION_ATTEMPTS = 30;

function millisOf(value: unknown): number | null {
  const moment = value as { toMillis?: () => number } | null | undefined;
  return typeof moment?.toMillis === 'function' ? moment.toMillis() : null;
}

/**
 * The editOrder callable: before the order leaves the shop the seller changes its quantity, name, phone or
 * address (pending, confirmed, preparing); the customer who placed it changes its address or phone while it is
 * pending. In one transaction: the jars' difference comes off the shelf or goes back, the total (at the order's
 * own price) and with it the statistics roll-ups and the customer's spending, the number's summary follows a new
 * phone, the search fields follow a new name or phone, and the history records old → new. A quantity above the
 * per-order limit or the shelf, a blocked number, or (for a customer's cash order when the shop asks for it) a
 * number the account has not verified, is refused as for a new order, and nothing changes.
 */
export async function editOrder(db: Firestore, auth: unknown, data: unknown): Promise<EditOrderResult> {
  const caller = signedInCaller(auth);
  if (!caller) throw refusal('unauthenticated', m.signInRequired);
  const parsed = parseEditOrderInput(data);
  if (!parsed.ok) throw refusal('invalid-argument', parsed.error);
  const input = parsed.input;
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
  try {
    await db.runTransaction(
      async (transaction) => {
        const order = await transaction.get(orderRef);
        if (!order.exists) throw refusal('not-found', m.orderNotFound);
        // Another's order reads as a missing one: its existence is not the caller's business.
        if (!callerIsAdmin && order.get('user_id') !== caller.uid)
          throw refusal('not-found', m.orderNotFound);
        const stored = order.data()!;
        const status: unknown = stored.status;
        if (!isOrderStatus(status) || !isEditableStatus(status, !callerIsAdmin)) {
          throw refusal(
            'failed-precondition',
            !callerIsAdmin && isOrderStatus(status) && isEditableStatus(status, false)
              ? m.customerOnlyPending
              : m.notEditable,
          );
        }
        const fields = Object.fromEntries(
          Object.entries(wanted).filter(([field, value]) => stored[field] !== value),
        ) as Partial<Record<EditableOrderField, string | number>>;
        changed = Object.keys(fields) as EditableOrderField[];
        if (changed.length === 0) return;

        // Every read first.
        const oldQuantity = typeof stored.quantity === 'number' ? stored.quantity : 0;
        const newQuantity = typeof fields.quantity === 'number' ? fields.quantity : oldQuantity;
        const jars = newQuantity - oldQuantity;
        const productId: unknown = stored.product_id;
        const productRef =
          jars !== 0 && typeof productId === 'string' && productId !== ''
            ? db.collection('products').doc(productId)
            : null;
        const product = productRef ? await transaction.get(productRef) : null;
        const oldPhone = typeof stored.customer_phone === 'string' ? stored.customer_phone : '';
        const newPhone = typeof fields.customer_phone === 'string' ? fields.customer_phone : null;
        if (newPhone !== null) {
          // A new number meets the same door as a new order's: a blocked one is turned away in the same words.
          const blocked = await transaction.get(db.collection(BLOCKED_PHONES).doc(newPhone));
          if (blocked.exists) throw refusal('failed-precondition', orderMessages.guard.unavailable);
          if (!callerIsAdmin) {
            const settings = await readPaymentSettingsIn(transaction, db);
            if (
              needsVerifiedPhone(String(stored.payment_method), settings.phone_verification_required) &&
              phoneFromE164(caller.token.phone_number) !== newPhone
            ) {
              throw refusal('failed-precondition', orderMessages.guard.phoneNotVerified);
            }
          }
        }
        const customerKey = typeof stored.customer_key === 'string' ? stored.customer_key : '';
        const summaryRef = customerKey !== '' ? db.collection(CUSTOMERS).doc(customerKey) : null;
        const summary = summaryRef ? await transaction.get(summaryRef) : null;

        // The checks of a new order's quantity, on the difference.
        let stockAfter: number | null = null;
        if (jars !== 0) {
          const stock: unknown = product?.get('stock_quantity');
          if (!product?.exists || typeof stock !== 'number')
            throw refusal('failed-precondition', m.productGone);
          if (stock - jars < 0)
            throw refusal('failed-precondition', m.notEnoughStock(toBengaliDigits(stock)));
          stockAfter = Math.min(stock - jars, Math.max(stock, MAX_PRODUCT_STOCK));
        }

        // Then every write.
        const price = typeof stored.product_price === 'number' ? stored.product_price : 0;
        const total = jars !== 0 ? orderTotal(price, newQuantity) : (stored.total_amount as number);
        const name = typeof fields.customer_name === 'string' ? fields.customer_name : stored.customer_name;
        const write: Record<string, unknown> = {
          ...fields,
          total_amount: total,
          updated_at: FieldValue.serverTimestamp(),
          edited_at: FieldValue.serverTimestamp(),
        };
        if (newPhone !== null) write.search_phone = searchPhone(newPhone);
        if (fields.customer_name !== undefined) {
          write.search_terms = orderSearchTerms({
            id: orderRef.id,
            customer_name: String(name),
            product_name: String(stored.product_name ?? ''),
          });
        }
        transaction.update(orderRef, write);
        if (productRef && stockAfter !== null) {
          transaction.update(productRef, {
            stock_quantity: stockAfter,
            updated_at: FieldValue.serverTimestamp(),
          });
        }
        const poishaChange = spentBy({ status, total_amount: total }) - spentBy(stored);
        if (summaryRef && summary?.exists) {
          // The summary shows the latest order's name and phone: this one's, if it is the latest.
          const isLatest = millisOf(stored.created_at) === millisOf(summary.get('last_order_at'));
          transaction.update(summaryRef, {
            ...(poishaChange !== 0 && { spent: FieldValue.increment(poishaChange) }),
            ...(isLatest &&
              fields.customer_name !== undefined && {
                name: fields.customer_name,
                search_terms: prefixTerms([String(fields.customer_name)]),
              }),
            ...(isLatest && newPhone !== null && { phone: newPhone, search_phone: searchPhone(newPhone) }),
          });
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
        if (jars !== 0) recordTotalChange(transaction, db, stored, toPoisha(total));
        recordHistory(
          transaction,
          orderRef,
          { by: callerIsAdmin ? 'seller' : 'customer', uid: caller.uid },
          changesOf(stored, { ...fields, ...(jars !== 0 && { total_amount: total }) }),
        );
      },
      { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
    );
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    if (isAborted(error)) throw refusal('aborted', orderMessages.errors.tooBusy);
    throw error;
  }
  return { changed };
}
