/**
 * One mail to the seller when a jar crosses its low-stock threshold downward (low-stock.ts in the ordering
 * model), through the same `mail` outbox as the order mail, and not again until it is restocked above it.
 * Whether the seller was told is kept in `low_stock_alerts/{productId}` ({ alerted, crossings }), read and written
 * in one transaction with the mail: the trigger runs at least once, and a second run of the same change finds
 * the product already alerted and writes nothing.
 */
import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { displayLine, lowStockThresholdOf, toBengaliDigits } from '../../src/features/ordering/model';
import { escapeHtml } from '../../src/lib/html';
import { MAIL_COLLECTION, sellerMailRecipient, type MailDocument } from './order-mail';
import { lowStockMailTexts } from './order-mail-texts';

export const LOW_STOCK_ALERTS = 'low_stock_alerts';

function lowStockMail(to: string, name: string, stock: number, threshold: number): MailDocument {
  const shownName = displayLine(name);
  const subject =
    stock <= 0
      ? lowStockMailTexts.soldOut(shownName)
      : lowStockMailTexts.subject(shownName, toBengaliDigits(stock));
  const body = lowStockMailTexts.body(shownName, toBengaliDigits(stock), toBengaliDigits(threshold));
  return {
    to,
    message: {
      subject,
      text: `${body}\n\n${lowStockMailTexts.again}`,
      html: `<p>${escapeHtml(body)}</p><p style="color:#666">${escapeHtml(lowStockMailTexts.again)}</p>`,
    },
  };
}

export type LowStockOutcome = 'mailed' | 'already-alerted' | 'rearmed' | 'nothing' | 'off';

/** On every write of a product: mails the first time it is at or below its threshold, re-arms above it. */
export async function checkLowStock(
  db: Firestore,
  productId: string,
  product: DocumentData | undefined,
): Promise<LowStockOutcome> {
  const alertRef = db.collection(LOW_STOCK_ALERTS).doc(productId);
  if (!product) {
    await alertRef.delete();
    return 'nothing';
  }
  const stock: unknown = product.stock_quantity;
  if (typeof stock !== 'number') return 'nothing';
  const threshold = lowStockThresholdOf(product);
  const low = stock <= threshold;
  const to = await sellerMailRecipient(db);
  return db.runTransaction(async (transaction) => {
    const alert = await transaction.get(alertRef);
    const alerted = alert.get('alerted') === true;
    if (!low) {
      if (!alerted) return 'nothing';
      transaction.set(alertRef, { alerted: false }, { merge: true });
      return 'rearmed';
    }
    if (alerted) return 'already-alerted';
    const crossings = ((alert.get('crossings') as number | undefined) ?? 0) + 1;
    transaction.set(alertRef, { alerted: true, crossings, alerted_at: FieldValue.serverTimestamp() });
    if (!to) return 'off';
    transaction.create(
      db.collection(MAIL_COLLECTION).doc(`low-stock-${productId}-${crossings}`),
      lowStockMail(to, String(product.name ?? ''), stock, threshold),
    );
    return 'mailed';
  });
}
