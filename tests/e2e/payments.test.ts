/**
 * bKash/Nagad payments in a real browser, against the whole shop: the order dialog says where and how much to
 * send and takes the TrxID; the seller verifies it from the "পেমেন্ট যাচাই" filter; the customer's /orders shows it
 * live; the packing slip prints "পরিশোধিত". The same TrxID on another customer's order, and a TrxID of the wrong
 * shape, are refused in Bengali. (A rejected payment, its reason on /orders and a second TrxID: the callables'
 * functions/src/payments.emulator.test.ts and the components' my-orders-page.test.tsx and orders-tab.test.tsx.) Screenshots in test-results/
 * (the order dialog at 360 × 780 also in docs/screenshots/shop/).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '../../src/features/ordering/model';
import { DEMO_PAYMENT_SETTINGS } from '../../scripts/seed/demo-orders';
import {
  RESULTS,
  SHOP_URL,
  ShopBrowser,
  orderCards,
  shopAdminFirestore,
  signUp,
  uniqueEmail,
  addOwnProduct,
  productCardOf,
  screenshotPage,
  passPhoneCode,
  uniquePhone,
} from '../support/shop-browser';

const ADMIN = { email: 'admin@achar.test', password: 'admin123' };
// The seeded shop's accounts, left as they are: the other suites share this shop and its settings.
const BKASH_NUMBER = DEMO_PAYMENT_SETTINGS.bkash.number;

let shop: ShopBrowser;
let admin: Page;

/** A TrxID no earlier run used: bKash's ten letters and digits. */
const freshTrxId = () =>
  `T${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2)}`
    .replace(/[^A-Z0-9]/gi, '')
    .toUpperCase()
    .slice(0, 10);

// A jar of this suite's own (shop-browser.ts, addOwnProduct): the suites beside it add and delete products, so
// "the first card" could be one that is gone by the time the order is confirmed.
const PRODUCT = `পেমেন্ট-পরীক্ষার আচার ${Date.now()}`;

beforeAll(async () => {
  shop = await ShopBrowser.open();
  await addOwnProduct(PRODUCT, 50);
  admin = await shop.signedInVisitor(ADMIN, 1280);
  await admin.goto(`${SHOP_URL}/admin`);
  await admin.getByRole('heading', { name: 'অ্যাডমিন ড্যাশবোর্ড' }).waitFor({ timeout: 20_000 });
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

/** A new customer on a 360 × 780 phone, with the order dialog of the first jar open and filled, bKash chosen. */
async function customerWithBkashDialog(buyer: string, phone: string) {
  const customer = await shop.newVisitor(360);
  await customer.setViewportSize({ width: 360, height: 780 });
  await signUp(customer, uniqueEmail('payments'));
  await productCardOf(customer, PRODUCT).waitFor({ timeout: 30_000 });
  await productCardOf(customer, PRODUCT).getByRole('button', { name: 'অর্ডার করুন' }).click();
  const dialog = customer.getByRole('dialog');
  await dialog.getByTestId('order-limits').waitFor();
  await dialog.getByLabel('আপনার নাম').fill(buyer);
  await dialog.getByLabel('মোবাইল নম্বর').fill(phone);
  await dialog.getByLabel('ডেলিভারি ঠিকানা').fill('জিনজিরা, কেরানীগঞ্জ, ঢাকা');
  await dialog.getByText('বিকাশ', { exact: true }).click();
  await dialog.getByTestId('wallet-payment').waitFor();
  return { customer, dialog };
}

/** The seller's card of the order with this TrxID, from the "পেমেন্ট যাচাই" filter. */
async function cardToVerify(trxId: string) {
  const toVerify = admin.getByRole('button', { name: /^পেমেন্ট যাচাই/ });
  if ((await toVerify.getAttribute('aria-pressed')) !== 'true') await toVerify.click();
  const card = orderCards(admin).filter({ hasText: trxId });
  await card.waitFor({ timeout: 20_000 });
  return card;
}

describe('bKash payments', () => {
  it('a bKash order from the dialog with its TrxID: verified by the seller, live on /orders, paid on the slip', async () => {
    const buyer = `বিকাশ ক্রেতা ${Date.now()}`;
    // A number of its own: a verified number belongs to one account.
    const phone = uniquePhone();
    const { customer, dialog } = await customerWithBkashDialog(buyer, phone);
    const steps = dialog.getByTestId('wallet-payment');
    const text = await steps.innerText();
    expect(text).toContain(`নম্বর: ${BKASH_NUMBER}`);
    expect(text).toContain('“Send Money”');
    expect(text).toMatch(/টাকার পরিমাণ: ঠিক ৳/);
    expect(text).toContain(`রেফারেন্সে লিখুন আপনার মোবাইল নম্বর: ${phone}`);

    // At 360 × 780 the running total and the confirm stay on screen, whatever the body holds above them.
    const total = dialog.getByTestId('order-total');
    const box = (await total.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(780);
    await expect
      .poll(() =>
        total.evaluate((node) => {
          const rect = node.getBoundingClientRect();
          const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          return node.contains(top);
        }),
      )
      .toBe(true);
    await steps.scrollIntoViewIfNeeded();
    await customer.screenshot({ path: `${RESULTS}/order-dialog-bkash-360.png` });
    await customer.screenshot({ path: 'docs/screenshots/shop/order-dialog-bkash-360.png' });

    // A TrxID of the wrong shape is refused in Bengali, and nothing is placed.
    await dialog.getByLabel('ট্রানজেকশন আইডি (TrxID)').fill('12AB');
    await dialog.getByLabel('যে নম্বর থেকে টাকা পাঠিয়েছেন').fill('01812345678');
    await dialog.getByRole('button', { name: 'অর্ডার দিন' }).click();
    await dialog.getByText(orderMessages.payment.trxIdWrongFormat.bkash).waitFor();

    const trxId = freshTrxId();
    await dialog.getByLabel('ট্রানজেকশন আইডি (TrxID)').fill(trxId.toLowerCase());
    await dialog.getByRole('button', { name: 'অর্ডার দিন' }).click();
    await passPhoneCode(dialog, phone); // the account's first order: the phone code
    await customer.getByText('অর্ডার সফল!').waitFor({ timeout: 30_000 });

    await customer.goto(`${SHOP_URL}/orders`);
    const mine = customer.getByTestId('my-order').filter({ hasText: trxId });
    await mine.waitFor({ timeout: 20_000 });
    expect(await mine.getByTestId('my-payment-state').innerText()).toBe('পেমেন্ট যাচাই বাকি');

    const card = await cardToVerify(trxId);
    expect(await card.innerText()).toContain('01812345678');
    await admin.screenshot({ path: `${RESULTS}/payments-to-verify-1280.png` });
    await card.getByRole('button', { name: 'পেমেন্ট মিলেছে' }).click();
    await admin.getByText('পেমেন্ট যাচাই হয়েছে।').waitFor({ timeout: 15_000 });

    // Live on the customer's page, no reload.
    await expect
      .poll(() => mine.getByTestId('my-payment-state').innerText(), { timeout: 10_000 })
      .toBe('পরিশোধিত');
    await screenshotPage(customer, `${RESULTS}/payments-verified-by-customer-360.png`);

    const [stored] = (
      await shopAdminFirestore().collection('orders').where('payment_trxid', '==', trxId).get()
    ).docs;
    const slips = await shop.signedInVisitor(ADMIN, 1280);
    await slips.goto(`${SHOP_URL}/admin/slips?order=${stored.id}`);
    const slip = slips.locator('.packing-slip');
    await slip.waitFor({ timeout: 20_000 });
    expect(await slip.innerText()).toContain(`পরিশোধিত (TrxID ${trxId})`);
    await slips.screenshot({ path: `${RESULTS}/payments-slip-paid-1280.png` });

    // The same TrxID on another customer's order is refused, in Bengali.
    const otherPhone = uniquePhone();
    const other = await customerWithBkashDialog(`আরেক ক্রেতা ${Date.now()}`, otherPhone);
    await other.dialog.getByLabel('ট্রানজেকশন আইডি (TrxID)').fill(trxId);
    await other.dialog.getByLabel('যে নম্বর থেকে টাকা পাঠিয়েছেন').fill('01912345678');
    await other.dialog.getByRole('button', { name: 'অর্ডার দিন' }).click();
    await passPhoneCode(other.dialog, otherPhone);
    await other.customer.getByText(orderMessages.payment.trxIdUsedElsewhere).waitFor({ timeout: 30_000 });
  }, 240_000);
});
