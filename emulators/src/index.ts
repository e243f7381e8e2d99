/**
 * Starts the offline Firestore and Storage emulators together, wired the way the official suite wires them:
 * Storage rules can read Firestore data (firestore.get/exists), both follow their rules files, both keep
 * their data in one export folder. Each is started the one way every emulator service is (`shared/service.ts`).
 */
import { dataAccess } from './firestore/access/authorization.js';
import { startFirestoreEmulator, type FirestoreEmulator } from './firestore/server.js';
import { startStorageEmulator, type StorageEmulator } from './storage/server.js';
import { RequestLog } from './console-server/request-log.js';
import type { ProjectConfig } from './config.js';
import type { IndexMode } from './firestore/query/indexes.js';

export { readProjectConfig, findProjectRoot } from './config.js';
export type { ProjectConfig } from './config.js';

export interface OfflineEmulators {
  firestore: FirestoreEmulator;
  storage: StorageEmulator;
  /** Every request the rules judged, for the console (capped, in memory). */
  requests: RequestLog;
  /** Writes both emulators' data to the data folder (or `dir`). */
  exportData(dir?: string): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  config: ProjectConfig;
  /** Folder the data is imported from at start and exported to on stop; none = in memory only. */
  dataDir?: string;
  log?: (line: string) => void;
  /**
   * Queries needing a composite index missing from firestore.indexes.json fail as in production ('enforce',
   * the default) or are only logged ('warn'; also FIRESTORE_INDEXES=warn in the environment).
   */
  indexMode?: IndexMode;
  /** Override ports (0 = any free port), e.g. for tests running beside a started shop. */
  ports?: { firestore?: number; storage?: number };
  /**
   * host:port of firebase-tools' Functions emulator, which registers its Firestore triggers with our Firestore
   * and receives Storage's events (`npm start`: firebase.json's `emulators.functions`). None: no trigger can be
   * registered and Storage sends no events (so a bench or test never feeds a Functions emulator of another run).
   */
  functionsHost?: string;
}

export async function startOfflineEmulators(options: StartOptions): Promise<OfflineEmulators> {
  const { config, dataDir } = options;
  const log = options.log ?? (() => {});
  const requests = new RequestLog();
  const { functionsHost } = options;
  const firestore = await startFirestoreEmulator({
    requests,
    host: config.firestore.host,
    port: options.ports?.firestore ?? config.firestore.port,
    rulesFile: config.firestore.rulesFile,
    indexes: config.firestore.indexesFile
      ? {
          file: config.firestore.indexesFile,
          projectId: config.projectId,
          mode: options.indexMode ?? (process.env.FIRESTORE_INDEXES === 'warn' ? 'warn' : 'enforce'),
        }
      : undefined,
    dataDir,
    log,
    functionsEmulatorHost: functionsHost,
    deferIndexWarmup: true,
  });
  let storage: StorageEmulator;
  try {
    storage = await startStorageEmulator({
      host: config.storage.host,
      port: options.ports?.storage ?? config.storage.port,
      projectId: config.projectId,
      rulesFile: config.storage.rulesFile,
      requests,
      firestoreData: dataAccess(
        firestore.engine.state({ projectId: config.projectId, databaseId: '(default)' }),
      ),
      dataDir,
      log,
      functionsEmulatorHost: functionsHost,
    });
  } catch (error) {
    await firestore.stop();
    throw error;
  }
  void firestore.warmIndexes();
  return {
    firestore,
    storage,
    requests,
    async exportData(dir = dataDir) {
      if (!dir) throw new Error('No data folder to export to');
      await firestore.exportTo(dir);
      await storage.exportTo(dir);
    },
    // Each emulator writes its data to the data folder as it stops.
    stop: async () => {
      await Promise.all([firestore.stop(), storage.stop()]);
    },
  };
}
export { startCourierEmulator } from './courier/server.js';
export type { CourierEmulator, CourierEmulatorOptions } from './courier/server.js';
