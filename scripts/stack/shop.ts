/**
 * The whole shop on this machine: offline Firestore + Storage emulators, firebase-tools' Auth + Functions +
 * Hosting emulators (Hosting serves the web app and sends product pages to the `pages` function, as deployed),
 * seeded demo data — started in order, stopped in reverse, nothing left behind.
 * Used by `npm start` and by the end-to-end tests.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readProjectConfig } from '../../emulators/src/config.js';
import type { CourierEmulator, OfflineEmulators } from '../../emulators/src/index.js';
import type { FunctionsScheduler } from '../../emulators/src/scheduler/scheduler.js';
import type { Snapshots } from '../../emulators/src/console-server/snapshots.js';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts.js';
import { shopConsoleExtensions } from './console-extensions.js';
import { buildFunctionsIfStale, buildWebIfStale, LOCAL_WEB_DIR } from './builds.js';
import { firebaseToolsVersion, snapshotAuthAccounts } from './auth-snapshots.js';
import { startFirebaseTools } from './firebase-tools.js';
import type { ExtraCodebase } from './firebase-tools-config.js';
import { takenPorts, type NamedPort } from './ports.js';
import { courierWebhookUrl, localCourierConfig } from './courier.js';

export interface ShopOptions {
  root: string;
  /** Keep data in `.emulator-data` between runs (npm start); tests use memory only. */
  persist?: boolean;
  /** Start from a clean slate: delete the kept data first. */
  fresh?: boolean;
  /** Start from this named snapshot (the console's Snapshots page; `npm start -- --snapshot <name>`). */
  snapshot?: string;
  /** Where snapshots are kept: default `.emulator-snapshots` when persisting, else a folder removed at stop. */
  snapshotsDir?: string;
  /**
   * Schedules to run the scheduled functions on instead of their declared ones, by name (tests, or a developer
   * who wants to see one run): default the SCHEDULE_OVERRIDES environment variable, `name=schedule;…`, which
   * also takes `every N seconds`.
   */
  scheduleOverrides?: Record<string, string>;
  /**
   * Functions packages served beside the shop's, each a codebase of its own: the integration suites' trigger
   * fixture (tests/support/global-setup.ts), so that one Functions emulator serves a whole run.
   */
  extraFunctions?: ExtraCodebase[];
  log?: (line: string) => void;
  /** Told how long each step of the start took (`npm start -- --timings`). */
  onStep?: (step: StepTime) => void;
}

/** One step of the start: when it began and ended, in ms since the process began (performance.now()). */
export interface StepTime {
  step: string;
  from: number;
  to: number;
}

export interface RunningShop {
  shopUrl: string;
  adminUrl: string;
  /** The emulator console (firebase.json's emulators.ui); null when disabled there. */
  consoleUrl: string | null;
  accounts: typeof DEMO_ACCOUNTS;
  seeded: boolean;
  /** The snapshot it started from, if one was asked for. */
  restoredSnapshot: string | null;
  ports: NamedPort[];
  emulators: OfflineEmulators;
  snapshots: Snapshots;
  /** Runs the onSchedule functions, which firebase-tools' Functions emulator does not (docs/scheduled-functions.md). */
  scheduler: FunctionsScheduler;
  /** The local courier (Steadfast's API), whose parcels the console and the tests move. */
  courier: CourierEmulator;
  stop(): Promise<void>;
}

/** Every port the local shop listens on, from firebase.json. */
export function shopPorts(root: string): NamedPort[] {
  const config = readProjectConfig(root);
  const { emulators } = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
    emulators: Record<string, { host: string; port: number }>;
  };
  return [
    { name: 'web app', ...config.hosting },
    { name: 'firestore', ...config.firestore },
    { name: 'storage', ...config.storage },
    { name: 'auth', ...config.auth },
    { name: 'functions', ...config.functions },
    { name: 'emulator hub', ...emulators.hub },
    { name: 'emulator logging', ...emulators.logging },
    ...(config.ui.enabled ? [{ name: 'emulator console', ...config.ui }] : []),
    { name: 'courier', ...localCourierConfig(root) },
  ].map(({ name, host, port }) => ({ name, host, port }));
}

export class PortsTakenError extends Error {
  constructor(readonly ports: NamedPort[]) {
    super(`These ports are already in use: ${ports.map((p) => `${p.name} ${p.host}:${p.port}`).join(', ')}`);
  }
}

/**
 * The local shop's lifecycle. `stop()` may be called at any moment — during start-up too (Ctrl-C while it
 * builds or seeds) — and stops exactly what has been started so far, in reverse order.
 */
export class LocalShop {
  private readonly stops: (() => Promise<void>)[] = [];
  private stopping: Promise<void> | null = null;

  constructor(private readonly options: ShopOptions) {}

  get stopped(): boolean {
    return this.stopping !== null;
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      const log = this.options.log ?? (() => {});
      for (const stop of this.stops.reverse()) {
        try {
          await stop();
        } catch (error) {
          log(`✖ while stopping: ${String(error)}`);
        }
      }
      this.stops.length = 0;
    })();
    return this.stopping;
  }

  /** A folder for this run only (snapshots of a shop kept in memory), removed when it stops. */
  private async temporaryFolder(): Promise<string> {
    const folder = await mkdtemp(join(tmpdir(), 'achar-snapshots-'));
    this.stops.push(() => rm(folder, { recursive: true, force: true }));
    return folder;
  }

  /** Registers something started, or stops it at once when a stop was requested meanwhile. */
  private async started(stop: () => Promise<void>): Promise<void> {
    if (this.stopping) {
      await stop();
      throw new StartAbortedError();
    }
    this.stops.push(stop);
  }

  async start(): Promise<RunningShop> {
    const { options } = this;
    const log = options.log ?? (() => {});
    /** Runs one step of the start, telling onStep how long it took. */
    const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const from = performance.now();
      try {
        return await work();
      } finally {
        options.onStep?.({ step: name, from, to: performance.now() });
      }
    };
    const config = readProjectConfig(options.root);
    const ports = shopPorts(options.root);
    const taken = await takenPorts(ports);
    if (taken.length > 0) throw new PortsTakenError(taken);

    const dataDir = options.persist ? join(options.root, '.emulator-data') : undefined;
    // Beside the data folder, not in it: --fresh must not delete what someone saved by name.
    const snapshotsDir =
      options.snapshotsDir ??
      (options.persist ? join(options.root, '.emulator-snapshots') : await this.temporaryFolder());
    if (options.snapshot !== undefined) {
      const { savedSnapshots, snapshotName } =
        await import('../../emulators/src/console-server/snapshots.js');
      const saved = (await savedSnapshots(snapshotsDir)).map((s) => s.name);
      let problem: Error | null = null;
      try {
        const name = snapshotName(options.snapshot);
        if (!saved.includes(name))
          problem = new Error(
            `No snapshot named "${name}" in ${snapshotsDir}` +
              (saved.length ? ` (saved: ${saved.join(', ')})` : ' (none saved yet)'),
          );
      } catch (error) {
        problem = error as Error;
      }
      if (problem) {
        await this.stop(); // the run's temporary snapshots folder, if it made one
        throw problem;
      }
    }
    if (options.fresh && dataDir) await rm(dataDir, { recursive: true, force: true });

    try {
      // firebase-tools (the slowest to start) is launched first: it loads its code while this process imports
      // the emulators' code and builds what changed, and our emulators load their data and the catalogue is seeded.
      // Its emulators start once those are done (`startWhen`).
      let go = () => {};
      const startWhen = new Promise<void>((resolve) => (go = resolve));
      const firestoreHost = `${config.firestore.host}:${config.firestore.port}`;
      const storageHost = `${config.storage.host}:${config.storage.port}`;
      const tools = startFirebaseTools({
        root: options.root,
        projectId: config.projectId,
        firestoreHost,
        storageHost,
        hostingPublic: LOCAL_WEB_DIR,
        authDataDir: dataDir ? join(dataDir, 'auth') : undefined,
        extraFunctions: options.extraFunctions,
        startWhen,
        log,
      });
      const stopTools = () => tools.stop();
      // Registered before it is ready, so a Ctrl-C while it boots still stops its whole process group.
      await this.started(stopTools);
      const toolsReady = step(
        "firebase-tools' Auth, Functions and Hosting emulators (from their launch)",
        () => tools.ready,
      );
      toolsReady.catch(() => {}); // awaited below, unless an earlier step fails

      const [stack] = await Promise.all([
        step("the emulators' and console's code", importStack),
        step('builds (only when an input changed)', () =>
          Promise.all([buildFunctionsIfStale(options.root, log), buildWebIfStale(options.root, log)]),
        ),
      ]);
      if (this.stopping) throw new StartAbortedError();
      const { startOfflineEmulators, startConsole, FunctionsScheduler, Snapshots, snapshotName } = stack;
      const { parseScheduleOverrides } = stack;
      const scheduleOverrides =
        options.scheduleOverrides ?? parseScheduleOverrides(process.env.SCHEDULE_OVERRIDES);

      const recovered: string[] = [];
      const emulators = await step('offline Firestore and Storage emulators (data loaded)', () =>
        startOfflineEmulators({
          config,
          dataDir,
          // firebase-tools' Functions emulator, started next: it registers its triggers with our Firestore.
          functionsHost: `${config.functions.host}:${config.functions.port}`,
          log: (line) => {
            const replayed = RECOVERED.exec(line);
            if (replayed) recovered.push(`${replayed[1]} ${replayed[2]}`);
            else if (/error|dropped|skipped|not delivered/i.test(line)) log(line);
          },
        }),
      );
      if (this.stopping) {
        await emulators.stop();
        throw new StartAbortedError();
      }
      // Stopped after firebase-tools, whose functions use them.
      this.stops.splice(this.stops.indexOf(stopTools), 0, () => emulators.stop());
      log('› offline Firestore and Storage emulators ready');
      if (recovered.length > 0) log(`› recovered after a crash, replayed: ${recovered.join('; ')}`);

      const courierConfig = localCourierConfig(options.root);
      const courier = await step('local courier', () =>
        stack.startCourierEmulator({
          host: courierConfig.host,
          port: courierConfig.port,
          apiKey: courierConfig.apiKey,
          secretKey: courierConfig.secretKey,
          webhook: {
            url: courierWebhookUrl(config.functions, config.projectId),
            token: courierConfig.webhookToken,
          },
          dataDir,
          log,
        }),
      );
      await this.started(() => courier.stop());

      const hosts = {
        firestore: firestoreHost,
        storage: storageHost,
        auth: `${config.auth.host}:${config.auth.port}`,
      };
      // The catalogue goes in before the Functions emulator starts: its photos come with their sizes and fire no
      // function (see seedCatalog). A snapshot start restores its own. A kept store needs none of it, so the
      // seed's code (firebase-admin: 1.4 s of imports) is loaded after the word to go.
      const seedTime = new Date();
      const catalog =
        options.snapshot === undefined && (await storeIsEmpty(firestoreHost, config.projectId))
          ? await step('catalogue (the store was empty)', async () => {
              const { seedCatalog } = await import('../seed/seed-demo-data.js');
              return withEmulatorEnv(hosts, () =>
                seedCatalog({ projectId: config.projectId, now: seedTime }),
              );
            })
          : undefined;
      if (this.stopping) throw new StartAbortedError();

      go();
      // The seed's code loads while firebase-tools starts its emulators.
      const seedCode = options.snapshot === undefined ? import('../seed/seed-demo-data.js') : undefined;
      seedCode?.catch(() => {}); // awaited below, unless an earlier step fails
      const snapshots = new Snapshots({
        dir: snapshotsDir,
        emulators,
        projectId: config.projectId,
        auth: config.auth,
        log: (line) => {
          if (/error|failed/i.test(line)) log(line);
        },
      });
      const scheduler = new FunctionsScheduler({
        functionsOrigin: `http://${config.functions.host}:${config.functions.port}`,
        projectId: config.projectId,
        overrides: scheduleOverrides,
        log,
      });
      // The console needs only our emulators: it starts while firebase-tools does.
      let consoleUrl: string | null = null;
      if (config.ui.enabled) {
        const extensions = { ...shopConsoleExtensions(config, courier.url), scheduledJobs: scheduler };
        const running = await step('emulator console', () =>
          startConsole({ config, emulators, dataDir, log, extensions, snapshots }),
        );
        await this.started(() => running.close());
        consoleUrl = running.url;
      }
      await toolsReady;
      if (dataDir) {
        // Accounts are saved within ~2 s of a change, so a crash does not lose them (tools exports only on exit).
        const snapshots = snapshotAuthAccounts({
          authUrl: `http://${config.auth.host}:${config.auth.port}`,
          projectId: config.projectId,
          dir: join(dataDir, 'auth'),
          toolsVersion: firebaseToolsVersion(options.root),
          log,
        });
        await this.started(() => snapshots.stop());
      }

      let seeded = false;
      if (options.snapshot !== undefined) {
        const restored = await step('snapshot restored', () => snapshots.restore(options.snapshot!));
        log(
          `› started from snapshot "${restored.name}" (${restored.documents} documents, ${restored.objects} files, ` +
            `${restored.restoredUsers ?? 'no'} accounts)`,
        );
      } else {
        const { keptCatalog, seedAccountsAndOrders } = await seedCode!;
        const seed = catalog ?? keptCatalog();
        const report = await step('accounts and orders (orders seeded with a new catalogue)', () =>
          withEmulatorEnv(hosts, () =>
            seedAccountsAndOrders(seed, { projectId: config.projectId, now: seedTime }),
          ),
        );
        seeded = !report.skipped;
        log(
          report.skipped
            ? '› kept the existing shop data'
            : `› seeded ${report.products.length} products and ${report.orders} orders`,
        );
        // The seed's state is the first snapshot: whatever a session changes, "seed" brings the demo back.
        if (seeded) await step('the "seed" snapshot', () => snapshots.save(SEED_SNAPSHOT, { replace: true }));
      }
      if (this.stopping) throw new StartAbortedError();

      // After the seed: a job due at once finds the shop's data in place.
      await this.started(() => scheduler.stop());
      await step('scheduler', () => scheduler.start());

      const shopUrl = `http://${config.hosting.host}:${config.hosting.port}`;
      return {
        shopUrl,
        adminUrl: `${shopUrl}/admin`,
        consoleUrl,
        accounts: DEMO_ACCOUNTS,
        seeded,
        restoredSnapshot: options.snapshot === undefined ? null : snapshotName(options.snapshot),
        ports,
        emulators,
        snapshots,
        scheduler,
        courier,
        stop: () => this.stop(),
      };
    } catch (error) {
      await this.stop();
      throw error;
    }
  }
}

/**
 * The code of our emulators and the console: about 1 s of imports (gRPC among them), made after firebase-tools
 * is launched so that its own loading runs beside them.
 */
async function importStack() {
  const [emulators, consoleServer, scheduler, snapshots] = await Promise.all([
    import('../../emulators/src/index.js'),
    import('../../emulators/src/console-server/server.js'),
    import('../../emulators/src/scheduler/scheduler.js'),
    import('../../emulators/src/console-server/snapshots.js'),
  ]);
  return {
    startOfflineEmulators: emulators.startOfflineEmulators,
    startCourierEmulator: emulators.startCourierEmulator,
    startConsole: consoleServer.startConsole,
    FunctionsScheduler: scheduler.FunctionsScheduler,
    parseScheduleOverrides: scheduler.parseScheduleOverrides,
    Snapshots: snapshots.Snapshots,
    snapshotName: snapshots.snapshotName,
  };
}

/**
 * Whether the store has neither products nor orders (then the catalogue is seeded before the functions start),
 * asked of our Firestore emulator over REST as the owner: the seed's own check needs firebase-admin's code.
 */
async function storeIsEmpty(firestoreHost: string, projectId: string): Promise<boolean> {
  const url = `http://${firestoreHost}/v1/projects/${projectId}/databases/(default)/documents:runQuery`;
  const found = await Promise.all(
    ['products', 'orders'].map(async (collectionId) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify({ structuredQuery: { from: [{ collectionId }], limit: 1 } }),
      });
      if (!response.ok) throw new Error(`Firestore emulator: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { document?: unknown }[]).some((result) => result.document);
    }),
  );
  return !found.includes(true);
}

/** The snapshot the seed's state is saved as, each time the demo data is seeded afresh. */
export const SEED_SNAPSHOT = 'seed';

/** The line an emulator logs when its journal or log replayed writes a crash left out of the export. */
const RECOVERED = /^(\w+): recovered after a crash: replayed (.*)$/;

const EMULATOR_ENV = [
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_STORAGE_EMULATOR_HOST',
  'STORAGE_EMULATOR_HOST',
  'FIREBASE_AUTH_EMULATOR_HOST',
] as const;

/**
 * Runs `work` with the admin SDK pointed at the shop's emulators, then restores the environment: the caller
 * (e.g. the test runner, whose workers inherit it) must not be left pointing at them.
 */
async function withEmulatorEnv<T>(
  hosts: { firestore: string; storage: string; auth: string },
  work: () => Promise<T>,
): Promise<T> {
  const saved = EMULATOR_ENV.map((name) => [name, process.env[name]] as const);
  process.env.FIRESTORE_EMULATOR_HOST = hosts.firestore;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = hosts.storage;
  process.env.STORAGE_EMULATOR_HOST = `http://${hosts.storage}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = hosts.auth;
  try {
    return await work();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

export class StartAbortedError extends Error {
  constructor() {
    super('start-up was stopped');
  }
}

/** Starts the shop; for callers that need no early stop (tests). */
export function startShop(options: ShopOptions): Promise<RunningShop> {
  return new LocalShop(options).start();
}
