/**
 * A customer cancels a pending order from /orders in a real browser: a Bengali confirmation first, then the
 * seller's open dashboard shows 'বাতিল' without a reload and the jars are back in the storefront's stock.
 * Screenshots land in test-results/. (No cancel once the seller has confirmed: my-orders-page.test.tsx for the
 * button, firestore-rules.test.ts and set-order-status.emulator.test.ts for the other ways.)
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLatinDigits } from '../../src/features/ordering/model';
import {
  RESULTS,
  SHOP_URL,
  ShopBrowser,
  orderCards,
  signUp,
  uniqueEmail,
  type Account,
  uniquePhone,
  addOwnProduct,
  productCardOf,
  shopAdminFirestore,
} from '../support/shop-browser';
import { placeOrderAs } from '../support/shop-orders';

const ADMIN = { email: 'admin@achar.test', password: 'admin123' };

let shop: ShopBrowser;
let productId: string;

beforeAll(async () => {
  shop = await ShopBrowser.open();
  productId = await addOwnProduct(PRODUCT, 20);
});

afterAll(async () => {
  await shop?.close();
});

// This suite's own jar: the stock it counts changes only by its own orders (shop-browser.ts, addOwnProduct).
const PRODUCT = `বাতিল-পরীক্ষার আচার ${Date.now()}`;

/**
 * The stock the storefront's order dialog shows for this suite's product, e.g. "স্টকে আছে ৩৫টি" → 35. The page
 * stays open between readings, so a later reading shows what its live listener has brought.
 */
async function shownStock(page: Page): Promise<number> {
  if (page.url() !== `${SHOP_URL}/`) await page.goto(SHOP_URL);
  await productCardOf(page, PRODUCT).getByRole('button', { name: 'অর্ডার করুন' }).click({ timeout: 10_000 });
  const dialog = page.getByRole('dialog');
  const text = await dialog.getByText(/স্টকে আছে/).innerText();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return Number(toLatinDigits(/স্টকে আছে ([০-৯0-9]+)টি/.exec(text)![1]));
}

/**
 * What the shop holds for this suite's jar and what the page is, for a failure's message: the product's shown
 * figure, the lots' sum, whether the app runs (or only the server's HTML and its early form), and a screenshot.
 */
async function stockReport(page: Page): Promise<string> {
  const product = shopAdminFirestore().doc(`products/${productId}`);
  const [stored, lots] = await Promise.all([product.get(), product.collection('shelf').get()]);
  const shelf = lots.docs.reduce((sum, lot) => sum + (lot.get('jars') as number), 0);
  const hydrated = await page.locator('#root[data-hydrated]').count();
  await page.screenshot({ path: `${RESULTS}/cancel-order-stock-${Date.now()}.png` });
  return `stock_quantity ${String(stored.get('stock_quantity'))}, shelf_counted ${String(stored.get('shelf_counted'))}, lots ${lots.size} holding ${shelf}; page ${page.url()}, ${hydrated ? 'hydrated' : 'not hydrated (the HTML and its early form only)'}`;
}

/**
 * Until the open storefront shows `expected` jars (it follows the stock live; the page's HTML can be older). The
 * shown figure is counted by a trigger: beside the other suites, the emulator's trigger deliveries (four at a
 * time) queued for up to 40 s behind the seed's and the other suites' bursts of lot events.
 */
async function expectShownStock(page: Page, expected: number): Promise<void> {
  try {
    await expect.poll(() => shownStock(page), { timeout: 60_000 }).toBe(expected);
  } catch (error) {
    throw new Error(`The storefront never showed ${expected} jars: ${await stockReport(page)}`, {
      cause: error,
    });
  }
}

/** Orders `quantity` jars of this suite's product as this shopper; returns the buyer name on the order. */
async function orderOwnProduct(account: Account, quantity: number): Promise<string> {
  const buyer = `বাতিল-পরীক্ষা ${Date.now()}`;
  await placeOrderAs(account, {
    productId,
    quantity,
    customerName: buyer,
    customerPhone: uniquePhone(), // a number of its own: order-guard.ts limits the orders of one number
    customerAddress: 'জিনজিরা, কেরানীগঞ্জ, ঢাকা',
    paymentMethod: 'cash_on_delivery',
  });
  return buyer;
}

describe('a customer cancelling an order in a browser', () => {
  it("cancels a pending order after a Bengali confirmation; the seller sees 'বাতিল' live and the jars are back", async () => {
    const seller = await shop.signedInVisitor(ADMIN, 1280);
    await seller.goto(`${SHOP_URL}/admin`);
    await orderCards(seller).first().waitFor({ timeout: 30_000 });

    const customer = await shop.newVisitor(360);
    const account = await signUp(customer, uniqueEmail('cancel'));
    await expectShownStock(customer, 20);
    const buyer = await orderOwnProduct(account, 2);
    await expectShownStock(customer, 18);

    const sellerCard = orderCards(seller).filter({ hasText: buyer });
    await sellerCard.waitFor({ timeout: 10_000 });
    expect(await sellerCard.innerText()).toContain('অমীমাংসিত');

    await customer.goto(`${SHOP_URL}/orders`);
    const mine = customer.getByTestId('my-order').first();
    await mine.waitFor({ timeout: 20_000 });
    await mine.getByRole('button', { name: 'অর্ডার বাতিল করুন' }).click();
    const confirm = customer.getByRole('alertdialog');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(
      'অর্ডারটি বাতিল হবে, পরে আর চালু করা যাবে না। বিকাশ বা নগদ (Nagad)-এ টাকা পাঠিয়ে থাকলে সেই টাকা আপনাকে ফেরত পাঠানো হবে। আপনি কি নিশ্চিত?',
    );
    await customer.screenshot({ path: `${RESULTS}/cancel-order-confirm-360.png` });
    await confirm.getByRole('button', { name: 'হ্যাঁ, বাতিল করুন' }).click();
    await customer.getByText('অর্ডার বাতিল হয়েছে।').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => mine.innerText(), { timeout: 10_000 }).toContain('বাতিল');
    expect(await mine.getByRole('button', { name: 'অর্ডার বাতিল করুন' }).count()).toBe(0);

    // The seller's dashboard was never reloaded.
    await expect.poll(() => sellerCard.innerText(), { timeout: 10_000 }).toContain('বাতিল');
    await seller.screenshot({ path: `${RESULTS}/cancel-order-seen-by-seller-1280.png` });
    await expectShownStock(customer, 20);
  }, 240_000); // three live stock readings of up to 60 s each, beside the other suites
});
