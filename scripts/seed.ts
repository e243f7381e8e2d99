/**
 * Fills the local emulators with the demo shop.
 *   npx tsx scripts/seed.ts [--force]
 * Needs the emulators running (npm run emulators, and firebase-tools' Auth emulator).
 */
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { seedDemoData } from './seed/seed-demo-data';

const usage = `Usage: npx tsx scripts/seed.ts [--force]

Seeds the local emulators (ports from firebase.json) with demo accounts, products and orders.
  --force   replace the products and orders even if the store already has some
  --help    show this text`;

async function main(): Promise<number> {
  let values: { force?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }

  const report = await seedDemoData({ force: values.force, log: (line) => console.log(`› ${line}`) });
  if (report.skipped) {
    console.log('Nothing else to do: the store is not empty. Run with --force to start over.');
  } else {
    console.log(`Seeded ${report.products.length} products and ${report.orders} orders.`);
  }
  console.log(`Sign in as ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password} (admin)`);
  console.log(`        or ${DEMO_ACCOUNTS.customer.email} / ${DEMO_ACCOUNTS.customer.password} (customer)`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Seeding failed: ${message}`);
    if (/ECONNREFUSED|UNAVAILABLE|fetch failed/.test(message)) {
      console.error('Are the emulators running? Start them with `npm run emulators` and the Auth emulator.');
    }
    process.exit(1);
  },
);
