import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { domFreeWebTests, webTestsLoadingToaster } from './tests/config/pure-tests.ts';
import { IntegrationSequencer } from './tests/support/integration-sequencer.ts';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

const WEB_TESTS = /\.test\.tsx?$/;
/**
 * The web tests that replace modules with vi.mock: each gets a module graph of its own. The others share one per
 * worker (isolate: false), which spares every file importing Chakra UI, React and Firebase again (about 1 s a
 * file: the web suite took 173 s with every file isolated, 32 s shared). A file that starts using vi.mock moves
 * to the isolated project by itself.
 */
const webTestsReplacingModules = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => WEB_TESTS.test(file) && readFileSync(`src/${file}`, 'utf8').includes('vi.mock('))
  .map((file) => `src/${file.replaceAll('\\', '/')}`);

/**
 * 30 s, as the emulators' tests: the web app's `*.emulator.test.ts` query the repo's Firestore emulator over
 * 1,300 orders and ran past Vitest's 5 s on a loaded two-core host (the order queries, the paperwork export).
 */
const webTest = {
  environment: 'jsdom',
  setupFiles: ['src/testing/setup.ts'],
  globals: true,
  testTimeout: 30_000,
};
/** With the toaster's clearing after each test (src/testing/toaster-cleanup.ts), which imports Chakra UI. */
const webTestWithToaster = {
  ...webTest,
  setupFiles: ['src/testing/toaster-cleanup.ts', 'src/testing/setup.ts'],
};

const root = fileURLToPath(new URL('.', import.meta.url));
/**
 * The isolated web tests that never load the toaster (hooks, API modules, a route) skip the setup that imports
 * it, and Chakra UI with it: each of them starts a module graph of its own, so that import cost each about
 * 1.5 CPU-s (tests/config/pure-tests.ts finds them).
 */
const isolatedWebTestsWithToaster = webTestsLoadingToaster(root, webTestsReplacingModules);
const isolatedWebTestsWithoutToaster = webTestsReplacingModules.filter(
  (file) => !isolatedWebTestsWithToaster.includes(file),
);
/**
 * The models' and other logic's tests that reach no DOM, React or Chakra UI through what they import run in
 * Node, without jsdom and the render setup (which cost each file more than its tests). One whose imports start
 * to reach them moves back to `web` by itself (tests/config/pure-tests.ts); else `document is not defined`.
 */
const domFreeWebTestFiles = domFreeWebTests(root);

/**
 * The Cloud Functions' tests that replace no module share one module graph per worker (isolate: false), so
 * firebase-admin, the emulators' engine and the shop's models load once per worker, not once per file; each file
 * still starts its own in-process emulator on a free port and stops it after. A file that starts using vi.mock
 * moves to `functions-isolated` by itself.
 */
const FUNCTIONS_TESTS = /\.test\.ts$/;
const functionsTestsReplacingModules = readdirSync('functions/src', { recursive: true, encoding: 'utf8' })
  .filter(
    (file) =>
      FUNCTIONS_TESTS.test(file) && readFileSync(`functions/src/${file}`, 'utf8').includes('vi.mock('),
  )
  .map((file) => `functions/src/${file.replaceAll('\\', '/')}`);
const functionsTest = { environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 };

const EMULATOR_TESTS = ['emulators/src/**/*.test.ts', 'emulators/console-app/src/**/*.test.ts'];
/**
 * The emulators' tests share one module graph per worker (isolate: false): each file starts its servers on free
 * ports and stops them after it, and restores what it stubs. 33 s and 39 CPU-s for the 49 files that started
 * servers, against 50 s and 71 CPU-s with a module graph each (one sitting). None may replace a module
 * (tests/config/pure-tests.test.ts).
 */
const emulatorTest = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 30_000,
  isolate: false,
  unstubGlobals: true,
  unstubEnvs: true,
};

/**
 * The integration suites that change what the other suites of the one shared shop see, or count what the
 * others would change: the console's main suite (it clears everything and brings the seed back, edits the first
 * jar's price, grants the demo customer admin), its rules pages (replace the rules, count every request from a
 * reset), snapshots (restores one) and schedules (runs the unpaid-order expiry over every order), the evening
 * mail (the whole shop's figures) and the dashboard (counts every order card and every order on its stats, an
 * order shown within 2 s). The others scope what they check to their own data (a product, an account, a buyer's
 * name, a collection of their own) and run beside each other: the order mail, a customer's cancel, the console's
 * language and Logs (its clear is the page's own) and its Firestore pages.
 */
const SHARED_STATE_SUITES = [
  'tests/console/console.test.ts',
  'tests/console/rules-console.test.ts',
  'tests/console/snapshots.test.ts',
  'tests/console/schedules.test.ts',
  'tests/functions/evening-summary.test.ts',
  'tests/e2e/admin.test.ts',
  // Its bursts and its slow function hold the shop's trigger deliveries (at most 4 at once), so beside it another
  // suite's stock count came too late (cancel-order timed out twice in twelve runs).
  'tests/functions/triggers.test.ts',
];

/**
 * The integration suites that start emulators of their own on free ports (or none) and never reach the shared
 * shop: they run after the shop's side-by-side suites, beside the alone ones (integration-alone), so that the
 * second worker is not idle while those take the shop one by one. tests/support/integration-sequencer.ts
 * interleaves the two.
 */
const OWN_EMULATOR_SUITES = ['tests/rules/**/*.test.ts', 'scripts/**/*.test.ts'];

/**
 * Issue 50: the rules suites that run through tests/support/firestore-rules-env.ts run a second time, in the
 * `referee` project, against Google's own Firestore emulator (started once in its globalSetup; where it is not
 * installed, one line says so and they skip), with the referee's own tests (tests/referee/). The test command
 * compares the two projects' results (scripts/test-summary.ts).
 */
const REFEREE_RULES_SUITES = readdirSync('tests/rules')
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `tests/rules/${file}`)
  .filter((file) => /useFirestoreRulesEnv\(\)/.test(readFileSync(file, 'utf8')));

/** The integration suites share one shop, started once (the same stack as `npm start`, in memory). */
const integrationTest = {
  globalSetup: ['tests/support/global-setup.ts'],
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 180_000,
};

// One runner, twelve projects: each names where its tests live and what they need around them.
export default defineConfig({
  resolve: { alias },
  test: {
    globals: true,
    // Two files at a time on this 2-core machine (Vitest's default in a run is one fewer than the cores: one).
    // A file spends much of its time importing or waiting on a socket, so the second core is otherwise idle: the
    // emulators' unit project took 211 s with one, 132 s with two (`npx vitest run --project emulators
    // --maxWorkers=N`).
    maxWorkers: 2,
    sequence: { sequencer: IntegrationSequencer },
    projects: [
      { test: { ...emulatorTest, name: 'emulators', include: EMULATOR_TESTS } },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          ...webTestWithToaster,
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...webTestsReplacingModules, ...domFreeWebTestFiles],
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web-pure',
          include: domFreeWebTestFiles,
          environment: 'node',
          globals: true,
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: { ...webTestWithToaster, name: 'web-isolated', include: isolatedWebTestsWithToaster },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: { ...webTest, name: 'web-isolated-lean', include: isolatedWebTestsWithoutToaster },
      },
      {
        // The product pages' function renders the storefront's components, which import through `@/`.
        resolve: { alias },
        test: {
          ...functionsTest,
          name: 'functions',
          include: ['functions/src/**/*.test.ts'],
          exclude: functionsTestsReplacingModules,
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { ...functionsTest, name: 'functions-isolated', include: functionsTestsReplacingModules },
      },
      {
        test: {
          ...integrationTest,
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          exclude: [
            'tests/start/**',
            'tests/config/**',
            'tests/referee/**',
            ...SHARED_STATE_SUITES,
            ...OWN_EMULATOR_SUITES,
          ],
          // Two files at a time: the browser suites mostly wait on the shop; each of them makes its own
          // accounts, orders and products.
          maxWorkers: 2,
          // One module graph per worker (no suite replaces a module; each names its own apps and data):
          // playwright-core, firebase-admin and the shop's models load once per worker, not once per file. In
          // one sitting the integration step took 251 s and 235 CPU-s so, against 265 s and 262 CPU-s isolated.
          isolate: false,
        },
      },
      {
        test: {
          ...integrationTest,
          name: 'integration-alone',
          include: SHARED_STATE_SUITES,
          // Once the side-by-side files are done, one at a time (each waits for the shop in its setup), beside
          // the suites with emulators of their own, which fill the second worker meanwhile.
          setupFiles: ['tests/support/shop-alone.ts'],
          maxWorkers: 2,
          // As `integration`: the setup file runs again before each suite (it takes the shop for that suite).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'integration-own',
          include: OWN_EMULATOR_SUITES,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'referee',
          include: ['tests/referee/**/*.test.ts', ...REFEREE_RULES_SUITES],
          environment: 'node',
          globalSetup: ['tests/support/google-firestore-setup.ts'],
          env: { ACHAR_RULES_REFEREE: '1' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The build test renders a product page with the app's server entry, which imports through `@/`.
        resolve: { alias },
        test: {
          name: 'config',
          include: ['tests/config/**/*.test.ts'],
          environment: 'node',
          // The lint tests' first run loads ESLint's plugins and parser, and the unit projects run side by side.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'start',
          include: ['tests/start/**/*.test.ts'],
          environment: 'node',
          // Each starts the whole shop on the ports of firebase.json: one at a time.
          fileParallelism: false,
          testTimeout: 300_000,
        },
      },
    ],
  },
});
