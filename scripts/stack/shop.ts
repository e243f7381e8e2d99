/**
 * The whole shop on this machine: offline Firestore + Storage emulators, firebase-tools' Auth + Functions
 * emulators, seeded demo data and the web app — started in order, stopped in reverse, nothing left behind.
 * Used by `npm start` and by the end-to-end tests.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PreviewServer } from 'vite';
import {
  readProjectConfig,
  startOfflineEmulators,
  type OfflineEmulators,
} from '../../emulators/src/index.js';
import { DEMO_ACCOUNTS, seedDemoData } from '../seed/seed-demo-data.js';
import { buildFunctionsIfStale, buildWebIfStale, LOCAL_WEB_DIR } from './builds.js';
import { startFirebaseTools, type FirebaseToolsProcess } from './firebase-tools.js';
import { takenPorts, type NamedPort } from './ports.js';

export interface ShopOptions {
  root: string;
  /** Keep data in `.emulator-data` between runs (npm start); tests use memory only. */
  persist?: boolean;
  /** Start from a clean slate: delete the kept data first. */
  fresh?: boolean;
  log?: (line: string) => void;
}

export interface RunningShop {
  shopUrl: string;
  adminUrl: string;
  accounts: typeof DEMO_ACCOUNTS;
  seeded: boolean;
  ports: NamedPort[];
  emulators: OfflineEmulators;
  stop(): Promise<void>;
}

export class PortsTakenError extends Error {
  constructor(readonly ports: NamedPort[]) {
    super(`These ports are already in use: ${ports.map((p) => `${p.name} ${p.host}:${p.port}`).join(', ')}`);
  }
}

export async function startShop(options: ShopOptions): Promise<RunningShop> {
  const log = options.log ?? (() => {});
  const config = readProjectConfig(options.root);
  const extra = JSON.parse(
    (await import('node:fs')).readFileSync(join(options.root, 'firebase.json'), 'utf8'),
  ) as { emulators: Record<string, { host: string; port: number }> };
  const ports: NamedPort[] = [
    { name: 'web app', ...config.hosting },
    { name: 'firestore', ...config.firestore },
    { name: 'storage', ...config.storage },
    { name: 'auth', ...config.auth },
    { name: 'functions', ...config.functions },
    { name: 'emulator hub', ...extra.emulators.hub },
    { name: 'emulator logging', ...extra.emulators.logging },
  ].map(({ name, host, port }) => ({ name, host, port }));
  const taken = await takenPorts(ports);
  if (taken.length > 0) throw new PortsTakenError(taken);

  const dataDir = options.persist ? join(options.root, '.emulator-data') : undefined;
  if (options.fresh && dataDir) await rm(dataDir, { recursive: true, force: true });

  await Promise.all([buildFunctionsIfStale(options.root, log), buildWebIfStale(options.root, log)]);

  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        log(`✖ while stopping: ${String(error)}`);
      }
    }
    stops.length = 0;
  };

  try {
    const emulators = await startOfflineEmulators({
      config,
      dataDir,
      log: (line) => /error/i.test(line) && log(line),
    });
    stops.push(() => emulators.stop());
    log('› offline Firestore and Storage emulators ready');

    const firestoreHost = `${config.firestore.host}:${config.firestore.port}`;
    const storageHost = `${config.storage.host}:${config.storage.port}`;
    const tools: FirebaseToolsProcess = await startFirebaseTools({
      root: options.root,
      projectId: config.projectId,
      firestoreHost,
      storageHost,
      authDataDir: dataDir ? join(dataDir, 'auth') : undefined,
      log,
    });
    stops.push(() => tools.stop());

    process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = storageHost;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `${config.auth.host}:${config.auth.port}`;
    const report = await seedDemoData({ projectId: config.projectId, log: () => {} });
    log(
      report.skipped
        ? '› kept the existing shop data'
        : `› seeded ${report.products.length} products and ${report.orders} orders`,
    );

    const { preview } = await import('vite');
    const server: PreviewServer = await preview({
      root: options.root,
      logLevel: 'warn',
      build: { outDir: LOCAL_WEB_DIR },
      preview: { host: config.hosting.host, port: config.hosting.port, strictPort: true, open: false },
    });
    stops.push(async () => {
      await server.close();
    });

    const shopUrl = `http://${config.hosting.host}:${config.hosting.port}`;
    return {
      shopUrl,
      adminUrl: `${shopUrl}/admin`,
      accounts: DEMO_ACCOUNTS,
      seeded: !report.skipped,
      ports,
      emulators,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
