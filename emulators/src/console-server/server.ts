/**
 * The emulator console on firebase.json's `emulators.ui` port (4000, the official UI's): the built console app
 * and its small API, served by Vite's preview server. Built first when its sources changed. It listens on
 * 127.0.0.1 like the emulators: it can change every piece of local data, so it is for this machine only.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PreviewServer } from 'vite';
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
  const { preview } = await import('vite');
  const { host } = options.config.ui;
  const server: PreviewServer = await preview({
    configFile: false,
    root: CONSOLE_ROOT,
    logLevel: 'warn',
    build: { outDir: OUT_DIR },
    preview: { host, port: options.port ?? options.config.ui.port, strictPort: true, open: false },
    plugins: [
      {
        name: 'emulator-console-api',
        configurePreviewServer(preview) {
          preview.middlewares.use((req, res, next) => {
            handleConsoleApi(options, req, res).then(
              (handled) => (handled ? undefined : next()),
              (error: unknown) => next(error),
            );
          });
        },
      },
    ],
  });
  const address = server.httpServer.address();
  const port = typeof address === 'object' && address ? address.port : options.config.ui.port;
  return {
    url: `http://${host}:${port}`,
    close: () => server.close(),
  };
}
