/**
 * Once for the integration suites: the whole local shop (the same stack as `npm start`, in memory). When a shop
 * or some of its emulators already run on the ports of firebase.json (a developer's `npm start` or
 * `npm run emulators`), the suites use what runs and nothing is started or stopped here.
 */
import { fileURLToPath } from 'node:url';
import { isPortFree } from '../../scripts/stack/ports.js';
import { shopPorts, startShop, type RunningShop } from '../../scripts/stack/shop.js';
import { buildFunctionsFixture } from './functions-fixture.js';
import { forgetSignedInSessions } from './signed-in-states.js';

let shop: RunningShop | undefined;

/**
 * The shop's scheduled functions kept out of the suites' way: none comes due during a run (a 15-minute expiry run
 * finishing beside the console's "run now" was once the row's last run). A suite runs one when it wants it, with
 * the console's "run now" (tests/console/schedules.test.ts, tests/functions/evening-summary.test.ts); running on
 * a schedule is tests/start/start-from-snapshot.test.ts.
 */
const SCHEDULES_OUT_OF_THE_WAY = {
  expireUnpaidOrders: 'every 24 hours',
  pollCourier: 'every 24 hours',
  eveningSummary: 'every 24 hours',
};

const TRIGGER_FIXTURE = fileURLToPath(
  new URL('../../functions/src/testing/trigger-fixture.ts', import.meta.url),
);

export default async function setup(): Promise<() => Promise<void>> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // The seeded accounts' sessions saved by an earlier run belong to that run's Auth emulator.
  forgetSignedInSessions();
  const free = await Promise.all(shopPorts(root).map(isPortFree));
  let fixture: Awaited<ReturnType<typeof buildFunctionsFixture>> | undefined;
  if (free.every(Boolean)) {
    // The trigger suite's test-only functions (tests/functions/triggers.test.ts), served by the shop's one
    // Functions emulator as a codebase of their own.
    fixture = await buildFunctionsFixture(TRIGGER_FIXTURE);
    try {
      shop = await startShop({
        root,
        persist: false,
        scheduleOverrides: SCHEDULES_OUT_OF_THE_WAY,
        extraFunctions: [{ codebase: 'trigger-fixture', source: fixture.dir }],
        log: (line) => console.log(`[shop] ${line}`),
      });
    } catch (error) {
      await fixture.remove();
      throw error;
    }
    // The suites' workers, started after this, inherit it: the trigger suite then expects the fixture served.
    process.env.ACHAR_TRIGGER_FIXTURE = 'served';
  } else {
    console.log('[shop] using the emulators already running on the ports of firebase.json');
  }
  return async () => {
    await shop?.stop();
    await fixture?.remove();
  };
}
