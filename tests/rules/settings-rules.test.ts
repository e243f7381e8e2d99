// The seller's notification settings (settings/notifications, settings/sms) and the outboxes (mail, messages) in
// firestore.rules: only an admin reads or writes the settings, only well-formed ones; no browser touches an outbox.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  deleteDoc,
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  Timestamp,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFirestoreRulesEnv } from '../support/firestore-rules-env';

const { env, anonymous, alice, admin } = useFirestoreRulesEnv();

const SETTINGS = 'settings/notifications';
const valid = { order_mail_enabled: true, order_mail_to: 'seller@example.com' };
// The time of the change, as the Settings tab writes it (serverTimestamp(): the request's own time).
const now = { updated_at: serverTimestamp() };

beforeEach(async () => {
  await env().clearFirestore();
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await setDoc(doc(db, 'roles/admin'), { user_id: 'admin', role: 'admin' });
    await setDoc(doc(db, SETTINGS), valid);
    await setDoc(doc(db, 'mail/order-abc'), {
      to: 'seller@example.com',
      message: { subject: 's', text: 't' },
    });
  });
});

describe('settings/notifications', () => {
  it('an admin reads and writes them, with the time of the change', async () => {
    await assertSucceeds(getDoc(doc(admin(), SETTINGS)));
    await assertSucceeds(
      setDoc(doc(admin(), SETTINGS), {
        order_mail_enabled: false,
        order_mail_to: 'other@example.com.bd',
        updated_at: serverTimestamp(),
      }),
    );
    const stored = (await getDoc(doc(admin(), SETTINGS))).data();
    expect(stored?.order_mail_to).toBe('other@example.com.bd');
  });

  it('an admin may turn the mail off and clear the address', async () => {
    await assertSucceeds(
      setDoc(doc(admin(), SETTINGS), { order_mail_enabled: false, order_mail_to: '', ...now }),
    );
  });

  it('the time of a change is the server’s, never one the browser makes up', async () => {
    await assertFails(setDoc(doc(admin(), SETTINGS), { ...valid, updated_at: Timestamp.now() }));
    await assertFails(
      setDoc(doc(admin(), SETTINGS), { ...valid, updated_at: Timestamp.fromMillis(Date.now() - 86_400_000) }),
    );
    await assertSucceeds(setDoc(doc(admin(), SETTINGS), { ...valid, ...now }));
    // Dropping the time it holds is not leaving it as it was.
    await assertFails(setDoc(doc(admin(), SETTINGS), valid));
  });

  it('a shopper or a visitor neither reads nor writes them', async () => {
    for (const db of [alice(), anonymous()]) {
      await assertFails(getDoc(doc(db, SETTINGS)));
      await assertFails(setDoc(doc(db, SETTINGS), { ...valid, ...now }));
    }
  });

  it('refuses malformed settings, even from an admin', async () => {
    const refused: Record<string, unknown>[] = [
      { order_mail_enabled: true, order_mail_to: '' },
      { order_mail_enabled: true, order_mail_to: 'not an address' },
      { order_mail_enabled: true, order_mail_to: 'seller@example' },
      { order_mail_enabled: true, order_mail_to: `${'a'.repeat(250)}@b.cd` },
      { order_mail_enabled: 'yes', order_mail_to: 'seller@example.com' },
      { order_mail_enabled: true },
      { ...valid, cc: 'someone@example.com' },
    ];
    for (const settings of refused)
      await assertFails(setDoc(doc(admin(), SETTINGS), { ...settings, ...now }));
    await assertFails(setDoc(doc(admin(), SETTINGS), { ...valid, updated_at: 'now' }));
  });

  it('nobody deletes them, and no other settings document exists', async () => {
    await assertFails(deleteDoc(doc(admin(), SETTINGS)));
    await assertFails(setDoc(doc(admin(), 'settings/other'), { ...valid, ...now }));
    await assertFails(getDoc(doc(admin(), 'settings/other')));
  });
});

describe('mail (the order mail outbox)', () => {
  it('no browser reads or writes it, not even an admin', async () => {
    for (const db of [admin(), alice(), anonymous()]) {
      await assertFails(getDoc(doc(db, 'mail/order-abc')));
      await assertFails(setDoc(doc(db, 'mail/order-new'), { to: 'x@example.com', message: {} }));
      await assertFails(deleteDoc(doc(db, 'mail/order-abc')));
    }
  });
});

describe('settings/sms (the customers’ SMS at the order’s steps)', () => {
  const SMS = 'settings/sms';
  const sms = {
    enabled: true,
    shop_phone: '01712345678',
    texts: { confirmed: 'অর্ডার {order} নিশ্চিত, মোট {total}।', cancelled: 'অর্ডার {order} বাতিল।' },
  };

  it('an admin reads and writes them, with the time of the change; a shopper or a visitor does neither', async () => {
    await assertSucceeds(setDoc(doc(admin(), SMS), { ...sms, ...now }));
    await assertSucceeds(getDoc(doc(admin(), SMS)));
    await assertSucceeds(setDoc(doc(admin(), SMS), { enabled: false, shop_phone: '', texts: {}, ...now }));
    for (const db of [alice(), anonymous()]) {
      await assertFails(getDoc(doc(db, SMS)));
      await assertFails(setDoc(doc(db, SMS), { ...sms, ...now }));
    }
    await assertFails(deleteDoc(doc(admin(), SMS)));
  });

  it('refuses malformed settings, even from an admin', async () => {
    const refused: Record<string, unknown>[] = [
      { ...sms, enabled: 'yes' },
      { ...sms, shop_phone: '1712345678' },
      { ...sms, shop_phone: '+8801712345678' },
      { ...sms, texts: { shipped: 'পাঠানো হয়েছে' } },
      { ...sms, texts: { confirmed: '' } },
      { ...sms, texts: { confirmed: 'অ'.repeat(135) } },
      { ...sms, texts: { confirmed: 5 } },
      { enabled: true, shop_phone: '01712345678' },
      { ...sms, sender: 'ACHAR' },
    ];
    for (const settings of refused) await assertFails(setDoc(doc(admin(), SMS), { ...settings, ...now }));
    await assertFails(setDoc(doc(admin(), SMS), { ...sms, updated_at: Timestamp.now() }));
    await assertSucceeds(
      setDoc(doc(admin(), SMS), { ...sms, texts: { confirmed: 'অ'.repeat(134) }, ...now }),
    );
  });
});

describe('messages (the SMS outbox)', () => {
  it('no browser reads or writes it, not even an admin: it holds customers’ numbers', async () => {
    await env().withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      await setDoc(doc(db, 'messages/order-1-confirmed-1'), { to: '+8801712345678', body: 'নিশ্চিত' });
    });
    for (const db of [admin(), alice(), anonymous()]) {
      await assertFails(getDoc(doc(db, 'messages/order-1-confirmed-1')));
      await assertFails(setDoc(doc(db, 'messages/new'), { to: '+8801712345678', body: 'x' }));
      await assertFails(deleteDoc(doc(db, 'messages/order-1-confirmed-1')));
    }
  });
});
