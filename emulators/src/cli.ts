/**
 * The offline Firestore and Storage emulators in the foreground, on the ports and with the rules files of
 * firebase.json, for the project of .firebaserc. One line when ready; Ctrl-C or SIGTERM stops them cleanly
 * (saving the data folder first when persistence is on). Run on its own (`tsx emulators/src/cli.ts`) the console
 * shows what every project has; a project passes its console extensions to `runEmulators` (the shop's
 * `npm run emulators` is scripts/emulators.ts).
 */
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { readProjectConfig, startOfflineEmulators, type ProjectConfig } from './index.js';
import { startConsole, type RunningConsole } from './console-server/server.js';
import type { ConsoleExtensions } from './console-server/extensions.js';
import { Snapshots } from './console-server/snapshots.js';

export async function runEmulators(
  consoleExtensions: (config: ProjectConfig) => ConsoleExtensions = () => ({}),
): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      persist: { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      'no-console': { type: 'boolean', default: false },
      'warn-indexes': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });

  if (values.help) {
    console.log(`Usage: npm run emulators -- [--persist] [--data-dir DIR] [--fresh] [--quiet]
  --persist        keep data between runs in the data folder (default .emulator-data)
  --data-dir DIR   the data folder (implies --persist)
  --fresh          delete the data folder first
  --quiet          print only the ready line and errors
  --no-console     do not serve the emulator console (firebase.json emulators.ui, port 4000)
  --warn-indexes   only log queries that need a composite index missing from firestore.indexes.json
                   (default: fail them as production does; FIRESTORE_INDEXES=warn does the same)`);
    process.exit(0);
  }

  const config = readProjectConfig();
  const persist = values.persist || values['data-dir'] !== undefined;
  const dataDir = persist ? (values['data-dir'] ?? join(config.rootDir, '.emulator-data')) : undefined;
  if (values.fresh && dataDir) await rm(dataDir, { recursive: true, force: true });

  const log = values.quiet
    ? (line: string) => (/error|denied|warning/i.test(line) ? console.error(line) : undefined)
    : console.log;

  let emulators: Awaited<ReturnType<typeof startOfflineEmulators>>;
  try {
    emulators = await startOfflineEmulators({
      config,
      dataDir,
      log,
      indexMode: values['warn-indexes'] ? 'warn' : undefined,
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { port?: number };
    if (e.code === 'EADDRINUSE') {
      console.error(
        `✖ Port ${e.port ?? ''} is already in use (${e.message}). Stop whatever uses it, or change firebase.json.`,
      );
    } else {
      console.error(`✖ The emulators could not start: ${e.message}`);
    }
    process.exit(1);
  }

  let consoleServer: RunningConsole | null = null;
  if (config.ui.enabled && !values['no-console']) {
    try {
      consoleServer = await startConsole({
        config,
        emulators,
        dataDir,
        log,
        extensions: consoleExtensions(config),
        // Kept beside the data folder (--fresh leaves them); Auth is included when firebase-tools runs beside.
        snapshots: new Snapshots({
          dir: join(config.rootDir, '.emulator-snapshots'),
          emulators,
          projectId: config.projectId,
          auth: config.auth,
          log,
        }),
      });
    } catch (error) {
      // The emulators are what scripts and tests need; a console that cannot start is reported, not fatal.
      console.error(`✖ The emulator console could not start: ${(error as Error).message}`);
    }
  }

  // performance.now() counts from process start: module loading and TypeScript compilation included.
  const ms = Math.round(performance.now());
  console.log(
    `✔ Offline emulators ready for ${config.projectId} in ${ms} ms: ` +
      `firestore http://${config.firestore.host}:${emulators.firestore.port}, ` +
      `storage http://${config.storage.host}:${emulators.storage.port}` +
      (dataDir ? ` (data: ${dataDir})` : ' (in memory)') +
      (consoleServer ? `; console ${consoleServer.url} (this machine only)` : ''),
  );

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping the emulators…`);
    try {
      await consoleServer?.close();
      await emulators.stop();
      process.exit(0);
    } catch (error) {
      console.error(`✖ Error while stopping: ${String(error)}`);
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runEmulators();
