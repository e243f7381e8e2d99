/**
 * Recomputes what the shop derives from its orders: the orders' search fields (search_terms, search_phone,
 * customer_key, stats_day), the customer summaries (customers) and the statistics roll-ups (order_stats). For a shop that has orders from before the roll-ups,
 * and for repair. Reads every order, a page at a time; writes in batches of at most 500; running it twice
 * leaves the same documents.
 *   npm run stats:rebuild [-- --project <id>] [--production]
 * Against the local emulators by default; with --production against a real Firebase project, signed in
 * through Application Default Credentials (gcloud auth application-default login).
 */
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  rebuildOrderSearchAndCustomers,
  rebuildPhoneSummaries,
  type PhoneSummariesReport,
  type RebuildReport as SearchAndCustomersReport,
} from '../functions/src/customer-summary';
import { rebuildOrderStats, type RebuildOrderStatsReport } from '../functions/src/order-stats';
import { DEMO_PROJECT_ID, useEmulators } from './seed/emulator-env';

export interface RebuildReport {
  searchAndCustomers: SearchAndCustomersReport;
  phoneSummaries: PhoneSummariesReport;
  stats: RebuildOrderStatsReport;
}

/**
 * Every rebuilder of data derived from the orders, in one place: `npm run stats:rebuild` and the seed call
 * this, so a seeded or repaired shop is consistent in all of them.
 */
export async function rebuildDerivedOrderData(
  db: Firestore,
  log: (line: string) => void = () => {},
): Promise<RebuildReport> {
  const searchAndCustomers = await rebuildOrderSearchAndCustomers(db);
  log(
    `orders: ${searchAndCustomers.orders} read, ${searchAndCustomers.ordersUpdated} given their search fields; ` +
      `customers: ${searchAndCustomers.customers} summaries written, ${searchAndCustomers.customersRemoved} removed`,
  );
  const phoneSummaries = await rebuildPhoneSummaries(db);
  log(`phone summaries: ${phoneSummaries.phones} written, ${phoneSummaries.removed} removed`);
  const stats = await rebuildOrderStats(db, { log });
  return { searchAndCustomers, phoneSummaries, stats };
}

const usage = `Usage: npm run stats:rebuild [-- --project <id>] [--production]

Recomputes the orders' search fields, the customer summaries (customers) and the statistics roll-ups
(order_stats) from every order.
Safe to run twice; run it when no orders are coming in (an order placed while it runs may be miscounted
until it runs again).
  --project ID    the Firebase project (default: ${DEMO_PROJECT_ID}, in the local emulators)
  --production    use the real project with Application Default Credentials instead of the emulators
  --help          show this text`;

export async function main(argv: string[]): Promise<number> {
  let values: { project?: string; production?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        project: { type: 'string' },
        production: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const production = values.production ?? false;
  const projectId = values.project ?? (production ? undefined : DEMO_PROJECT_ID);
  if (production) {
    if (!projectId || projectId.startsWith('demo-')) {
      console.error('--production needs the real project: add --project <id> (not a demo- project).');
      return 2;
    }
    // An emulator variable left in the shell would silently send "production" writes to the emulator.
    delete process.env.FIRESTORE_EMULATOR_HOST;
  } else {
    useEmulators();
  }

  const app = initializeApp(
    production ? { credential: applicationDefault(), projectId } : { projectId },
    `stats-rebuild-${Date.now()}`,
  );
  try {
    const { stats } = await rebuildDerivedOrderData(getFirestore(app), (line) => console.log(`› ${line}`));
    console.log(
      `Counted ${stats.orders} orders (${stats.skipped} without a date or total skipped), back-filled ` +
        `stats_day on ${stats.backfilled}; wrote ${stats.written} roll-up documents, deleted ${stats.deleted}.`,
    );
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Rebuild failed: ${message}`);
    if (!production && /ECONNREFUSED|UNAVAILABLE|fetch failed/.test(message)) {
      console.error('Is the Firestore emulator running? Start the shop with `npm start` first.');
    }
    return 1;
  } finally {
    await deleteApp(app);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
