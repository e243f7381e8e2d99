/**
 * The courier in a real browser at 360 px against the local shop and its local courier (emulators/src/courier):
 * the seller books a packed order from its card, the courier delivers it (its webhook calls the shop's
 * courierWebhook function), and the seller's card and the customer's /orders update live, and the seller records
 * the courier's payout of its cash; another is cancelled at the door and its jars come back only when the seller
 * says it came home. Screenshots in test-results/.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCourierConfig } from '../../scripts/stack/courier';
import { REPO_ROOT } from '../support/emulator-processes';
import {
  RESULTS,
  SHOP_URL,
  ShopBrowser,
  orderCards,
  screenshotPage,
  shopAdminFirestore,
  signUp,
  signedInUser,
  uniqueEmail,
} from '../support/shop-browser';

const ADMIN = { email: 'admin@achar.test', password: 'admin123' };
const RUN = Date.now().toString(36).toUpperCase();
const courier = localCourierConfig(REPO_ROOT);
const courierControl = `http://${courier.host}:${courier.port}/__courier`;

let shop: ShopBrowser;
let db: Firestore;
const PRODUCT_ID = `courier-jar-${RUN}`;

beforeAll(async () => {
  shop = await ShopBrowser.open();
  db = shopAdminFirestore();
  await db.doc(`products/${PRODUCT_ID}`).set({
    name: `কুরিয়ার-পরীক্ষার আচার ${RUN}`,
    description: 'পরীক্ষার জন্য',
    price: 250,
    stock_quantity: 10,
    is_active: false,
    created_at: Timestamp.now(),
  });
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

/** A packed cash order of `quantity` jars of the suite's own product, for `uid`. */
async function packedOrder(uid: string, name: string, quantity: number): Promise<string> {
  const ref = db.collection('orders').doc(`courier${RUN}${name.length}${quantity}`);
  await ref.set({
    product_id: PRODUCT_ID,
    product_name: `কুরিয়ার-পরীক্ষার আচার ${RUN}`,
    product_price: 250,
    quantity,
    total_amount: 250 * quantity,
    customer_name: name,
    customer_phone: '01712345678',
    customer_email: '',
    customer_address: 'জিনজিরা, কেরানীগঞ্জ, ঢাকা',
    payment_method: 'cash_on_delivery',
    payment_state: 'collect_on_delivery',
    user_id: uid,
    status: 'preparing',
    created_at: Timestamp.now(),
  });
  return ref.id;
}

async function moveParcel(orderId: string, status: string): Promise<void> {
  const consignmentId = (await db.doc(`orders/${orderId}`).get()).get('courier_consignment_id') as string;
  const answer = await fetch(`${courierControl}/parcels/${consignmentId}/status`, {
    method: 'POST',
    body: JSON.stringify({ status }),
  });
  const body = (await answer.json()) as { webhook: { status: number } | null };
  expect(body.webhook?.status).toBe(200);
}

describe('handing parcels to the courier', () => {
  it(
    'books from the card, the courier delivers and pays out, a refused parcel comes home',
    { timeout: 240_000 },
    async () => {
      const customer = await shop.newVisitor(360);
      await signUp(customer, uniqueEmail('courier'));
      const { uid } = await signedInUser(customer);
      const delivered = await packedOrder(uid, `কুরিয়ার-সরবরাহ ${RUN}`, 2);
      const refused = await packedOrder(uid, `কুরিয়ার-ফেরত ${RUN} ক`, 3);
      const stock = async () =>
        (await db.doc(`products/${PRODUCT_ID}`).get()).get('stock_quantity') as number;

      const seller = await shop.signedInVisitor(ADMIN, 360);
      await seller.goto(`${SHOP_URL}/admin`);
      for (const orderId of [delivered, refused]) {
        const card = orderCards(seller).filter({ hasText: orderId.slice(-8) });
        await card.getByRole('button', { name: 'কুরিয়ারে বুক করুন' }).click({ timeout: 30_000 });
        await card.getByText(/ট্র্যাকিং কোড [0-9A-F]{8}/).waitFor({ timeout: 60_000 });
      }
      const booked = (await db.doc(`orders/${delivered}`).get()).data()!;
      expect(booked).toMatchObject({ status: 'delivering', courier_state: 'in_review' });
      await screenshotPage(seller, `${RESULTS}/courier-booked-360.png`);

      await customer.goto(`${SHOP_URL}/orders`);
      const mine = customer.getByTestId('my-order').filter({ hasText: delivered.slice(-8) });
      await mine.getByTestId('my-order-tracking').waitFor({ timeout: 30_000 });

      // The courier delivers: its webhook moves the order; both screens follow without a reload.
      await moveParcel(delivered, 'delivered');
      const deliveredCard = orderCards(seller).filter({ hasText: delivered.slice(-8) });
      await deliveredCard
        .getByTestId('courier-state')
        .filter({ hasText: 'কুরিয়ার সরবরাহ করেছে' })
        .waitFor({ timeout: 30_000 });
      await expect.poll(() => mine.innerText(), { timeout: 30_000 }).toContain('সরবরাহ');
      expect((await db.doc(`orders/${delivered}`).get()).get('paid_amount')).toBe(500);
      await screenshotPage(customer, `${RESULTS}/courier-delivered-customer-360.png`);

      // The courier pays the delivered parcel's cash out: the seller records the payout, picking the order.
      await seller.getByText(/কুরিয়ারের কাছে পাওনা ৳/).waitFor({ timeout: 30_000 });
      await seller.getByRole('button', { name: 'কুরিয়ারের পেমেন্ট লিখুন' }).click();
      const payout = seller.getByRole('alertdialog');
      await payout.getByLabel('টাকার অঙ্ক').fill('500');
      await payout.getByLabel('কুরিয়ারের রেফারেন্স').fill(`SF-${RUN}`);
      await payout
        .locator('label')
        .filter({ hasText: delivered.slice(-8) })
        .click();
      await screenshotPage(seller, `${RESULTS}/courier-payout-360.png`);
      await payout.getByRole('button', { name: 'পেমেন্ট লিখুন' }).click();
      await payout.waitFor({ state: 'hidden', timeout: 30_000 });
      const settled = (await db.doc(`orders/${delivered}`).get()).data()!;
      expect(settled).toMatchObject({ courier_collected: 500, courier_payout_reference: `SF-${RUN}` });

      // Cancelled at the door: shown as coming back; the jars return only when the seller says so.
      const before = await stock();
      await moveParcel(refused, 'cancelled');
      const refusedCard = orderCards(seller).filter({ hasText: refused.slice(-8) });
      const cameHome = refusedCard.getByRole('button', { name: 'ফেরত পেয়েছি' });
      await cameHome.waitFor({ timeout: 30_000 });
      expect(await stock()).toBe(before);
      await screenshotPage(seller, `${RESULTS}/courier-coming-back-360.png`);
      await cameHome.click();
      await expect.poll(stock, { timeout: 30_000 }).toBe(before + 3);
      expect((await db.doc(`orders/${refused}`).get()).get('status')).toBe('returned');
    },
  );
});
