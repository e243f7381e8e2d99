/**
 * A customer cancels a pending order from /orders in a real browser: a Bengali confirmation first, then the
 * seller's open dashboard shows 'বাতিল' without a reload and the jars are back in the storefront's stock.
 * Once the seller confirms an order there is no cancel button, and neither the rules nor setOrderStatus let the
 * customer change it another way. Screenshots land in test-results/.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  query,
  where,
  serverTimestamp,
  setLogLevel,
  updateDoc,
} from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../emulators/src/config.js';
import { toLatinDigits } from '../../src/features/ordering/model';
import {
  RESULTS,
  SHOP_URL,
  ShopBrowser,
  orderCards,
  signIn,
  signUp,
  uniqueEmail,
  type Account,
  uniquePhone,
  passPhoneCode,
  addOwnProduct,
  productCardOf,
} from '../support/shop-browser';

const ADMIN = { email: 'admin@achar.test', password: 'admin123' };
const PROJECT_ID = 'demo-achar-shop';

let shop: ShopBrowser;
const apps: FirebaseApp[] = [];

beforeAll(async () => {
  setLogLevel('silent');
  shop = await ShopBrowser.open();
  await addOwnProduct(PRODUCT, 20);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
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
  await productCardOf(page, PRODUCT).getByRole('button', { name: 'অর্ডার করুন' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog');
  const text = await dialog.getByText(/স্টকে আছে/).innerText();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return Number(toLatinDigits(/স্টকে আছে ([০-৯0-9]+)টি/.exec(text)![1]));
}

/** Until the open storefront shows `expected` jars (it follows the stock live; the page's HTML can be older). */
async function expectShownStock(page: Page, expected: number): Promise<void> {
  await expect.poll(() => shownStock(page), { timeout: 20_000 }).toBe(expected);
}

/** Orders `quantity` jars of this suite's product as this shopper; returns the buyer name on the order. */
async function orderOwnProduct(page: Page, quantity: number): Promise<string> {
  const buyer = `বাতিল-পরীক্ষা ${Date.now()}`;
  await page.goto(SHOP_URL);
  await productCardOf(page, PRODUCT).getByRole('button', { name: 'অর্ডার করুন' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('order-limits').waitFor();
  await dialog.getByLabel('পরিমাণ').fill(String(quantity));
  await dialog.getByLabel('আপনার নাম').fill(buyer);
  const phone = uniquePhone(); // a number of its own: order-guard.ts limits the orders of one number
  await dialog.getByLabel('মোবাইল নম্বর').fill(phone);
  await dialog.getByLabel('ডেলিভারি ঠিকানা').fill('জিনজিরা, কেরানীগঞ্জ, ঢাকা');
  await dialog.getByRole('button', { name: 'অর্ডার দিন' }).click();
  await passPhoneCode(dialog, phone); // a first cash order: the phone code, read from the Auth emulator
  await page.getByText('অর্ডার সফল!').first().waitFor({ timeout: 30_000 });
  await dialog.waitFor({ state: 'hidden' });
  return buyer;
}

/** The same customer, signed in from this test process through the Firebase JS SDK, as an attacker would. */
async function sdkClientFor(account: Account) {
  const { auth, firestore, functions } = readProjectConfig(new URL('../..', import.meta.url).pathname);
  const app = initializeApp({ apiKey: 'demo-api-key', projectId: PROJECT_ID }, `cancel-e2e-${apps.length}`);
  apps.push(app);
  const clientAuth = getAuth(app);
  connectAuthEmulator(clientAuth, `http://${auth.host}:${auth.port}`, { disableWarnings: true });
  await signInWithEmailAndPassword(clientAuth, account.email, account.password);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, firestore.host, firestore.port);
  const callables = getFunctions(app, 'us-central1');
  connectFunctionsEmulator(callables, functions.host, functions.port);
  return {
    db,
    uid: clientAuth.currentUser!.uid,
    setOrderStatus: httpsCallable(callables, 'setOrderStatus'),
  };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
  return 'ok';
}

describe('a customer cancelling an order in a browser', () => {
  it("cancels a pending order after a Bengali confirmation; the seller sees 'বাতিল' live and the jars are back", async () => {
    const seller = await shop.newVisitor(1280);
    await signIn(seller, ADMIN);
    await seller.goto(`${SHOP_URL}/admin`);
    await orderCards(seller).first().waitFor({ timeout: 30_000 });

    const customer = await shop.newVisitor(360);
    await signUp(customer, uniqueEmail('cancel'));
    await expectShownStock(customer, 20);
    const buyer = await orderOwnProduct(customer, 2);
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
  });

  it('offers no cancel once the seller has confirmed, and the rules and the callable refuse it too', async () => {
    const seller = await shop.newVisitor(1280);
    await signIn(seller, ADMIN);
    await seller.goto(`${SHOP_URL}/admin`);
    await orderCards(seller).first().waitFor({ timeout: 30_000 });

    const customer = await shop.newVisitor(360);
    const account = await signUp(customer, uniqueEmail('confirmed'));
    const buyer = await orderOwnProduct(customer, 1);
    const sellerCard = orderCards(seller).filter({ hasText: buyer });
    await sellerCard.waitFor({ timeout: 10_000 });
    await sellerCard.getByLabel('স্ট্যাটাস পরিবর্তন').selectOption('confirmed');
    await seller.getByText('অর্ডার স্ট্যাটাস আপডেট হয়েছে।').first().waitFor({ timeout: 20_000 });
    const shortId = (await sellerCard.getAttribute('aria-label'))!.replace('অর্ডার #', '');

    await customer.goto(`${SHOP_URL}/orders`);
    const mine = customer.getByTestId('my-order').filter({ hasText: `#${shortId}` });
    await mine.waitFor({ timeout: 20_000 });
    await expect.poll(() => mine.innerText(), { timeout: 10_000 }).toContain('নিশ্চিত');
    expect(await mine.getByRole('button', { name: 'অর্ডার বাতিল করুন' }).count()).toBe(0);

    const attacker = await sdkClientFor(account);
    // The full id ends with the short id the card shows; the customer may read their own orders.
    const own = await getDocs(query(collection(attacker.db, 'orders'), where('user_id', '==', attacker.uid)));
    const orderId = own.docs.find((order) => order.id.endsWith(shortId))!.id;
    expect(
      await codeOf(
        updateDoc(doc(attacker.db, 'orders', orderId), {
          status: 'cancelled',
          updated_at: serverTimestamp(),
        }),
      ),
    ).toBe('permission-denied');
    expect(await codeOf(attacker.setOrderStatus({ orderId, status: 'cancelled' }))).toBe(
      'functions/failed-precondition',
    );
    expect((await getDoc(doc(attacker.db, 'orders', orderId))).get('status')).toBe('confirmed');
  });
});
