/**
 * Google's own Cloud Firestore emulator (the Java one firebase-tools downloads; here the Debian package
 * google-cloud-cli-firestore-emulator) as the referee of ours: started once on a free port, its rules compiler
 * and its answers compared with our engine's. Where it is not installed, `googleFirestoreLauncher` says so and
 * the callers skip.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

const HOST = '127.0.0.1';
const DEFAULT_LAUNCHER =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';

/** The launcher script (GOOGLE_FIRESTORE_EMULATOR overrides where it is looked for), or null when absent. */
export function googleFirestoreLauncher(): string | null {
  const launcher = process.env.GOOGLE_FIRESTORE_EMULATOR ?? DEFAULT_LAUNCHER;
  return existsSync(launcher) ? launcher : null;
}

/** The one line a run prints where the referee is absent. */
export const REFEREE_ABSENT =
  "Google's Firestore emulator is not installed (google-cloud-cli-firestore-emulator): its comparisons are skipped";

export interface GoogleFirestore {
  host: string;
  port: number;
  stop(): Promise<void>;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** A free port below Linux's ephemeral range (as tests/support/emulator-processes.ts picks them). */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('No free port between 20000 and 32000 for the Google Firestore emulator');
}

/** Starts Google's emulator on a free port and waits until it serves (about 2 s of a core's time). */
export async function startGoogleFirestore(launcher: string): Promise<GoogleFirestore> {
  const port = await freePort();
  // Its own process group: the launcher is a shell script that runs java as its child.
  const child = spawn(launcher, ['start', `--host=${HOST}`, `--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
      if (output.includes('Dev App Server is now running')) resolve();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('exit', (code) =>
      reject(new Error(`Google's Firestore emulator exited (${code}):\n${output}`)),
    );
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Google's Firestore emulator did not start:\n${output}`)),
      90_000,
    );
  });
  try {
    await Promise.race([ready, timeout]);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { host: HOST, port, stop };
}

export interface RulesIssue {
  line: number;
  column: number;
  description: string;
  severity: string;
}

/** Loads rules into a project of Google's emulator; its compiler's warnings and errors (none: an empty list). */
export async function loadGoogleRules(
  emulator: { host: string; port: number },
  projectId: string,
  fileName: string,
  content: string,
): Promise<RulesIssue[]> {
  const response = await fetch(
    `http://${emulator.host}:${emulator.port}/emulator/v1/projects/${projectId}:securityRules`,
    {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ name: fileName, content }] } }),
    },
  );
  const body = (await response.json()) as {
    issues?: { sourcePosition: { line: number; column: number }; description: string; severity: string }[];
    error?: { message: string };
  };
  const issues = (body.issues ?? []).map((issue) => ({
    line: issue.sourcePosition.line,
    column: issue.sourcePosition.column,
    description: issue.description,
    severity: issue.severity,
  }));
  if (!response.ok && issues.length === 0)
    issues.push({ line: 0, column: 0, description: body.error?.message ?? '', severity: 'ERROR' });
  return issues;
}
