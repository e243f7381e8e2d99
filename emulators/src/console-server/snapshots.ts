/**
 * Named snapshots of the whole local state: Firestore, Storage and (when its emulator runs) Auth, saved under
 * a name while the stack runs, restored while it runs (clients stay connected; Firestore's listeners see the
 * difference as ordinary changes), deleted. One folder per snapshot under `dir`:
 *
 *   <name>/snapshot.json       what it holds: when, how many documents, objects and accounts
 *   <name>/firestore/data.json the Firestore export (../firestore/persistence/persistence.ts)
 *   <name>/storage/…           the Storage export (./../storage/persistence.ts)
 *   <name>/auth/accounts.json, config.json   Auth as its own export writes them (./auth-data.ts)
 *
 * A snapshot is written into a hidden folder beside and renamed into place, so a crash never leaves half of one
 * under its name. A restore reads and checks everything it will need before it changes anything.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { join } from 'node:path';
import type { OfflineEmulators } from '../index.js';
import { readFirestoreExport } from '../firestore/persistence/persistence.js';
import { readAuthData, replaceAuthData, type AuthData } from './auth-data.js';

export interface SnapshotInfo {
  name: string;
  savedAt: string;
  documents: number;
  objects: number;
  /** Accounts saved; null when the Auth emulator was not running (the snapshot has no Auth). */
  users: number | null;
}

export interface RestoreReport extends SnapshotInfo {
  firestore: { written: number; deleted: number; kept: number };
  /** Accounts restored; null when the snapshot has none, or the Auth emulator is not running now. */
  restoredUsers: number | null;
  /** Why Auth was left as it is, if it was. */
  authSkipped?: string;
}

/** A refusal the console answers with its status and sentence (the data unchanged). */
export class SnapshotError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export interface SnapshotsOptions {
  /** The folder snapshots are kept in (the shop's: .emulator-snapshots, beside the data folder). */
  dir: string;
  emulators: OfflineEmulators;
  projectId: string;
  /** The Auth emulator (firebase-tools); its data is included when it answers. */
  auth?: { host: string; port: number };
  log?: (line: string) => void;
}

const INFO_FILE = 'snapshot.json';
const MAX_NAME = 64;
// Letters of any script, digits, and . _ - or spaces inside; a name is a folder, so no "/" and no leading dot.
const NAME = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}._ -]*$/u;

/** The name as it is kept (trimmed), or a SnapshotError saying what a name may hold. */
export function snapshotName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim().normalize('NFC') : '';
  if (name === '' || name.length > MAX_NAME || !NAME.test(name))
    throw new SnapshotError(
      400,
      `A snapshot name is 1 to ${MAX_NAME} letters, digits, spaces, ".", "_" or "-", starting with a letter or digit.`,
    );
  return name;
}

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

const readInfo = async (dir: string, name: string): Promise<SnapshotInfo> => ({
  ...(JSON.parse(await readFile(join(dir, name, INFO_FILE), 'utf8')) as SnapshotInfo),
  name,
});

/** The snapshots saved in `dir`, newest first (a folder without its snapshot.json is not one). */
export async function savedSnapshots(dir: string): Promise<SnapshotInfo[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const infos: SnapshotInfo[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const info = await readInfo(dir, entry.name).catch(() => null);
    if (info) infos.push(info);
  }
  return infos.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export class Snapshots {
  private readonly log: (line: string) => void;
  /** One save, restore or delete at a time: two at once would race for the same folders and data. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: SnapshotsOptions) {
    this.log = options.log ?? (() => {});
  }

  get dir(): string {
    return this.options.dir;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => {});
    return run;
  }

  private async authOrigin(): Promise<string | null> {
    const auth = this.options.auth;
    if (!auth || !(await isListening(auth.host, auth.port))) return null;
    return `http://${auth.host}:${auth.port}`;
  }

  list(): Promise<SnapshotInfo[]> {
    return savedSnapshots(this.dir);
  }

  /** Saves the state now under `name`; an existing snapshot of that name is replaced only when asked. */
  save(rawName: string, { replace = false } = {}): Promise<SnapshotInfo> {
    const name = snapshotName(rawName);
    return this.serial(async () => {
      const target = join(this.dir, name);
      if (!replace && existsSync(target))
        throw new SnapshotError(409, `A snapshot named "${name}" exists already.`);
      await mkdir(this.dir, { recursive: true });
      const staging = join(this.dir, `.saving-${randomUUID()}`);
      try {
        const { emulators } = this.options;
        // Firestore first: its export takes its copy of the data in one tick.
        await emulators.firestore.exportTo(staging);
        await emulators.storage.exportTo(staging);
        const documents = (await readFirestoreExport(staging)).reduce((n, d) => n + d.documents.length, 0);
        const manifest = JSON.parse(await readFile(join(staging, 'storage', 'metadata.json'), 'utf8')) as {
          buckets: { objects: unknown[] }[];
        };
        const objects = manifest.buckets.reduce((n, b) => n + b.objects.length, 0);
        let users: number | null = null;
        const origin = await this.authOrigin();
        if (origin) {
          const auth = await readAuthData(origin, this.options.projectId);
          await mkdir(join(staging, 'auth'), { recursive: true });
          await writeFile(join(staging, 'auth', 'accounts.json'), JSON.stringify(auth.accounts));
          await writeFile(join(staging, 'auth', 'config.json'), JSON.stringify(auth.config));
          users = auth.accounts.users?.length ?? 0;
        }
        const info: SnapshotInfo = { name, savedAt: new Date().toISOString(), documents, objects, users };
        await writeFile(join(staging, INFO_FILE), JSON.stringify(info, null, 2));
        const aside = join(this.dir, `.replaced-${randomUUID()}`);
        const hadOne = await rename(target, aside).then(
          () => true,
          () => false,
        );
        await rename(staging, target);
        if (hadOne) await rm(aside, { recursive: true, force: true });
        this.log(
          `snapshots: saved "${name}" (${documents} documents, ${objects} files, ${users ?? 'no'} accounts)`,
        );
        return info;
      } catch (error) {
        await rm(staging, { recursive: true, force: true });
        throw error;
      }
    });
  }

  /** Makes the running emulators hold the snapshot's state. */
  restore(rawName: string): Promise<RestoreReport> {
    const name = snapshotName(rawName);
    return this.serial(async () => {
      const folder = join(this.dir, name);
      if (!existsSync(join(folder, INFO_FILE))) throw new SnapshotError(404, `No snapshot named "${name}".`);
      const info = await readInfo(this.dir, name);
      // Everything read and checked before anything changes.
      const documents = await readFirestoreExport(folder);
      let auth: AuthData | null = null;
      if (info.users !== null) {
        auth = {
          accounts: JSON.parse(
            await readFile(join(folder, 'auth', 'accounts.json'), 'utf8'),
          ) as AuthData['accounts'],
          config: JSON.parse(
            await readFile(join(folder, 'auth', 'config.json'), 'utf8'),
          ) as AuthData['config'],
        };
      }
      const { emulators } = this.options;
      // Storage checks every file against its hash before it replaces anything.
      await emulators.storage.importFrom(folder);
      const firestore = emulators.firestore.engine.replaceDocuments(documents);
      let restoredUsers: number | null = null;
      let authSkipped: string | undefined;
      if (auth) {
        const origin = await this.authOrigin();
        if (origin) restoredUsers = await replaceAuthData(origin, this.options.projectId, auth);
        else authSkipped = 'The Auth emulator is not running: its accounts were left as they are.';
      } else {
        authSkipped = 'The snapshot holds no Auth accounts (Auth was not running when it was saved).';
      }
      this.log(
        `snapshots: restored "${name}" (firestore: ${firestore.written} written, ${firestore.deleted} deleted, ` +
          `${firestore.kept} unchanged; ${info.objects} files; ${restoredUsers ?? 'no'} accounts)`,
      );
      return { ...info, firestore, restoredUsers, ...(authSkipped ? { authSkipped } : {}) };
    });
  }

  remove(rawName: string): Promise<void> {
    const name = snapshotName(rawName);
    return this.serial(async () => {
      const folder = join(this.dir, name);
      if (!existsSync(folder)) throw new SnapshotError(404, `No snapshot named "${name}".`);
      // Renamed away first, so a crash mid-removal never leaves a half snapshot under the name.
      const aside = join(this.dir, `.deleting-${randomUUID()}`);
      await rename(folder, aside);
      await rm(aside, { recursive: true, force: true });
      this.log(`snapshots: deleted "${name}"`);
    });
  }
}
