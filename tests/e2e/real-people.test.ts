/**
 * Cash orders from real people, in a real browser against the local shop: a first cash order asks for the
 * phone code (read here from the Auth emulator's REST list, as the console shows it), a wrong code is refused in
 * Bengali, the right one places the order; the same account's next cash order with that number asks nothing.
 * (An order for a blocked number, refused with a message that does not say it is blocked:
 * functions/src/order-guard.emulator.test.ts; the dialog showing a refusal's Bengali message: payments.test.ts.)
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_MINUTES_BETWEEN_ORDERS, phoneMarkerId } from '../../src/features/ordering/model';
import {
  RESULTS,
  SHOP_URL,
  ShopBrowser,
  phoneCodeFor,
  shopAdminFirestore,
  signUp,
  uniqueEmail,
  uniquePhone,
  addOwnProduct,
  productCardOf,
} from '../support/shop-browser';

let shop: ShopBrowser;

beforeAll(async () => {
  shop = await ShopBrowser.open();
  await addOwnProduct(PRODUCT, 50);
});

afterAll(async () => {
  await shop?.close();
});

// A jar of this suite's own (shop-browser.ts, addOwnProduct): the suites beside it add and delete products, so
// "the first card" could be one that is gone by the time the order is confirmed.
const PRODUCT = `ক্যাশ-পরীক্ষার আচার ${Date.now()}`;

/** Opens the first product's dialog and confirms a cash order for `phone`; returns the dialog. */
async function confirmCashOrder(page: Page, phone: string, buyer: string) {
  await page.goto(SHOP_URL);
  await productCardOf(page, PRODUCT).waitFor({ timeout: 30_000 });
  await productCardOf(page, PRODUCT).getByRole('button', { name: 'অর্ডার করুন' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('order-limits').waitFor();
  await dialog.getByLabel('আপনার নাম').fill(buyer);
  await dialog.getByLabel('মোবাইল নম্বর').fill(phone);
  await dialog.getByLabel('ডেলিভারি ঠিকানা').fill('জিনজিরা, কেরানীগঞ্জ, ঢাকা');
  await dialog.getByRole('button', { name: 'অর্ডার দিন' }).click();
  return dialog;
}

async function ordersOf(phone: string) {
  return (await shopAdminFirestore().collection('orders').where('customer_phone', '==', phone).get()).docs;
}

describe('cash orders from real people', () => {
  it('asks for the phone code before the first cash order only', async () => {
    const phone = uniquePhone();
    const customer = await shop.newVisitor(360);
    await signUp(customer, uniqueEmail('real-people'));

    const dialog = await confirmCashOrder(customer, phone, 'আসল গ্রাহক');
    const step = dialog.getByTestId('phone-verification');
    await step.waitFor({ timeout: 60_000 });
    expect(await step.innerText()).toContain('Authentication');
    await step.getByRole('button', { name: 'কোড পাঠান' }).click();
    const code = await phoneCodeFor(phone);
    await customer.screenshot({ path: `${RESULTS}/real-people-phone-code.png` });

    const codeBox = step.getByRole('textbox');
    await codeBox.fill(code === '000000' ? '111111' : '000000');
    await step.getByRole('button', { name: 'কোড যাচাই করে অর্ডার দিন' }).click();
    await step.getByText('কোডটি সঠিক নয় — আবার দেখে লিখুন।').waitFor({ timeout: 20_000 });
    expect(await ordersOf(phone)).toHaveLength(0);

    await codeBox.fill(code);
    await step.getByRole('button', { name: 'কোড যাচাই করে অর্ডার দিন' }).click();
    await customer.getByText('অর্ডার সফল!').first().waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'hidden' });
    const placedAt = Date.now();
    expect(await ordersOf(phone)).toHaveLength(1);

    // The first customer's next cash order with the same number, once the minimum time has passed: no code.
    // The limit markers (order-guard.ts) say the first order was taken that long ago, instead of waiting it out.
    const uid = (await ordersOf(phone))[0].get('user_id') as string;
    const minimumAgo = placedAt - MIN_MINUTES_BETWEEN_ORDERS * 60_000 - 2_000;
    for (const marker of [uid, phoneMarkerId(phone)])
      await shopAdminFirestore()
        .doc(`order-limits/${marker}`)
        .set({ last_order_ms: minimumAgo }, { merge: true });
    const again = await confirmCashOrder(customer, phone, 'আসল গ্রাহক');
    await customer.getByText('অর্ডার সফল!').first().waitFor({ timeout: 30_000 });
    await again.waitFor({ state: 'hidden' });
    expect(await again.getByTestId('phone-verification').count()).toBe(0);
    expect(await ordersOf(phone)).toHaveLength(2);
  }, 300_000);
});
