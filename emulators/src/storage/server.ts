/**
 * The Cloud Storage emulator: one engine (state + operations) behind two thin routers, the Firebase API
 * (`/v0/…`, used by `firebase/storage`) and the GCS JSON API (`/b/…`, `/storage/v1/…`, `/upload/…`,
 * `/download/…`, used by firebase-admin). Internal endpoints:
 *   GET  /                 → 200 health check
 *   DELETE /internal/reset → 204, deletes every object and unfinished upload (also accepts POST, as
 *                            firebase-tools' emulator does)
 *   POST /internal/export  → 200, body {"path": "<dir>"}: exports to <dir>/storage
 *   PUT  /internal/setRules → 200, body {"rules": {"files": [{"name", "content"}]}}: what
 *                            @firebase/rules-unit-testing sends; those rules then replace the rules file's
 *                            until the file changes again (as Firestore's `:securityRules`). 400 with the
 *                            syntax issues when they do not compile (everything is denied until good rules
 *                            arrive, as with a broken rules file).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FirestoreDataAccess } from '../rules/types.js';
import { readBody, RequestError } from '../shared/http/request.js';
import { createHttpServer, listen, urlOf } from '../shared/http/server.js';
import { serviceRules, type EmulatorService, type EmulatorServiceOptions } from '../shared/service.js';
import { badRequest, StorageError } from './errors.js';
import { handleFirebaseRequest } from './firebase-api.js';
import { StorageFunctionEvents } from './function-events.js';
import { gcsObjectJson, handleGcsRequest, isGcsPath } from './gcs-api.js';
import { parseJsonBody, requestFailure, sendEmpty, sendError, sendJson, STORAGE_CORS } from './http.js';
import { StorageOperations } from './operations.js';
import { StorageObjectLog } from './object-log.js';
import { exportStorage, hasStorageExport, importStorage } from './persistence.js';
import { StorageState } from './state.js';

export interface StorageEmulatorOptions extends EmulatorServiceOptions {
  projectId: string;
  /** Defaults to `<projectId>.appspot.com`; only reported, since buckets are created on first use. */
  defaultBucket?: string;
  /** What `firestore.get()`/`exists()` in the rules read (the Firestore emulator's data). */
  firestoreData?: FirestoreDataAccess;
  /** Largest object accepted, in bytes (default 20 MiB). */
  maxUploadBytes?: number;
  /** host:port of firebase-tools' Functions emulator: each object change is sent to it (./function-events.ts). */
  functionsEmulatorHost?: string;
}

export interface StorageEmulator extends EmulatorService {
  readonly defaultBucket: string;
  /** Deletes every object and unfinished upload. */
  reset(): void;
  /** Replaces every object with the export in `dir`. */
  importFrom(dir: string): Promise<void>;
  /** A rules question, writing nothing (the console's playground): see `StorageOperations.askRules`. */
  askRules: StorageOperations['askRules'];
}

export async function startStorageEmulator(options: StorageEmulatorOptions): Promise<StorageEmulator> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const state = new StorageState();
  const rules = serviceRules('storage', options);
  // The objects' GCS resources name the emulator's own address, known once it listens.
  let origin = '';
  const functionEvents = options.functionsEmulatorHost
    ? new StorageFunctionEvents({
        functionsHost: options.functionsEmulatorHost,
        projectId: options.projectId,
        objectJson: (object) => gcsObjectJson(object, origin),
        log,
      })
    : undefined;
  const operations = new StorageOperations(state, {
    rules: rules.enforced,
    firestoreData: options.firestoreData,
    maxUploadBytes: options.maxUploadBytes,
    onObjectChange: functionEvents && ((action, object) => functionEvents.dispatch(action, object)),
  });
  let recovered = false;
  try {
    if (options.dataDir && (await hasStorageExport(options.dataDir))) {
      await importStorage(state, options.dataDir);
      log(`storage: imported data from ${options.dataDir}`);
    }
    if (options.dataDir) {
      const opened = StorageObjectLog.open(state, options.dataDir);
      state.log = opened.log;
      for (const file of opened.replayed.skipped) log(`storage: skipped an unreadable log file ${file}`);
      if (opened.replayed.objects > 0)
        log(
          `storage: recovered after a crash: replayed ${opened.replayed.objects} object writes from the log`,
        );
      recovered = opened.replayed.objects > 0;
    }
  } catch (error) {
    rules.source.close();
    throw error;
  }
  // One export at a time: two at once would race for the same files, and an older snapshot renamed in last
  // would replace a newer one whose journal was already removed.
  let exporting: Promise<unknown> = Promise.resolve();
  const exportTo = (dir?: string): Promise<string> => {
    const run = exporting.then(() => exportOnce(dir));
    exporting = run.catch(() => {});
    return run;
  };
  const exportOnce = async (dir?: string): Promise<string> => {
    const target = dir ?? options.dataDir;
    if (!target) throw new Error('No export folder given and no data folder configured');
    // Exporting to the data folder compacts the log: later writes go to a new folder, older ones go after.
    const rotated = target === options.dataDir ? state.log?.rotate() : undefined;
    await exportStorage(state, target);
    if (rotated !== undefined) state.log?.prune(rotated);
    log(`storage: exported data to ${target}`);
    return target;
  };
  // What the log replayed goes into the export now, so the log starts empty again.
  if (recovered && options.dataDir) await exportTo(options.dataDir);

  const server = createHttpServer({
    cors: STORAGE_CORS,
    route,
    fail(req: IncomingMessage, res: ServerResponse, thrown: unknown) {
      const error = thrown instanceof RequestError ? requestFailure(thrown) : thrown;
      if (!(error instanceof StorageError) || error.status >= 500) {
        log(
          `storage: ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : String(error)}`,
        );
      } else if (error.status === 403) {
        log(`storage: denied ${req.method} ${req.url}: ${error.message}`);
      }
      // Let the rest of an unread request body drain so the client still receives our answer.
      req.resume();
      sendError(res, error);
    },
  });

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      return sendJson(res, 200, { emulator: 'storage', projectId: options.projectId });
    }
    if (url.pathname === '/internal/reset' && (req.method === 'DELETE' || req.method === 'POST')) {
      operations.reset();
      return sendEmpty(res, 204);
    }
    if (url.pathname === '/internal/export' && req.method === 'POST') {
      const body = parseJsonBody(await readBody(req, 64 * 1024)) as { path?: unknown } | undefined;
      if (typeof body?.path !== 'string' || body.path === '')
        throw badRequest('Export needs {"path": "<folder>"}.');
      await exportTo(body.path);
      return sendJson(res, 200, { path: body.path });
    }
    if (url.pathname === '/internal/setRules' && req.method === 'PUT') {
      const file = rulesFileOf(parseJsonBody(await readBody(req, 1024 * 1024)));
      const issues = rules.source.setSource(file.content, file.name);
      if (issues.length > 0) {
        const message = issues
          .map((issue) => `${issue.file}:${issue.line}:${issue.column}: ${issue.message}`)
          .join('\n');
        return sendJson(res, 400, { error: { code: 400, message, issues } });
      }
      return sendJson(res, 200, { loaded: file.name });
    }
    if (url.pathname.startsWith('/v0/')) return handleFirebaseRequest(operations, req, res, url);
    if (isGcsPath(url.pathname)) return handleGcsRequest(operations, req, res, url);
    throw new StorageError('notFound', `Not Found: ${req.method} ${url.pathname}`);
  }

  let port: number;
  try {
    port = await listen(server, options.port ?? 9199, host);
  } catch (error) {
    rules.source.close();
    throw error;
  }
  const url = urlOf(host, port);
  origin = url;
  log(`storage: emulator listening on ${url}`);

  return {
    host,
    port,
    url,
    rules: rules.source,
    defaultBucket: options.defaultBucket ?? `${options.projectId}.appspot.com`,
    exportTo,
    async stop() {
      functionEvents?.stop();
      rules.source.close();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      if (options.dataDir) await exportTo(options.dataDir);
    },
    reset: () => operations.reset(),
    askRules: (...question) => operations.askRules(...question),
    importFrom: async (dir) => {
      await importStorage(state, dir);
      // The import replaced everything: the log says so, then holds each imported object.
      state.log?.reset();
      for (const bucket of state.buckets.values())
        for (const object of bucket.objects.values()) state.log?.put(object);
    },
  };
}

function rulesFileOf(body: unknown): { name: string; content: string } {
  const files = (body as { rules?: { files?: unknown } } | undefined)?.rules?.files;
  const file = Array.isArray(files)
    ? (files[0] as { name?: unknown; content?: unknown } | undefined)
    : undefined;
  if (typeof file?.content !== 'string') {
    throw badRequest('setRules needs {"rules": {"files": [{"name": "storage.rules", "content": "…"}]}}.');
  }
  return { name: typeof file.name === 'string' ? file.name : 'storage.rules', content: file.content };
}
