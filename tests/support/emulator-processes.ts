/**
 * Starts the emulators a suite needs, unless they already run (e.g. under `npm start` or a lead's session),
 * and stops only what it started. Ports come from firebase.json, the one source of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PROJECT_ID = 'demo-achar-shop';

interface EmulatorAddress {
  host: string;
  port: number;
}

type EmulatorName = 'auth' | 'functions' | 'firestore' | 'storage';

const firebaseJson = JSON.parse(readFileSync(`${REPO_ROOT}/firebase.json`, 'utf8')) as {
  emulators: Record<EmulatorName, EmulatorAddress>;
};

export function emulatorAddress(name: EmulatorName): EmulatorAddress {
  const { host, port } = firebaseJson.emulators[name];
  return { host, port };
}

export function emulatorHostEnv(name: EmulatorName): string {
  const { host, port } = emulatorAddress(name);
  return `${host}:${port}`;
}

export function isListening({ host, port }: EmulatorAddress): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000}s. Output so far:\n${log()}`);
}

export interface StartedEmulators {
  /** Stops what this call started; a no-op for emulators that were already running. */
  stop(): Promise<void>;
}

function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The process group: npx and tsx/firebase spawn children of their own.
  process.kill(-child.pid, 'SIGINT');
  const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The repo's own Firestore (8080) and Storage (9199) emulators, from the `emulators/` workspace. */
export async function ensureAcharEmulators(): Promise<StartedEmulators> {
  const addresses = [emulatorAddress('firestore'), emulatorAddress('storage')];
  if ((await Promise.all(addresses.map(isListening))).every(Boolean)) return { stop: async () => {} };

  const { child, output } = startProcess('npx', ['tsx', 'emulators/src/cli.ts'], process.env);
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`The achar emulators exited early:\n${output()}`);
      return (await Promise.all(addresses.map(isListening))).every(Boolean);
    },
    60_000,
    'The Firestore and Storage emulators (npm run emulators)',
    output,
  );
  return { stop: () => stopProcess(child) };
}

/**
 * firebase-tools' Auth (9099) and Functions (5001) emulators, with the callables built from functions/src
 * and pointed at the repo's Firestore and Storage emulators.
 */
export async function ensureAuthAndFunctionsEmulators(): Promise<StartedEmulators> {
  const addresses = [emulatorAddress('auth'), emulatorAddress('functions')];
  if ((await Promise.all(addresses.map(isListening))).every(Boolean)) return { stop: async () => {} };

  const build = startProcess('npm', ['--prefix', 'functions', 'run', 'build'], process.env);
  const buildCode = await new Promise<number | null>((resolve) => build.child.once('exit', resolve));
  if (buildCode !== 0) throw new Error(`Building the Cloud Functions failed:\n${build.output()}`);

  const { child, output } = startProcess(
    'npx',
    ['firebase', 'emulators:start', '--only', 'auth,functions', '--project', PROJECT_ID],
    {
      ...process.env,
      FIRESTORE_EMULATOR_HOST: emulatorHostEnv('firestore'),
      FIREBASE_STORAGE_EMULATOR_HOST: emulatorHostEnv('storage'),
      // Nothing here may reach the network: no update checks, no analytics.
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      CI: 'true',
    },
  );
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`firebase emulators:start exited early:\n${output()}`);
      return output().includes('All emulators ready');
    },
    120_000,
    'The Auth and Functions emulators (firebase emulators:start)',
    output,
  );
  return { stop: () => stopProcess(child) };
}
