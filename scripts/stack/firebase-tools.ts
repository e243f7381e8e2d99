/**
 * firebase-tools' own Auth, Functions and Hosting emulators (pure Node, so they run offline), started as a child
 * process group and pointed at our Firestore and Storage emulators through the standard environment variables;
 * its Functions emulator registers Firestore triggers with our Firestore (EXTERNAL_FIRESTORE_PRELOAD). Hosting
 * serves the web app with firebase.json's `hosting` block (clean URLs, headers, the rewrites to the app shell and
 * to the `pages` function), as `firebase deploy` publishes it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeFirebaseToolsConfig, type ExtraCodebase } from './firebase-tools-config.js';

export interface FirebaseToolsOptions {
  root: string;
  projectId: string;
  firestoreHost: string;
  storageHost: string;
  /** The built web app Hosting serves (the emulator build's folder). */
  hostingPublic: string;
  /** Folder for the Auth emulator's export (imported at start when present, written on exit). */
  authDataDir?: string;
  /** Functions served beside the shop's (ShopOptions.extraFunctions). */
  extraFunctions?: ExtraCodebase[];
  /**
   * Started before our Firestore answers: firebase-tools loads its code at once but starts its emulators only
   * once this resolves (the preload waits for a line on its stdin).
   */
  startWhen?: Promise<unknown>;
  log: (line: string) => void;
}

export interface FirebaseToolsProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves when firebase-tools says every emulator is ready; rejects if it exits or times out. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

const READY = /All emulators ready/;

/**
 * Preloaded into firebase-tools so its Functions emulator registers Firestore triggers with our Firestore emulator
 * (FIRESTORE_EMULATOR_HOST); see the file's comment and emulators/docs/function-triggers.md.
 */
export const EXTERNAL_FIRESTORE_PRELOAD = fileURLToPath(
  new URL('./firebase-tools-external-firestore.mjs', import.meta.url),
);
/** Preloaded too: takes out the Auth emulator's schema compiling and the npm registry check (see the file). */
const FAST_START_PRELOAD = fileURLToPath(new URL('./firebase-tools-fast-start.mjs', import.meta.url));
/** And: a 2nd-gen function's concurrent calls share one worker, as in production (see the file). */
const CONCURRENCY_PRELOAD = fileURLToPath(new URL('./firebase-tools-concurrency.mjs', import.meta.url));

/** Node's arguments before firebase-tools' CLI, for every process that starts its emulators. */
export const FIREBASE_TOOLS_PRELOADS = [
  EXTERNAL_FIRESTORE_PRELOAD,
  FAST_START_PRELOAD,
  CONCURRENCY_PRELOAD,
].flatMap((file) => ['--import', pathToFileURL(file).href]);

/**
 * firebase-tools learns which functions there are from a process that loads them. By default that process serves
 * the list over HTTP and firebase-tools waits for it to exit, which takes ~3 s (the closed server waits for the
 * kept-alive connection). With an output folder, the process writes the list there and exits at once.
 */
export function functionsDiscoveryEnv(folder: string): Record<string, string> {
  return { FIREBASE_FUNCTIONS_DISCOVERY_OUTPUT_PATH: folder };
}

export function startFirebaseTools(options: FirebaseToolsOptions, timeoutMs = 120_000): FirebaseToolsProcess {
  const cli = join(options.root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const args = [
    ...FIREBASE_TOOLS_PRELOADS,
    cli,
    'emulators:start',
    '--only',
    'auth,functions,hosting',
    '--project',
    options.projectId,
    '--config',
    writeFirebaseToolsConfig(options.root, options.hostingPublic, options.extraFunctions),
  ];
  if (options.authDataDir) {
    if (existsSync(join(options.authDataDir, 'firebase-export-metadata.json')))
      args.push('--import', options.authDataDir);
    args.push('--export-on-exit', options.authDataDir);
  }
  const discoveryFolder = mkdtempSync(join(tmpdir(), 'achar-functions-discovery-'));
  const child = spawn(process.execPath, args, {
    cwd: options.root,
    detached: true,
    stdio: [options.startWhen ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...(options.startWhen && { FIREBASE_TOOLS_WAIT_FOR_GO: '1' }),
      FIRESTORE_EMULATOR_HOST: options.firestoreHost,
      FIREBASE_STORAGE_EMULATOR_HOST: options.storageHost,
      STORAGE_EMULATOR_HOST: `http://${options.storageHost}`,
      NO_UPDATE_NOTIFIER: '1',
      METADATA_SERVER_DETECTION: 'none',
      // The functions' logs over a WebSocket (firebase.json's emulators.logging) for the console's Logs page.
      START_LOGGING_EMULATOR: 'true',
      ...functionsDiscoveryEnv(discoveryFolder),
    },
  });
  child.once('exit', () => rmSync(discoveryFolder, { recursive: true, force: true }));
  // A start that fails before the word to go stops the whole group (stop() below), which ends the wait too.
  child.stdin?.on('error', () => {}); // it exited before the word: `ready` says why
  options.startWhen?.then(
    () => child.stdin?.end('go\n'),
    () => {},
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-50_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const group = -child.pid;
    const killGroup = () => {
      try {
        process.kill(group, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // firebase-tools alone: its clean shutdown waits for the functions' work under way, then ends their
    // workers. A SIGINT to the whole group killed a worker still booting for a trigger (it has no handler yet),
    // whose work then never finished, and the shutdown waited for it until the SIGKILL below: 20 s a stop.
    try {
      process.kill(child.pid, 'SIGINT');
    } catch {
      return;
    }
    // With no accounts to export on exit (a shop in memory: the suites'), the work under way is not waited
    // for either (workers booting for the last triggers took seconds more): a second SIGINT, firebase-tools'
    // "stop right now", once the first has begun the shutdown.
    const rightNow = options.authDataDir
      ? undefined
      : setTimeout(() => {
          try {
            process.kill(child.pid!, 'SIGINT');
          } catch {
            /* already gone */
          }
        }, 500);
    const killer = setTimeout(killGroup, 20_000);
    await exited;
    clearTimeout(rightNow);
    clearTimeout(killer);
    killGroup(); // the workers it left behind, if any
  };

  const ready = new Promise<void>((resolve, reject) => {
    // Counted from the word to go: the time our emulators take to load is theirs, not firebase-tools'.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    void (options.startWhen ?? Promise.resolve()).then(
      () => {
        if (settled) return;
        timer = setTimeout(() => {
          void stop();
          reject(
            new Error(
              `firebase-tools emulators were not ready within ${timeoutMs / 1000} s:\n${output.slice(-4000)}`,
            ),
          );
        }, timeoutMs);
      },
      () => {},
    );
    const onData = () => {
      if (READY.test(output)) {
        settled = true;
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      settled = true;
      clearTimeout(timer);
      reject(new Error(`firebase-tools exited early (code ${code}):\n${output.slice(-4000)}`));
    });
  }).then(() => options.log('› firebase-tools Auth, Functions and Hosting emulators ready'));
  // Marked handled: a start-up that was stopped early never awaits it, and that is fine.
  ready.catch(() => {});
  return { child, output: () => output, ready, stop };
}
