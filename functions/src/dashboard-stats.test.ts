import { describe, expect, it } from 'vitest';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { bn } from '../../src/i18n/bn';
import { getDashboardStats, statsOrderFrom } from './dashboard-stats';

/** Just enough of Firestore for the role check: roles/{uid} holds the given role or nothing. */
function rolesOnly(roles: Record<string, string>): Firestore {
  return {
    collection(name: string) {
      if (name !== 'roles') throw new Error(`a non-admin must not read ${name}`);
      return {
        doc: (uid: string) => ({
          get: async () => ({
            exists: uid in roles,
            get: (field: string) => (field === 'role' ? roles[uid] : undefined),
          }),
        }),
      };
    },
  } as unknown as Firestore;
}

describe('getDashboardStats', () => {
  it('refuses a signed-out caller', async () => {
    await expect(getDashboardStats(rolesOnly({}), undefined)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });

  it('refuses a caller without a role record, and one whose role is not admin, without reading orders', async () => {
    const db = rolesOnly({ editor: 'editor' });
    for (const uid of ['customer', 'editor']) {
      await expect(getDashboardStats(db, { uid, token: {} })).rejects.toMatchObject({
        code: 'permission-denied',
        message: bn.ordering.errors.adminOnly,
      });
    }
  });
});

describe('statsOrderFrom', () => {
  it('turns the stored timestamp into a date', () => {
    const createdAt = new Date('2026-11-20T10:00:00Z');
    expect(
      statsOrderFrom({
        status: 'pending',
        total_amount: 250,
        created_at: Timestamp.fromDate(createdAt),
        quantity: 1,
      }),
    ).toEqual({ status: 'pending', total_amount: 250, created_at: createdAt });
  });

  it('skips documents without a timestamp or a total', () => {
    expect(statsOrderFrom({ status: 'pending', total_amount: 250 })).toBeNull();
    expect(
      statsOrderFrom({ status: 'pending', created_at: Timestamp.now(), total_amount: '250' }),
    ).toBeNull();
  });
});
