// Who the callables treat as an admin, against the repo's Firestore emulator: the role record and the caller's
// verified e-mail, as firestore.rules and storage.rules decide it.
import { beforeEach, describe, expect, it } from 'vitest';
import { orderMessages } from '../../src/features/ordering/model';
import { isAdmin } from './admin-role';
import { signedInCaller } from './caller';
import { setOrderStatus } from './set-order-status';
import { lemonOrder, placeOrder, useLemonShelf } from './testing/lemon-shelf';

const shelf = useLemonShelf('admin-role-emulator-test');

// What the Functions runtime hands a callable: the decoded ID token's claims.
const sellerToken = { uid: 'seller', token: { email: 'seller@achar.test', email_verified: true } };
const squatterToken = { uid: 'seller', token: { email: 'seller@achar.test', email_verified: false } };

beforeEach(async () => {
  await shelf.db.doc('roles/seller').set({ user_id: 'seller', role: 'admin' });
  await shelf.db.doc('roles/packer').set({ user_id: 'packer', role: 'packer' });
});

describe('isAdmin', () => {
  it('is a role record saying admin and a verified e-mail, both', async () => {
    expect(await isAdmin(shelf.db, signedInCaller(sellerToken)!)).toBe(true);
    expect(await isAdmin(shelf.db, signedInCaller(squatterToken)!)).toBe(false);
    expect(await isAdmin(shelf.db, signedInCaller({ uid: 'seller', token: {} })!)).toBe(false);
    // A claim that is not the boolean true is not a verified e-mail.
    expect(
      await isAdmin(shelf.db, signedInCaller({ uid: 'seller', token: { email_verified: 'true' } })!),
    ).toBe(false);
    expect(await isAdmin(shelf.db, signedInCaller({ uid: 'packer', token: { email_verified: true } })!)).toBe(
      false,
    );
    expect(await isAdmin(shelf.db, signedInCaller({ uid: 'nobody', token: { email_verified: true } })!)).toBe(
      false,
    );
  });

  it("makes setOrderStatus treat an unverified role holder as a customer: another's order is not found", async () => {
    const { orderId } = await placeOrder(
      shelf.db,
      { uid: 'rahima', token: { email: 'rahima@example.com' } },
      lemonOrder(),
    );
    await expect(
      setOrderStatus(shelf.db, squatterToken, { orderId, status: 'confirmed' }),
    ).rejects.toMatchObject({ code: 'not-found', message: orderMessages.statusChange.orderNotFound });
    expect((await shelf.db.doc(`orders/${orderId}`).get()).get('status')).toBe('pending');
    await setOrderStatus(shelf.db, sellerToken, { orderId, status: 'confirmed' });
    expect((await shelf.db.doc(`orders/${orderId}`).get()).get('status')).toBe('confirmed');
  });
});
