// The low-stock mail against the repo's Firestore emulator, in-process: orders take the lemon pickle's jars
// through the real placeOrder, and the trigger's handler runs on each product write, twice where a trigger
// could run twice.
import { beforeEach, describe, expect, it } from 'vitest';
import { countShelf } from './shelf-lots';
import { checkLowStock, LOW_STOCK_ALERTS } from './low-stock';
import { MAIL_COLLECTION } from './order-mail';
import { lemonOrder, placeOrder, useLemonShelf } from './testing/lemon-shelf';

const shelf = useLemonShelf('low-stock-emulator-test');
const lemon = async () => (await shelf.db.doc('products/lemon').get()).data();
const lowStockMails = async () =>
  (await shelf.db.collection(MAIL_COLLECTION).get()).docs.filter((doc) => doc.id.startsWith('low-stock-'));

/** An order through placeOrder, then the count its tickets trigger, which writes the product's shelf. */
async function sell(uid: string, quantity: number) {
  await placeOrder(shelf.db, { uid, token: {} }, lemonOrder({ quantity }));
  await countShelf(shelf.db, shelf.db.doc('products/lemon'));
}

/** What the trigger does after each product write, delivered twice as Eventarc may. */
async function triggerTwice() {
  const product = await lemon();
  const first = await checkLowStock(shelf.db, 'lemon', product);
  const second = await checkLowStock(shelf.db, 'lemon', product);
  return [first, second];
}

beforeEach(async () => {
  const old = [
    ...(await shelf.db.collection(MAIL_COLLECTION).get()).docs,
    ...(await shelf.db.collection(LOW_STOCK_ALERTS).get()).docs,
  ];
  await Promise.all(old.map((doc) => doc.ref.delete()));
  await shelf.db
    .doc('settings/notifications')
    .set({ order_mail_enabled: true, order_mail_to: 'seller@example.com' });
  await shelf.db.doc('products/lemon').update({ stock_quantity: 9, low_stock_threshold: 6 });
});

describe('the low-stock mail', () => {
  it('mails once when the jars cross the threshold downward, not again until restocked above it', async () => {
    await sell('a', 2); // 7: above 6
    expect(await triggerTwice()).toEqual(['nothing', 'nothing']);
    await sell('b', 1); // 6: at the threshold
    expect(await triggerTwice()).toEqual(['mailed', 'already-alerted']);
    await sell('c', 4); // 2: still low
    expect(await triggerTwice()).toEqual(['already-alerted', 'already-alerted']);

    const mails = await lowStockMails();
    expect(mails).toHaveLength(1);
    expect(mails[0].data()).toMatchObject({ to: 'seller@example.com' });
    expect(mails[0].data().message.subject).toContain('লেবুর আচার');
    expect(mails[0].data().message.text).toContain('৬টিতে নেমেছে (কম স্টকের সীমা ৬টি)');

    await shelf.db.doc('products/lemon').update({ stock_quantity: 20 }); // restocked
    expect(await triggerTwice()).toEqual(['rearmed', 'nothing']);
    await shelf.db.doc('products/lemon').update({ stock_quantity: 0 }); // sold out in one go
    expect(await triggerTwice()).toEqual(['mailed', 'already-alerted']);
    const again = await lowStockMails();
    expect(again).toHaveLength(2);
    expect(again.map((doc) => doc.data().message.subject as string)).toContain('স্টক শেষ: লেবুর আচার');
  });

  it('uses the default threshold of 5 for a product without its own, and mails nobody when the mail is off', async () => {
    await shelf.db.doc('settings/notifications').set({ order_mail_enabled: false, order_mail_to: '' });
    const { FieldValue } = await import('firebase-admin/firestore');
    await shelf.db
      .doc('products/lemon')
      .update({ stock_quantity: 6, low_stock_threshold: FieldValue.delete() });
    expect(await checkLowStock(shelf.db, 'lemon', await lemon())).toBe('nothing');
    await shelf.db.doc('products/lemon').update({ stock_quantity: 5 });
    expect(await checkLowStock(shelf.db, 'lemon', await lemon())).toBe('off');
    expect(await lowStockMails()).toHaveLength(0);
  });
});
