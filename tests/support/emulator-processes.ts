/**
 * Private emulators for a test suite: the repo's own Firestore and Storage emulators in-process, and
 * firebase-tools' Auth emulator as a child process, all on free ports. A suite therefore never
 * clears or re-rules the data of a shop someone is running on the ports of firebase.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { FIREBASE_TOOLS_PRELOADS } from '../../scripts/stack/firebase-tools.js';
import { readProjectConfig, startOfflineEmulators, type OfflineEmulators } from '../../emulators/src/index';
import { saveRulesCoverage } from './rules-coverage-report';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PROJECT_ID = 'demo-achar-shop';
const HOST = '127.0.0.1';

export interface EmulatorAddress {
  host: string;
  port: number;
}

export function hostAndPort({ host, port }: EmulatorAddress): string {
  return `${host}:${port}`;
}

export interface AcharEmulators {
  firestore: EmulatorAddress;
  storage: EmulatorAddress;
  /** The running emulators themselves (what the console is given). */
  running: OfflineEmulators;
  stop(): Promise<void>;
}

/** The offline Firestore and Storage emulators of `emulators/`, in memory, with the project's rules files. */
export async function startAcharEmulators(): Promise<AcharEmulators> {
  const emulators = await startOfflineEmulators({
    config: readProjectConfig(REPO_ROOT),
    ports: { firestore: 0, storage: 0 },
  });
  // The suite that started them, for its part of the rule-coverage report.
  const suite = expect.getState().testPath ?? 'rules';
  return {
    firestore: { host: HOST, port: emulators.firestore.port },
    storage: { host: HOST, port: emulators.storage.port },
    running: emulators,
    stop: async () => {
      saveRulesCoverage(suite, emulators);
      await emulators.stop();
    },
  };
}

const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/**
 * A free port for a private emulator, picked below Linux's ephemeral range (32768+): a port from listen(0) lies in
 * that range, where any outgoing connection may take it before firebase-tools binds it ("port taken").
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error('No free port between 20000 and 32000 for a private emulator');
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = REPO_ROOT) {
  // Its own process group, so that stopping it also stops the runtimes firebase-tools forks.
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-30_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killGroup = () => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  // The leader alone (scripts/stack/firebase-tools.ts says why), then whatever of its group is left.
  process.kill(pid, 'SIGINT');
  // A watchdog, not a wait: the group is killed if the leader has not exited by then.
  const timer = setTimeout(() => {
    killGroup();
  }, 10_000);
  await exited;
  clearTimeout(timer);
  killGroup();
}

export interface AuthEmulator {
  auth: EmulatorAddress;
  stop(): Promise<void>;
}

/**
 * firebase-tools' Auth emulator on a free port, for a suite that needs accounts and no shop (the seed, the
 * make-admin script). Suites about functions use the shared shop's one Functions emulator.
 */
export async function startAuthEmulator(backing: {
  firestore: EmulatorAddress;
  storage: EmulatorAddress;
}): Promise<AuthEmulator> {
  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const configDir = await mkdtemp(join(tmpdir(), 'achar-auth-emulator-'));
  await writeFile(
    join(configDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: { host: HOST, port: authPort },
        hub: { host: HOST, port: hubPort },
        logging: { host: HOST, port: loggingPort },
        ui: { enabled: false },
      },
    }),
  );

  const { child, output } = run(
    process.execPath,
    [
      ...FIREBASE_TOOLS_PRELOADS,
      join(REPO_ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT_ID,
      '--config',
      join(configDir, 'firebase.json'),
    ],
    {
      ...process.env,
      // firebase-tools' preload registers our Firestore as running (its start needs one).
      FIRESTORE_EMULATOR_HOST: hostAndPort(backing.firestore),
      FIREBASE_STORAGE_EMULATOR_HOST: hostAndPort(backing.storage),
      CI: 'true',
    },
    configDir,
  );

  const stop = async () => {
    await stopGroup(child);
    // For debugging a suite: ACHAR_TEST_EMULATOR_LOG=/tmp/emulators.log keeps what firebase-tools printed.
    if (process.env.ACHAR_TEST_EMULATOR_LOG) await writeFile(process.env.ACHAR_TEST_EMULATOR_LOG, output());
    await rm(configDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 150_000;
  while (!output().includes('All emulators ready')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The Auth emulator did not start:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { auth: { host: HOST, port: authPort }, stop };
}
