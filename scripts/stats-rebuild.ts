/**
 * Rebuilds what the dashboard reads instead of every order, from the orders themselves: the search fields of
 * each order (search_phone, search_terms, customer_key, stats_day) and the customer summaries.
 *   npm run stats:rebuild
 * Against the local emulators (ports from firebase.json) unless FIRESTORE_EMULATOR_HOST names others.
 * Idempotent: run it after an upgrade, or to repair; batched (≤ 500 writes a batch), so safe on a live shop.
 *
 * The statistics engineer's roll-ups (functions/src/order-stats.ts) are rebuilt here too once their branch is
 * merged: this file is the place both rebuilders are called from.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { rebuildOrderSearchAndCustomers } from '../functions/src/customer-summary';
import { DEMO_PROJECT_ID, useEmulators } from './seed/emulator-env';

async function main(): Promise<number> {
  useEmulators();
  const app = initializeApp(
    { projectId: process.env.GCLOUD_PROJECT ?? DEMO_PROJECT_ID },
    `rebuild-${randomUUID()}`,
  );
  try {
    const started = Date.now();
    const report = await rebuildOrderSearchAndCustomers(getFirestore(app));
    console.log(
      `orders: ${report.orders} read, ${report.ordersUpdated} given their search fields; ` +
        `customers: ${report.customers} summaries written, ${report.customersRemoved} removed ` +
        `(${Date.now() - started} ms)`,
    );
    return 0;
  } finally {
    await deleteApp(app);
  }
}

process.exitCode = await main();
