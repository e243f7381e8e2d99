/**
 * The emulator console on firebase.json's `emulators.ui` port (4000, the official UI's): the built console app
 * and its small API, served by a plain HTTP server (sirv for the files, the page for every other path, as the app
 * routes in the browser). Built first when its sources changed. It listens on
 * 127.0.0.1 like the emulators: it can change every piece of local data, so it is for this machine only.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:http';
import sirv from 'sirv';
import { handleConsoleApi, type ConsoleApiOptions } from './api.js';
import { buildConsolePage } from './build-console.js';
import { newestChange } from '../shared/newest-change.js';
import { checkExtensions } from './extensions.js';

export const CONSOLE_ROOT = fileURLToPath(new URL('../../console-app', import.meta.url));
const OUT_DIR = join(CONSOLE_ROOT, 'dist');

export interface RunningConsole {
  url: string;
  close(): Promise<void>;
}

/** Everything the console's build reads: its folder (page, sources), how it is built, its dependencies' versions. */
const CONSOLE_INPUTS = [
  CONSOLE_ROOT,
  fileURLToPath(new URL('./build-console.ts', import.meta.url)),
  join(CONSOLE_ROOT, '..', 'package.json'),
];

/** Builds the console app when its build is missing or older than its inputs: the one way it is built. */
export async function buildConsoleIfStale(log: (line: string) => void = () => {}): Promise<boolean> {
  const built = join(OUT_DIR, 'index.html');
  const newest = newestChange(CONSOLE_INPUTS, (path) => ['node_modules', 'dist'].includes(basename(path)));
  if (existsSync(built) && statSync(built).mtimeMs >= newest) return false;
  log('› building the emulator console…');
  await buildConsolePage(CONSOLE_ROOT, OUT_DIR);
  return true;
}

export async function startConsole(
  options: ConsoleApiOptions & { log?: (line: string) => void; port?: number },
): Promise<RunningConsole> {
  checkExtensions(options.extensions);
  await buildConsoleIfStale(options.log);
  const files = sirv(OUT_DIR, { single: true, etag: true });
  const server = createServer((req, res) => {
    const notFound = () => {
      res.statusCode = 404;
      res.end();
    };
    handleConsoleApi(options, req, res).then(
      (handled) => (handled ? undefined : files(req, res, notFound)),
      (error: unknown) => {
        if (!res.headersSent) res.statusCode = 500;
        res.end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  const { host } = options.config.ui;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject); // a taken port fails the start, as the other emulators' do
    server.listen(options.port ?? options.config.ui.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.config.ui.port;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the Logs page's stream stays open otherwise
      }),
  };
}
