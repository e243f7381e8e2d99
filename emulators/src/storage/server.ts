/**
 * The Cloud Storage emulator: one engine (state + operations) behind two thin routers, the Firebase API
 * (`/v0/…`, used by `firebase/storage`) and the GCS JSON API (`/b/…`, `/storage/v1/…`, `/upload/…`,
 * `/download/…`, used by firebase-admin). Internal endpoints:
 *   GET  /                 → 200 health check
 *   DELETE /internal/reset → 204, deletes every object and unfinished upload (also accepts POST, as
 *                            firebase-tools' emulator does)
 *   POST /internal/export  → 200, body {"path": "<dir>"}: exports to <dir>/storage
 *   PUT  /internal/setRules → 200, body {"rules": {"files": [{"name", "content"}]}}: what
 *                            @firebase/rules-unit-testing sends; those rules then replace `rules()` for the
 *                            life of the emulator. 400 with the syntax issues when they do not compile
 *                            (everything is denied until good rules arrive, as with a broken rules file).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FirestoreDataAccess, Ruleset } from '../rules/types.js';
import type { RequestLog, RulesTextSource } from '../console/request-log.js';
import { badRequest, StorageError } from './errors.js';
import { handleFirebaseRequest } from './firebase-api.js';
import { handleGcsRequest, isGcsPath } from './gcs-api.js';
import {
  answerPreflight,
  applyCors,
  parseJsonBody,
  readBody,
  sendEmpty,
  sendError,
  sendJson,
} from './http.js';
import { StorageOperations } from './operations.js';
import { exportStorage, hasStorageExport, importStorage } from './persistence.js';
import { StorageState } from './state.js';
import { RulesSource } from '../shared/rules-source.js';

export interface StorageEmulatorOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  projectId: string;
  /** Defaults to `<projectId>.appspot.com`; only reported, since buckets are created on first use. */
  defaultBucket?: string;
  rules?: () => Ruleset | null;
  /** Records every rules decision (and admin-SDK bypass) for the console; `rulesText` is the rules' source. */
  requests?: RequestLog;
  rulesText?: RulesTextSource;
  firestoreData?: FirestoreDataAccess;
  /** Imported at start when it holds an export; written on close so data survives a restart. */
  dataDir?: string;
  /** Largest object accepted, in bytes (default 20 MiB). */
  maxUploadBytes?: number;
  log?: (line: string) => void;
}

export interface StorageEmulator {
  url: string;
  port: number;
  defaultBucket: string;
  close(): Promise<void>;
  reset(): void;
  exportTo(dir: string): Promise<void>;
  importFrom(dir: string): Promise<void>;
}

export async function createStorageEmulator(options: StorageEmulatorOptions): Promise<StorageEmulator> {
  const log = options.log ?? (() => {});
  const state = new StorageState();
  const uploadedRules = new RulesSource('firebase.storage', log);
  let rulesUploaded = false;
  const rules = () => (rulesUploaded ? uploadedRules.current() : (options.rules?.() ?? null));
  const rulesText = () => (rulesUploaded ? uploadedRules.text() : (options.rulesText?.() ?? null));
  const operations = new StorageOperations(state, {
    rules: options.requests ? options.requests.watch('storage', rules, rulesText) : rules,
    firestoreData: options.firestoreData,
    maxUploadBytes: options.maxUploadBytes,
  });
  if (options.dataDir && (await hasStorageExport(options.dataDir))) {
    await importStorage(state, options.dataDir);
    log(`storage: imported data from ${options.dataDir}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
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
    });
  });
  // Clients pool keep-alive connections (firebase-admin's for minutes); Node's 5 s default closes them under the
  // client's feet and its next request fails with "socket hang up". Outlive the clients' idle timeouts instead.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    applyCors(req, res);
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://emulator');
    } catch {
      throw badRequest('Malformed request URL.');
    }
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
      await exportStorage(state, body.path);
      return sendJson(res, 200, { path: body.path });
    }
    if (url.pathname === '/internal/setRules' && req.method === 'PUT') {
      const file = rulesFileOf(parseJsonBody(await readBody(req, 1024 * 1024)));
      rulesUploaded = true;
      const issues = uploadedRules.setSource(file.content, file.name);
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

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${hostForUrl}:${port}`;
  log(`storage: emulator listening on ${url}`);

  return {
    url,
    port,
    defaultBucket: options.defaultBucket ?? `${options.projectId}.appspot.com`,
    async close() {
      uploadedRules.close();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      if (options.dataDir) {
        await exportStorage(state, options.dataDir);
        log(`storage: exported data to ${options.dataDir}`);
      }
    },
    reset: () => operations.reset(),
    exportTo: (dir) => exportStorage(state, dir),
    importFrom: (dir) => importStorage(state, dir),
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
