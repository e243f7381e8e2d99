/**
 * `npm start`: the whole shop locally and offline — emulators, demo data, web app — then the URLs and logins.
 * Ctrl-C stops everything it started and keeps the data for next time; `npm start -- --fresh` starts clean;
 * `npm start -- --snapshot <name>` starts from a snapshot saved in the emulator console ("seed": the demo data);
 * `npm start -- --timings` also prints how long each step of the start took.
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  LocalShop,
  PortsTakenError,
  StartAbortedError,
  type RunningShop,
  type StepTime,
} from './stack/shop.js';

// Google's auth library (in firebase-admin and firebase-tools) otherwise probes the GCE metadata server and
// prints "MetadataLookupWarning … 403" on a fresh start; nothing here runs on Google Cloud. Children inherit it.
process.env.METADATA_SERVER_DETECTION ??= 'none';

const { values } = parseArgs({
  options: {
    fresh: { type: 'boolean', default: false },
    snapshot: { type: 'string' },
    'no-persist': { type: 'boolean', default: false },
    timings: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(
    'Usage: npm start [-- --fresh] [-- --no-persist] [-- --snapshot <name>] [-- --timings]\n' +
      '  --fresh            delete the kept local data and seed again\n' +
      '  --no-persist       keep nothing after Ctrl-C\n' +
      '  --snapshot <name>  start from a snapshot saved in the emulator console (.emulator-snapshots/;\n' +
      '                     "seed" is the demo data as last seeded)\n' +
      '  --timings          print how long each step of the start took',
  );
  process.exit(0);
}

const root = fileURLToPath(new URL('..', import.meta.url));
// Since the process began: Node's and tsx's own start and the imports count too.
const steps: StepTime[] = [{ step: 'Node, tsx and the imports', from: 0, to: performance.now() }];
const local = new LocalShop({
  root,
  persist: !values['no-persist'],
  fresh: values.fresh,
  snapshot: values.snapshot,
  log: (line) => console.log(line),
  onStep: (step) => steps.push(step),
});

// Installed before anything starts: Ctrl-C during start-up stops what has started so far.
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the shop…`);
  await local.stop();
  console.log('✔ stopped; every port is free again.');
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

let shop: RunningShop;
try {
  shop = await local.start();
} catch (error) {
  if (error instanceof StartAbortedError) await new Promise(() => {}); // the signal handler exits
  if (error instanceof PortsTakenError) {
    console.error(
      `✖ Cannot start the shop: ${error.message}.\n  Stop the program using ${error.ports.length > 1 ? 'them' : 'it'} (e.g. another npm start) and try again.`,
    );
  } else {
    console.error(`✖ Cannot start the shop: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}

const readyIn = performance.now();
if (values.timings) {
  const seconds = (ms: number) => (ms / 1000).toFixed(2).padStart(6);
  console.log('\nWhere the start went (seconds since this process began; steps may overlap):');
  for (const { step, from, to } of steps)
    console.log(`${seconds(from)} → ${seconds(to)}  ${seconds(to - from)}  ${step}`);
  console.log(`${seconds(0)} → ${seconds(readyIn)}  ${seconds(readyIn)}  ready`);
}

const { admin, customer } = shop.accounts;
console.log(`
✔ আচার ঘর is running locally (ready in ${(readyIn / 1000).toFixed(1)} s)

   Shop:             ${shop.shopUrl}
   Admin dashboard:  ${shop.adminUrl}${shop.consoleUrl ? `\n   Emulator console: ${shop.consoleUrl}  (data, rule decisions, users, files, logs; this machine only)` : ''}

   Admin login:      ${admin.email} / ${admin.password}
   Customer login:   ${customer.email} / ${customer.password}

   Press Ctrl-C to stop (the data is kept for the next start; npm start -- --fresh starts clean).
`);
