/**
 * The seller's day in a real browser: a confirmed order's quantity and address edited on its card, the
 * customer's open /orders page showing the change live, the history listing old → new, the stock and the
 * statistics moved by exactly the jar added; a private note that the customer and the mail never see, and a slip
 * note that the packing slip prints; cancelled at the end, its two jars back on the shelf. The order is for a
 * product of the suite's own, so no other suite's order moves the stock it counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLatinDigits } from '../../src/features/ordering/model';
import {
  RESULTS,
  SHOP_URL,
  ShopBrowser,
  orderCards,
  addOwnProduct,
  shopAdminFirestore,
  signUp,
  uniqueEmail,
  uniquePhone,
  screenshotPage,
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

// This suite's own jar: the stock it counts changes only by its own order (shop-browser.ts, addOwnProduct).
const PRODUCT = `সম্পাদনা-পরীক্ষার আচার ${Date.now()}`;

/** The revenue the roll-ups hold for one status, in poisha, over every total shard. */
async function rolledUpRevenue(status: string): Promise<number> {
  const shards = await shopAdminFirestore().collection('order_stats').where('kind', '==', 'total').get();
  return shards.docs.reduce((sum, shard) => sum + ((shard.get(`revenue.${status}`) as number) ?? 0), 0);
}

describe("the seller's edit, history and notes", () => {
  it('edits a confirmed order the customer watches, lists the change, keeps notes private and prints the slip note', async () => {
    const seller = await shop.signedInVisitor(ADMIN, 1280);
    await seller.goto(`${SHOP_URL}/admin`);
    await orderCards(seller).first().waitFor({ timeout: 30_000 });

    const customer = await shop.newVisitor(360);
    const account = await signUp(customer, uniqueEmail('edit'));
    const buyer = `সম্পাদনা-পরীক্ষা ${Date.now()}`;
    await placeOrderAs(account, {
      productId,
      quantity: 1,
      customerName: buyer,
      customerPhone: uniquePhone(),
      customerAddress: 'জিনজিরা, কেরানীগঞ্জ, ঢাকা',
      paymentMethod: 'cash_on_delivery',
    });

    const db = shopAdminFirestore();
    const placed = (await db.collection('orders').where('customer_name', '==', buyer).get()).docs[0];
    const orderId = placed.id;
    const productRef = db.doc(`products/${placed.get('product_id') as string}`);
    const price = placed.get('product_price') as number;

    const card = orderCards(seller).filter({ hasText: buyer });
    await card.waitFor({ timeout: 20_000 });
    await card.getByLabel('স্ট্যাটাস পরিবর্তন').selectOption('confirmed');
    await seller.getByText('অর্ডার স্ট্যাটাস আপডেট হয়েছে।').first().waitFor({ timeout: 20_000 });

    await customer.goto(`${SHOP_URL}/orders`);
    const mine = customer.getByTestId('my-order').filter({ hasText: orderId.slice(-8) });
    await mine.waitFor({ timeout: 20_000 });
    await expect.poll(() => mine.innerText(), { timeout: 10_000 }).toContain('নিশ্চিত');

    const stockBefore = (await productRef.get()).get('stock_quantity') as number;
    const revenueBefore = await rolledUpRevenue('confirmed');

    await card.getByRole('button', { name: 'ইতিহাস, নোট ও সম্পাদনা' }).click();
    const details = card.getByTestId('order-details');
    const form = details.getByRole('form', { name: 'অর্ডার সম্পাদনা' });
    await form.waitFor({ timeout: 20_000 });
    await form.getByLabel('পরিমাণ').fill('2');
    await form.getByLabel('ঠিকানা').fill('বাসা ১২, রোড ৫, ধানমন্ডি, ঢাকা');
    await form.getByRole('button', { name: 'পরিবর্তন সেভ করুন' }).click();
    await seller.getByText('অর্ডার বদলানো হয়েছে।').first().waitFor({ timeout: 20_000 });

    // The customer's page, never reloaded, shows the new quantity, total and address.
    await expect.poll(() => mine.innerText(), { timeout: 15_000 }).toContain('ধানমন্ডি');
    const shown = toLatinDigits(await mine.innerText());
    expect(shown).toContain('2 ×');
    await screenshotPage(customer, `${RESULTS}/order-edit-seen-by-customer-360.png`);

    // The history lists old → new.
    await expect
      .poll(() => details.getByTestId('history-line').allInnerTexts(), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('পরিমাণ: ১ → ২')]));
    expect((await details.innerText()).includes('জিনজিরা, কেরানীগঞ্জ, ঢাকা → বাসা ১২')).toBe(true);

    // Exactly one more jar off the shelf; the revenue stays: a cash order is money once the courier collects it.
    await expect
      .poll(async () => (await productRef.get()).get('stock_quantity'), { timeout: 20_000 })
      .toBe(stockBefore - 1);
    expect((await rolledUpRevenue('confirmed')) - revenueBefore).toBe(0);
    expect((await db.doc(`orders/${orderId}`).get()).get('total_amount')).toBe(Math.round(price * 200) / 100);

    // Notes: one private, one for the slip.
    const secret = `গোপন নোট ${Date.now()}`;
    const slipNote = `স্লিপ নোট ${Date.now()}: বিকেল ৫টার পরে দিন`;
    await details.getByLabel('নতুন নোট').fill(secret);
    await details.getByRole('button', { name: 'নোট যোগ করুন' }).click();
    await details.getByTestId('order-note').filter({ hasText: secret }).waitFor({ timeout: 15_000 });
    await details.getByLabel('নতুন নোট').fill(slipNote);
    // The new note's checkbox (each saved note also has a button of these words, to move it onto the slip).
    await details.locator('label', { hasText: 'প্যাকিং স্লিপে দেখান' }).click();
    await details.getByRole('button', { name: 'নোট যোগ করুন' }).click();
    await details.getByTestId('order-note').filter({ hasText: slipNote }).waitFor({ timeout: 15_000 });
    await screenshotPage(seller, `${RESULTS}/order-edit-history-notes-1280.png`);

    await customer.reload();
    await mine.waitFor({ timeout: 20_000 });
    const customerPage = await customer.locator('body').innerText();
    expect(customerPage).not.toContain(secret);
    expect(customerPage).not.toContain('স্লিপ নোট');
    // No mail the shop has written (order mails, when the seller has them on; low-stock and evening mails)
    // carries either note: the order mail is off in the seeded shop, so every mail is read, not this order's.
    const mails = (await db.collection('mail').get()).docs.map((doc) => JSON.stringify(doc.data()));
    expect(mails.filter((mail) => mail.includes(secret) || mail.includes(slipNote))).toEqual([]);

    const slips = await shop.signedInVisitor(ADMIN, 1280);
    await slips.goto(`${SHOP_URL}/admin/slips?order=${orderId}`);
    await slips.getByTestId('slip-note').first().waitFor({ timeout: 30_000 });
    // The slip writes every digit in Bengali, the note's typed ones too: compare in one digit system.
    const latin = (text: string) => text.replace(/[০-৯]/g, (d) => String('০১২৩৪৫৬৭৮৯'.indexOf(d)));
    const slipText = latin(await slips.getByTestId('slip-note').first().innerText());
    expect(slipText).toContain(latin(slipNote));
    expect(slipText).not.toContain(latin(secret));

    // Cancelled, the order's two jars (one ordered, one added by the edit) go back to the shelf.
    await card.getByLabel('স্ট্যাটাস পরিবর্তন').selectOption('cancelled');
    await expect
      .poll(async () => (await productRef.get()).get('stock_quantity'), { timeout: 20_000 })
      .toBe(stockBefore + 1);
  }, 240_000);
});
