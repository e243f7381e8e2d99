/**
 * An admin is a role record and a verified e-mail, end to end in a browser against the local shop: sign-up sends
 * Firebase Auth's verification mail (the Auth emulator keeps its link) and says so in Bengali; an account given
 * the admin role before verifying is turned away from the dashboard; once the link is opened, the same session
 * opens the dashboard (the app renews the token that still said "unverified"), without signing in again.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../emulators/src/config.js';
import { openConsole } from '../console/console-page';
import {
  RESULTS,
  SHOP_URL,
  ShopBrowser,
  shopAdminFirestore,
  signedInUser,
  signUp,
  uniqueEmail,
  screenshotPage,
} from '../support/shop-browser';

const { auth, projectId } = readProjectConfig(fileURLToPath(new URL('../..', import.meta.url)));
const OOB_CODES = `http://${auth.host}:${auth.port}/emulator/v1/projects/${projectId}/oobCodes`;

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

async function verificationLinkFor(email: string): Promise<string | undefined> {
  const { oobCodes } = (await (await fetch(OOB_CODES)).json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL').at(-1)
    ?.oobLink;
}

let shop: ShopBrowser;
const granted: string[] = [];

beforeAll(async () => {
  shop = await ShopBrowser.open();
});

afterAll(async () => {
  await Promise.all(granted.map((uid) => shopAdminFirestore().doc(`roles/${uid}`).delete()));
  await shop?.close();
});

describe('verified admins', () => {
  it('sign-up mails a verification link and says where it went; a role holder is turned away until it is opened, then the same session opens the dashboard', async () => {
    const page = await shop.newVisitor(360);
    const email = uniqueEmail('unverified-admin');
    await signUp(page, email);
    await page
      .getByText(`${email} ঠিকানায় একটি যাচাইয়ের লিংক পাঠানো হয়েছে।`, { exact: false })
      .first()
      .waitFor({ timeout: 20_000 });
    const link = await verificationLinkFor(email);
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.searchParams.get('mode')).toBe('verifyEmail');
    expect(url.searchParams.get('continueUrl')).toBe(`${SHOP_URL}/`);
    await screenshotPage(page, `${RESULTS}/sign-up-verification-notice-360.png`);

    // The emulator console's Authentication page shows the link that was "mailed", pending, on the account's row.
    const consolePage = await openConsole(shop, '/auth');
    const pending = consolePage
      .locator(`tr[data-user="${email}"]`)
      .getByRole('link', { name: 'যাচাইয়ের লিংক (পাঠানো)' });
    await pending.waitFor({ timeout: 20_000 });
    expect(await pending.getAttribute('href')).toBe(link);

    // Given the admin role before verifying: turned away from the dashboard.
    await page.setViewportSize({ width: 1280, height: 900 });
    const { uid } = await signedInUser(page);
    granted.push(uid);
    await shopAdminFirestore().doc(`roles/${uid}`).set({ user_id: uid, role: 'admin' });
    await page.goto(`${SHOP_URL}/admin`);
    await page.getByRole('alert').filter({ hasText: 'অ্যাক্সেস অস্বীকার' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('tab').count()).toBe(0);

    // The seller opens the link from the mail (here: the Auth emulator's copy of it).
    const verifier = await shop.newVisitor(1280);
    await verifier.goto(link!);
    await expect
      .poll(async () => {
        const response = await fetch(
          `http://${auth.host}:${auth.port}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:lookup`,
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
            body: JSON.stringify({ localId: [uid] }),
          },
        );
        const { users } = (await response.json()) as { users?: { emailVerified?: boolean }[] };
        return users?.[0]?.emailVerified;
      })
      .toBe(true);

    await page.goto(`${SHOP_URL}/admin`);
    await page.getByRole('heading', { name: 'অ্যাডমিন ড্যাশবোর্ড' }).waitFor({ timeout: 20_000 });
    await page.getByRole('tab', { name: 'পণ্য' }).waitFor({ timeout: 20_000 });
  });
});
