import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { bn } from '../../src/i18n/bn';
import {
  computeDashboardStats,
  type DashboardStats,
  type StatsOrder,
} from '../../src/features/admin-stats/model';
import { isAdmin } from './admin-role';
import { signedInCaller } from './caller';
import { refusal } from './refusal';

/** An order document as the statistics read it; documents without a usable timestamp or total are skipped. */
export function statsOrderFrom(data: Record<string, unknown>): StatsOrder | null {
  const createdAt = data.created_at;
  const total = data.total_amount;
  if (!(createdAt instanceof Timestamp) || typeof total !== 'number' || !Number.isFinite(total)) return null;
  return { status: String(data.status), total_amount: total, created_at: createdAt.toDate() };
}

/** The getDashboardStats callable: admins only; every order, summarised as of `now`. */
export async function getDashboardStats(
  db: Firestore,
  auth: unknown,
  now: Date = new Date(),
): Promise<DashboardStats> {
  const caller = signedInCaller(auth);
  if (!caller) throw refusal('unauthenticated', bn.ordering.errors.signInRequired);
  if (!(await isAdmin(db, caller.uid))) throw refusal('permission-denied', bn.ordering.errors.adminOnly);

  const snapshot = await db.collection('orders').get();
  const orders = snapshot.docs.map((doc) => statsOrderFrom(doc.data())).filter((order) => order !== null);
  return computeDashboardStats(orders, now);
}
