/**
 * The console's own small API, for what no emulator exposes publicly: the request log (a Server-Sent Events
 * stream), the rules text its lines refer to, which emulators answer, and "export now". Everything else the
 * console does goes straight to the emulators' public REST endpoints.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import type { ProjectConfig } from '../config.js';
import type { OfflineEmulators } from '../index.js';
import { sendJsonText } from '../shared/http/respond.js';
import type { RequestService } from './request-log.js';

export interface ConsoleApiOptions {
  config: ProjectConfig;
  emulators: OfflineEmulators;
  /** Data folder for "export now"; none when the data is kept in memory only. */
  dataDir?: string;
}

/** What the console page needs to find every emulator; also the Overview's list. */
export function consoleConfig(config: ProjectConfig, running?: OfflineEmulators) {
  const at = (e: { host: string; port: number }) => ({ host: e.host, port: e.port });
  return {
    projectId: config.projectId,
    bucket: `${config.projectId}.appspot.com`,
    shopUrl: `http://${config.hosting.host}:${config.hosting.port}`,
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
    sendJson(res, 200, consoleConfig(config, emulators));
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
  } else {
    sendJson(res, 404, { error: `Not found: ${route}` });
  }
  return true;
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
