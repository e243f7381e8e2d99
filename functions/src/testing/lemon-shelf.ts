// The shelf the callables' emulator tests order from: the repo's own Firestore emulator, in-process, with one
// product (lemon pickle, 5 jars at ৳160.50), every payment method offered, and no orders (nor customer summaries,
// nor TrxID claims, nor statistics) at the start of every test.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  readProjectConfig,
  startOfflineEmulators,
  type OfflineEmulators,
} from '../../../emulators/src/index';
import { normalizeBangladeshPhone, phoneToE164 } from '../../../src/features/ordering/model';
import { exactShelf } from '../shelf-lots';
import { placeOrder as placeGuardedOrder } from '../place-order';
import { offerWallets } from './wallets-offered';

/** placeOrder's input for the lemon pickle, with `changes` on top. */
export const lemonOrder = (changes: Record<string, unknown> = {}) => ({
  productId: 'lemon',
  quantity: 1,
  customerName: 'রহিমা বেগম',
  customerPhone: '01712345678',
  customerAddress: 'কেরানীগঞ্জ, ঢাকা',
  paymentMethod: 'cash_on_delivery',
  ...changes,
});

/**
 * placeOrder for the suites that test something else than order-guard.ts: the caller's account has the
 * order's number verified (as an account that went through the phone code), and the per-day and
 * between-orders limits are off (these suites place several orders of one customer within a second).
 * order-guard.emulator.test.ts calls the real placeOrder, limits on.
 */
export function placeOrder(
  db: Firestore,
  auth: unknown,
  data: unknown,
  clock?: () => Date,
): ReturnType<typeof placeGuardedOrder> {
  const typed = (data as { customerPhone?: unknown } | null)?.customerPhone;
  const normalized = normalizeBangladeshPhone(typeof typed === 'string' ? typed : '');
  const phone = normalized.ok ? normalized.phone : null;
  const caller = auth as { uid?: unknown; token?: Record<string, unknown> } | null;
  const verified =
    typeof caller === 'object' && caller !== null && typeof phone === 'string'
      ? { ...caller, token: { phone_number: phoneToE164(phone), ...caller.token } }
      : auth;
  return placeGuardedOrder(db, verified, data, clock, { enforceLimits: false });
}

export interface LemonShelf {
  /** The admin SDK on the emulator (set once the suite has started). */
  readonly db: Firestore;
  /** Jars of lemon pickle left: its lots' sum (stock_quantity follows it by a trigger, not run here). */
  stock(): Promise<number>;
  /** Lays the shelf anew, as before each test (for a property test's every run). */
  reset(): Promise<void>;
}

/** Starts the emulator for the suite, stops it after, and lays the shelf anew before each test. */
export function useLemonShelf(appName: string): LemonShelf {
  let emulators: OfflineEmulators | undefined;
  let app: App | undefined;
  let db: Firestore;

  beforeAll(async () => {
    emulators = await startOfflineEmulators({
      config: readProjectConfig(new URL('../../..', import.meta.url).pathname),
      ports: { firestore: 0, storage: 0 },
    });
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulators.firestore.port}`;
    app = initializeApp({ projectId: 'demo-achar-shop' }, appName);
    db = getFirestore(app);
  });

  afterAll(async () => {
    if (app) await deleteApp(app);
    await emulators?.stop();
  });

  async function reset() {
    const collections = [
      'orders',
      'customers',
      'payment_claims',
      'order-limits',
      'phone_summaries',
      'blocked_phones',
      'settings',
      'order_stats',
    ];
    const snapshots = await Promise.all(
      [...collections, 'products/lemon/shelf'].map((name) => db.collection(name).get()),
    );
    await Promise.all(snapshots.flatMap((snapshot) => snapshot.docs).map((doc) => doc.ref.delete()));
    await offerWallets(db);
    await db.doc('products/lemon').set({
      name: 'লেবুর আচার',
      price: 160.5,
      stock_quantity: 5,
      is_active: true,
      created_at: Timestamp.now(),
    });
  }

  beforeEach(reset);

  return {
    get db() {
      return db;
    },
    stock: () => exactShelf(db.doc('products/lemon')),
    reset,
  };
}
