/**
 * The seller told of every new order, end to end (issue 23): the admin turns the order mail on in Settings, a
 * customer orders (placeOrder, from Node), the notifySellerOfOrder trigger (run by the Functions emulator on the offline
 * Firestore emulator's event) writes exactly one message to `mail`, the console's Mail page shows it, and with
 * the mail switched off no message is written. Screenshots land in test-results/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../emulators/src/config.js';
import { RESULTS, SHOP_URL, ShopBrowser, uniquePhone, screenshotPage } from '../support/shop-browser';
import { jarOnSale, newShopperAccount, placeOrderAs } from '../support/shop-orders';

const ADMIN = { email: 'admin@achar.test', password: 'admin123' };
const config = readProjectConfig();
const DOCUMENTS = `http://${config.firestore.host}:${config.firestore.port}/v1/projects/${config.projectId}/databases/(default)/documents`;
const CONSOLE_URL = `http://${config.ui.host}:${config.ui.port}`;
const OWNER = { Authorization: 'Bearer owner' };

let shop: ShopBrowser;

beforeAll(async () => {
  shop = await ShopBrowser.open();
});

afterAll(async () => {
  await shop?.close();
});

interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
}

/** The outbox as the extension would read it (the emulators' admin credential). */
async function outbox(): Promise<Mail[]> {
  const response = await fetch(`${DOCUMENTS}/mail?pageSize=1000`, { headers: OWNER });
  expect(response.status).toBe(200);
  const { documents = [] } = (await response.json()) as {
    documents?: {
      name: string;
      fields: Record<
        string,
        { stringValue?: string; mapValue?: { fields: Record<string, { stringValue?: string }> } }
      >;
    }[];
  };
  return documents.map((doc) => ({
    id: doc.name.split('/').pop()!,
    to: doc.fields.to?.stringValue ?? '',
    subject: doc.fields.message?.mapValue?.fields.subject?.stringValue ?? '',
    text: doc.fields.message?.mapValue?.fields.text?.stringValue ?? '',
  }));
}

const mailsFor = async (buyer: string) => (await outbox()).filter((mail) => mail.text.includes(buyer));

async function setOrderMail(admin: Page, on: boolean, address: string) {
  await admin.goto(`${SHOP_URL}/admin?tab=settings`);
  const panel = admin.getByRole('tabpanel');
  await panel.getByRole('heading', { name: 'অর্ডারের ই-মেইল' }).waitFor({ timeout: 20_000 });
  await panel.getByLabel(/যে ঠিকানায় ই-মেইল যাবে/).fill(address);
  const toggle = panel.getByRole('checkbox', { name: 'প্রতিটি নতুন অর্ডারে ই-মেইল পাঠান' });
  if ((await toggle.isChecked()) !== on) await toggle.click({ force: true });
  // The tab has a form per section (mail, payment accounts): the mail's own save button.
  const form = panel
    .locator('form')
    .filter({ has: admin.getByRole('checkbox', { name: 'প্রতিটি নতুন অর্ডারে ই-মেইল পাঠান' }) });
  const save = form.getByRole('button', { name: 'সেভ করুন' });
  if (await save.isEnabled()) {
    await save.click();
    await admin.getByText('সেটিংস সেভ হয়েছে।').waitFor({ timeout: 10_000 });
  }
}

/** A new customer's cash order for the shop window's first jar (from Node: placeOrder, as the dialog asks it). */
async function placeOrder(buyer: string, phone: string): Promise<string> {
  const product = await jarOnSale();
  // Each from an account and a number of its own: one account or number may order once a minute.
  await placeOrderAs(await newShopperAccount('order-mail'), {
    productId: product.id,
    quantity: 1,
    customerName: buyer,
    customerPhone: phone,
    customerAddress: 'আটি বাজার, কেরানীগঞ্জ, ঢাকা',
    paymentMethod: 'cash_on_delivery',
  });
  return product.name;
}

describe("the seller's order mail", () => {
  it('writes one Bengali mail per order while on, shows it in the console, and none while off', async () => {
    const seller = `seller-${Date.now()}@achar.test`;
    const admin = await shop.signedInVisitor(ADMIN, 1280);
    await setOrderMail(admin, true, seller);
    await screenshotPage(admin, `${RESULTS}/admin-settings-order-mail-1280.png`);

    const buyer = `মেইল ক্রেতা ${Date.now()}`;
    const phone = uniquePhone();
    const productName = await placeOrder(buyer, phone);

    await expect.poll(async () => (await mailsFor(buyer)).length, { timeout: 30_000 }).toBe(1);
    const [mail] = await mailsFor(buyer);
    expect(mail.to).toBe(seller);
    expect(mail.id).toMatch(/^order-/);
    expect(mail.subject).toContain(productName);
    for (const part of [
      productName,
      'পরিমাণ: ১টি বয়াম',
      phone,
      'আটি বাজার, কেরানীগঞ্জ, ঢাকা',
      `${SHOP_URL}/admin?q=`,
    ])
      expect(mail.text).toContain(part);

    // The console's Mail page shows it as it would arrive.
    const consolePage = await shop.newVisitor(1280);
    await consolePage.goto(`${CONSOLE_URL}/mail`);
    const message = consolePage.locator(`article[data-message-id="${mail.id}"]`);
    await message.waitFor({ timeout: 20_000 });
    expect(await message.innerText()).toContain(mail.subject);
    const body = consolePage.frameLocator(`article[data-message-id="${mail.id}"] iframe`);
    await body.getByText(buyer).waitFor({ timeout: 10_000 });
    await screenshotPage(consolePage, `${RESULTS}/console-mail-1280.png`);

    // The link in the mail opens the dashboard searched for the order.
    const link = /(http\S+\/admin\?q=\S+)/.exec(mail.text)![1];
    await admin.goto(link);
    await admin.locator('article[aria-label^="অর্ডার #"]', { hasText: buyer }).waitFor({ timeout: 20_000 });

    // Off: the next order writes nothing. Then on again: the order after it is mailed, so the trigger of the one
    // before has run too (one function, events delivered in order), and it wrote nothing.
    await setOrderMail(admin, false, seller);
    const quiet = `নীরব ক্রেতা ${Date.now()}`;
    await placeOrder(quiet, uniquePhone());
    await setOrderMail(admin, true, seller);
    const last = `শেষ ক্রেতা ${Date.now()}`;
    await placeOrder(last, uniquePhone());
    await expect.poll(async () => (await mailsFor(last)).length, { timeout: 30_000 }).toBe(1);
    expect(await mailsFor(quiet)).toEqual([]);
    expect(await mailsFor(buyer)).toHaveLength(1);
  }, 300_000);
});
