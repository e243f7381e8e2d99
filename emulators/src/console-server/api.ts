/**
 * The console's own small API, for what no emulator exposes publicly: the request log (a Server-Sent Events
 * stream), the rules text its lines refer to, which emulators answer, "export now", named snapshots
 * (snapshots.ts), and what a project adds (extensions.ts: user roles, scheduled jobs to run now). Everything
 * else the console does goes straight to the emulators' public REST endpoints.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import type { ProjectConfig } from '../config.js';
import type { OfflineEmulators } from '../index.js';
import { readBody, RequestError } from '../shared/http/request.js';
import { sendJsonText } from '../shared/http/respond.js';
import { extensionsForPage, type ConsoleExtensions } from './extensions.js';
import type { RequestService } from './request-log.js';
import { SnapshotError, type Snapshots } from './snapshots.js';
import { askRules, parseQuestion, PlaygroundError, type PlaygroundQuestion } from './rules-playground.js';

/** What the console page sends and receives (types only). */
export type { PlaygroundAnswer, PlaygroundQuestion } from './rules-playground.js';

export interface ConsoleApiOptions {
  config: ProjectConfig;
  emulators: OfflineEmulators;
  /** Data folder for "export now"; none when the data is kept in memory only. */
  dataDir?: string;
  /** What the project adds to the console (links, user roles); none: only what every project has. */
  extensions?: ConsoleExtensions;
  /** Named snapshots of the whole state (./snapshots.ts); none: the Snapshots page says they are off. */
  snapshots?: Snapshots;
}

/** What the console page needs to find every emulator; also the Overview's list. */
export function consoleConfig(
  config: ProjectConfig,
  running?: OfflineEmulators,
  extensions?: ConsoleExtensions,
) {
  const at = (e: { host: string; port: number }) => ({ host: e.host, port: e.port });
  return {
    projectId: config.projectId,
    bucket: `${config.projectId}.appspot.com`,
    extensions: extensionsForPage(extensions),
    emulators: {
      // The ports the emulators really listen on (tests start them on free ports).
      firestore: at(
        running ? { host: config.firestore.host, port: running.firestore.port } : config.firestore,
      ),
      storage: at(running ? { host: config.storage.host, port: running.storage.port } : config.storage),
      auth: at(config.auth),
      functions: at(config.functions),
      hosting: at(config.hosting),
      hub: at(config.hub),
      logging: at(config.logging),
      console: at(config.ui),
    },
  };
}

export type ConsoleConfig = ReturnType<typeof consoleConfig>;

function isListening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendJsonText(res, status, JSON.stringify(body), { 'Cache-Control': 'no-store' });
}

/** Handles /api/…; returns false for anything else (the static app). */
export async function handleConsoleApi(
  options: ConsoleApiOptions,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (!url.pathname.startsWith('/api/')) return false;
  const { config, emulators } = options;
  const route = `${req.method} ${url.pathname}`;

  // A page on another site open in the same browser may send a simple POST here; only the console's own
  // pages (same origin) may change anything.
  const origin = req.headers.origin;
  if (req.method !== 'GET' && origin !== undefined && origin !== `http://${req.headers.host}`) {
    sendJson(res, 403, {
      error: `The console API only accepts changes from the console itself, not ${origin}.`,
    });
    return true;
  }

  if (route === 'GET /api/config') {
    sendJson(res, 200, consoleConfig(config, emulators, options.extensions));
  } else if (route === 'GET /api/status') {
    const endpoints = consoleConfig(config, emulators).emulators;
    const names = Object.keys(endpoints) as (keyof typeof endpoints)[];
    const up = await Promise.all(names.map((n) => isListening(endpoints[n].host, endpoints[n].port)));
    sendJson(res, 200, Object.fromEntries(names.map((n, i) => [n, up[i]])));
  } else if (route === 'GET /api/requests') {
    streamRequests(options, req, res);
  } else if (route === 'DELETE /api/requests') {
    emulators.requests.clear();
    sendJson(res, 200, { cleared: true });
  } else if (route === 'POST /api/rules/playground') {
    await playground(options, req, res);
  } else if (url.pathname.startsWith('/api/coverage/')) {
    const service = url.pathname.slice('/api/coverage/'.length);
    if (service !== 'firestore' && service !== 'storage') {
      sendJson(res, 404, { error: `No coverage for "${service}": expected firestore or storage.` });
    } else if (req.method === 'GET') {
      sendJson(res, 200, emulators.requests.coverage(service));
    } else if (req.method === 'DELETE') {
      emulators.requests.resetCoverage(service);
      sendJson(res, 200, { reset: service });
    } else {
      sendJson(res, 405, { error: `${req.method} ${url.pathname}: use GET or DELETE.` });
    }
  } else if (req.method === 'GET' && url.pathname.startsWith('/api/rules/')) {
    const service = url.pathname.slice('/api/rules/'.length);
    if (service !== 'firestore' && service !== 'storage') {
      sendJson(res, 404, { error: `No rules for "${service}": expected firestore or storage.` });
    } else {
      const text = emulators.requests.rulesText(service as RequestService);
      sendJson(res, 200, text ?? { version: 0, file: '', text: '' });
    }
  } else if (route === 'POST /api/export') {
    await exportNow(options, res);
  } else if (url.pathname === '/api/snapshots' || url.pathname.startsWith('/api/snapshots/')) {
    await snapshots(options, url.pathname.slice('/api/snapshots'.length), req, res);
  } else if (url.pathname === '/api/scheduled-jobs' || url.pathname.startsWith('/api/scheduled-jobs/')) {
    await scheduledJobs(options, url.pathname.slice('/api/scheduled-jobs'.length), req, res);
  } else if (url.pathname.startsWith('/api/user-roles/')) {
    await userRole(options, decodeURIComponent(url.pathname.slice('/api/user-roles/'.length)), req, res);
  } else {
    sendJson(res, 404, { error: `Not found: ${route}` });
  }
  return true;
}

/** GET: who holds a project's user role; POST { uid, held }: grants or revokes it. */
async function userRole(
  options: ConsoleApiOptions,
  id: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const role = options.extensions?.userRoles?.find((r) => r.id === id);
  if (!role) {
    sendJson(res, 404, { error: `No user role "${id}": this project's console has no such extension.` });
    return;
  }
  const context = {
    projectId: options.config.projectId,
    firestoreOrigin: `http://${options.config.firestore.host}:${options.emulators.firestore.port}`,
  };
  if (req.method === 'GET') {
    await answerOrFail(res, async () => ({ holders: await role.holders(context) }));
    return;
  }
  if (req.method !== 'POST') {
    sendJson(res, 405, { error: `${req.method} /api/user-roles/${id}: use GET or POST.` });
    return;
  }
  let change: unknown;
  try {
    change = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8'));
  } catch (error) {
    const status = error instanceof RequestError && error.failure.kind === 'tooLarge' ? 413 : 400;
    sendJson(res, status, { error: `Expected a JSON body { uid, held }: ${(error as Error).message}` });
    return;
  }
  const { uid, held } = (change ?? {}) as { uid?: unknown; held?: unknown };
  if (typeof uid !== 'string' || uid === '' || uid.includes('/') || typeof held !== 'boolean') {
    sendJson(res, 400, { error: 'Expected { uid: a non-empty string without "/", held: true or false }.' });
    return;
  }
  await answerOrFail(res, async () => {
    await role.set(uid, held, context);
    return { uid, held };
  });
}

/** GET /api/scheduled-jobs: the project's jobs; POST /api/scheduled-jobs/{name}/run: runs one now. */
async function scheduledJobs(
  options: ConsoleApiOptions,
  rest: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const jobs = options.extensions?.scheduledJobs;
  if (!jobs) {
    sendJson(res, 404, { error: 'This project runs no scheduled jobs here.' });
    return;
  }
  if (rest === '' && req.method === 'GET') {
    await answerOrFail(res, async () => ({ jobs: await jobs.list() }));
    return;
  }
  const run = /^\/([^/]+)\/run$/.exec(rest);
  if (!run || req.method !== 'POST') {
    sendJson(res, 404, { error: `Not found: ${req.method} /api/scheduled-jobs${rest}` });
    return;
  }
  const name = decodeURIComponent(run[1]);
  try {
    sendJson(res, 200, await jobs.runNow(name));
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    sendJson(res, typeof status === 'number' && status >= 400 && status < 600 ? status : 500, {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** POST { service, method, path, user, fields | upload }: what the rules decide now, writing nothing. */
async function playground(
  options: ConsoleApiOptions,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let question: PlaygroundQuestion;
  try {
    question = parseQuestion(JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8')));
    sendJson(res, 200, askRules(options.emulators, options.config.projectId, question));
  } catch (error) {
    if (error instanceof RequestError && error.failure.kind === 'tooLarge') {
      sendJson(res, 413, { error: 'The question is over 1 MiB.' });
    } else if (error instanceof PlaygroundError || error instanceof SyntaxError) {
      sendJson(res, 400, { error: error.message });
    } else throw error;
  }
}

/** The project's own code may fail (its data refused, an emulator gone): the page gets its reason as JSON. */
async function answerOrFail(res: ServerResponse, work: () => Promise<unknown>): Promise<void> {
  try {
    sendJson(res, 200, await work());
  } catch (error) {
    sendJson(res, 500, { error: error instanceof Error ? error.message : String(error) });
  }
}

/** Server-Sent Events: the log so far, then each new entry. Decisions are traced while a stream is open. */
function streamRequests(options: ConsoleApiOptions, req: IncomingMessage, res: ServerResponse): void {
  const { requests } = options.emulators;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
  });
  res.write(`event: backlog\ndata: ${JSON.stringify(requests.list())}\n\n`);
  const unsubscribe = requests.subscribe((entry) => res.write(`data: ${JSON.stringify(entry)}\n\n`));
  // A comment now and then keeps proxies and idle timers from closing a quiet stream.
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  const end = () => {
    clearInterval(keepAlive);
    unsubscribe();
  };
  req.once('close', end);
  res.once('close', end);
}

async function exportNow(options: ConsoleApiOptions, res: ServerResponse): Promise<void> {
  const { dataDir, config } = options;
  if (!dataDir) {
    sendJson(res, 409, {
      error:
        'The data is kept in memory only (no data folder): start with `npm start` or `--persist` to export.',
    });
    return;
  }
  try {
    await options.emulators.exportData(dataDir);
    // Auth lives in firebase-tools; its hub exports it beside ours, where `npm start` imports it from.
    let auth = false;
    if (await isListening(config.hub.host, config.hub.port)) {
      const response = await fetch(`http://${config.hub.host}:${config.hub.port}/_admin/export`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ path: join(dataDir, 'auth'), initiatedBy: 'console' }),
      }).catch(() => null);
      auth = response?.ok ?? false;
    }
    sendJson(res, 200, { exported: dataDir, auth });
  } catch (error) {
    sendJson(res, 500, { error: `Export failed: ${error instanceof Error ? error.message : String(error)}` });
  }
}

/**
 * GET: the snapshots; POST { name, replace? }: save one; POST /{name}/restore: restore it; DELETE /{name}.
 * A refusal (bad name, none of that name, one exists) is a 4xx with a sentence, nothing changed.
 */
async function snapshots(
  options: ConsoleApiOptions,
  rest: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const store = options.snapshots;
  if (!store) {
    sendJson(res, 409, { error: 'Snapshots are off: the console was started without a snapshots folder.' });
    return;
  }
  const route = `${req.method} ${rest.replace(/^\/[^/]+/, '/{name}')}`;
  const name = () => {
    try {
      return decodeURIComponent(rest.split('/')[1] ?? '');
    } catch {
      throw new SnapshotError(400, 'The snapshot name in the address is not valid percent-encoding.');
    }
  };
  try {
    if (route === 'GET ') {
      sendJson(res, 200, { dir: store.dir, snapshots: await store.list() });
    } else if (route === 'POST ') {
      let body: { name?: unknown; replace?: unknown };
      try {
        body = (JSON.parse((await readBody(req, 64 * 1024)).toString('utf8')) ?? {}) as typeof body;
      } catch (error) {
        sendJson(res, 400, { error: `Expected a JSON body { name, replace? }: ${(error as Error).message}` });
        return;
      }
      const info = await store.save(String(body.name ?? ''), { replace: body.replace === true });
      sendJson(res, 200, info);
    } else if (route === 'POST /{name}/restore') {
      sendJson(res, 200, await store.restore(name()));
    } else if (route === 'DELETE /{name}') {
      await store.remove(name());
      sendJson(res, 200, { deleted: name() });
    } else {
      sendJson(res, 404, { error: `Not found: ${req.method} /api/snapshots${rest}` });
    }
  } catch (error) {
    if (error instanceof SnapshotError) sendJson(res, error.status, { error: error.message });
    else sendJson(res, 500, { error: error instanceof Error ? error.message : String(error) });
  }
}
