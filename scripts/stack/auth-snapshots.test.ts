/**
 * The Auth snapshots against a stand-in for the Auth emulator's REST API: the folder they write is the one
 * firebase-tools' --import reads (metadata naming auth_export, accounts.json and config.json, no other file
 * with "accounts" in its name, which it would import as a tenant), rewritten when the accounts change only.
 * Then against firebase-tools' own Auth emulator on private ports: an account saved by a snapshot is there
 * after `kill -9` and a start with --import, and signs in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT } from '../../tests/support/emulator-processes.js';
import { AUTH_EXPORT_FOLDER, firebaseToolsVersion, snapshotAuthAccounts } from './auth-snapshots.js';

const PROJECT = 'demo-snapshots';
const FAST_START_PRELOAD = new URL('./firebase-tools-fast-start.mjs', import.meta.url).href;
let users: { localId: string; email: string }[] = [];
const seen: string[] = [];
let server: Server;
let authUrl: string;
const dir = mkdtempSync(join(tmpdir(), 'auth-snapshots-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
    if (req.headers.authorization !== 'Bearer owner') return res.writeHead(401).end();
    if (req.url === `/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:batchGet?maxResults=-1`)
      return res.end(JSON.stringify({ kind: 'identitytoolkit#DownloadAccountResponse', users }));
    if (req.url === `/emulator/v1/projects/${PROJECT}/config`)
      return res.end(JSON.stringify({ signIn: { allowDuplicateEmails: false } }));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  authUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('Auth account snapshots', () => {
  it('write the folder firebase-tools imports, again only when the accounts change', async () => {
    const snapshots = snapshotAuthAccounts({
      authUrl,
      projectId: PROJECT,
      dir,
      toolsVersion: '15.34.2',
      intervalMs: 60_000,
    });
    try {
      users = [{ localId: 'u1', email: 'seller@example.com' }];
      expect(await snapshots.saveNow()).toBe(true);
      const metadata = JSON.parse(readFileSync(join(dir, 'firebase-export-metadata.json'), 'utf8')) as {
        auth: { path: string };
      };
      expect(metadata).toEqual({
        version: '15.34.2',
        auth: { version: '15.34.2', path: AUTH_EXPORT_FOLDER },
      });
      const folder = join(dir, metadata.auth.path);
      expect(readdirSync(folder).sort()).toEqual(['accounts.json', 'config.json']);
      expect(JSON.parse(readFileSync(join(folder, 'accounts.json'), 'utf8'))).toMatchObject({ users });
      expect(JSON.parse(readFileSync(join(folder, 'config.json'), 'utf8'))).toEqual({
        signIn: { allowDuplicateEmails: false },
      });

      expect(await snapshots.saveNow()).toBe(false);
      users = [...users, { localId: 'u2', email: 'buyer@example.com' }];
      expect(await snapshots.saveNow()).toBe(true);
      expect(JSON.parse(readFileSync(join(folder, 'accounts.json'), 'utf8'))).toMatchObject({ users });
      expect(readdirSync(folder).sort()).toEqual(['accounts.json', 'config.json']);
      expect(seen.every((line) => line.endsWith('Bearer owner'))).toBe(true);
    } finally {
      await snapshots.stop();
    }
  });

  it('poll on their own', async () => {
    const other = mkdtempSync(join(tmpdir(), 'auth-snapshots-poll-'));
    const snapshots = snapshotAuthAccounts({
      authUrl,
      projectId: PROJECT,
      dir: other,
      toolsVersion: 'x',
      intervalMs: 50,
    });
    try {
      for (let i = 0; i < 100 && !readdirSync(other).includes('firebase-export-metadata.json'); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(readdirSync(other)).toContain('firebase-export-metadata.json');
    } finally {
      await snapshots.stop();
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("keep an account through kill -9 of firebase-tools' Auth emulator", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'auth-crash-'));
    const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
    const project = 'demo-auth-crash';
    writeFileSync(
      join(folder, 'firebase.json'),
      JSON.stringify({
        emulators: {
          singleProjectMode: true,
          auth: { host: '127.0.0.1', port: auth },
          hub: { host: '127.0.0.1', port: hub },
          logging: { host: '127.0.0.1', port: logging },
          ui: { enabled: false },
        },
      }),
    );
    const data = join(folder, 'data');
    const authUrl = `http://127.0.0.1:${auth}`;
    const start = async (...extra: string[]): Promise<ChildProcess> => {
      const cli = join(REPO_ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
      const child = spawn(
        process.execPath,
        [
          // As npm start runs it (./firebase-tools.ts): without compiling every schema's validator first (~6 s).
          '--import',
          FAST_START_PRELOAD,
          cli,
          'emulators:start',
          '--only',
          'auth',
          '--project',
          project,
          '--config',
          'firebase.json',
          ...extra,
        ],
        { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_UPDATE_NOTIFIER: '1' } },
      );
      let output = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (/All emulators ready/.test(output)) resolve();
        });
        child.once('exit', (code) => reject(new Error(`firebase-tools exited (${code}):\n${output}`)));
      });
      return child;
    };
    const kill = (child: ChildProcess) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    let child = await start('--export-on-exit', data);
    try {
      const signUp = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'crash@achar.test', password: 'secret123' }),
      });
      expect(signUp.status).toBe(200);
      const snapshots = snapshotAuthAccounts({
        authUrl,
        projectId: project,
        dir: data,
        toolsVersion: firebaseToolsVersion(REPO_ROOT),
        intervalMs: 60_000,
      });
      expect(await snapshots.saveNow()).toBe(true);
      await snapshots.stop();
      await kill(child);

      child = await start('--import', data);
      const signIn = await fetch(
        `${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'crash@achar.test', password: 'secret123' }),
        },
      );
      expect(await signIn.json()).toMatchObject({ registered: true, email: 'crash@achar.test' });
    } finally {
      await kill(child);
      rmSync(folder, { recursive: true, force: true });
      // The hub's locator file, which a killed firebase-tools leaves behind.
      rmSync(join(tmpdir(), `hub-${project}.json`), { force: true });
    }
  }, 60_000);
});
