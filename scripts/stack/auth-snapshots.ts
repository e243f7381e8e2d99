/**
 * firebase-tools' Auth emulator writes its accounts only when it exits cleanly (--export-on-exit): a `kill -9`
 * or a power cut would lose every account made since. So while the shop runs, the accounts and the Auth
 * config are read from its REST API every ~2 s and, when they changed, written to the import folder in the
 * layout its `--import` reads (firebase-export-metadata.json, auth_export/accounts.json, auth_export/config.json),
 * each file written aside, flushed and renamed, so a start after a crash imports the last snapshot whole.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const AUTH_EXPORT_FOLDER = 'auth_export';
const METADATA_FILE = 'firebase-export-metadata.json';

export interface AuthSnapshotOptions {
  /** The Auth emulator, `http://host:port`. */
  authUrl: string;
  projectId: string;
  /** The folder firebase-tools imports at start (--import) and exports to on exit. */
  dir: string;
  /** firebase-tools' version, recorded in the metadata as its own export does. */
  toolsVersion: string;
  intervalMs?: number;
  log?: (line: string) => void;
}

export interface AuthSnapshots {
  /** Saves now if anything changed; true when it wrote the folder. */
  saveNow(): Promise<boolean>;
  /** Stops polling, once a save under way has finished (a clean exit's export-on-exit writes the rest). */
  stop(): Promise<void>;
}

async function ownerGet(url: string): Promise<string> {
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return await response.text();
}

/** Writes a file aside (a name without "accounts": firebase-tools imports every such file), flushes, renames. */
function writeDurably(folder: string, file: string, text: string): void {
  const temp = join(folder, `.snapshot-${randomUUID()}.tmp`);
  const fd = openSync(temp, 'w');
  try {
    const bytes = Buffer.from(text, 'utf8');
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, join(folder, file));
  const dirFd = openSync(folder, 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}

export function firebaseToolsVersion(root: string): string {
  const pkg = JSON.parse(
    readFileSync(join(root, 'node_modules', 'firebase-tools', 'package.json'), 'utf8'),
  ) as {
    version: string;
  };
  return pkg.version;
}

export function snapshotAuthAccounts(options: AuthSnapshotOptions): AuthSnapshots {
  const { authUrl, projectId, dir } = options;
  const log = options.log ?? (() => {});
  let last: string | undefined;
  let running: Promise<boolean> | null = null;
  let failing = false;

  const save = async (): Promise<boolean> => {
    const [accounts, config] = await Promise.all([
      ownerGet(
        `${authUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`,
      ),
      ownerGet(`${authUrl}/emulator/v1/projects/${projectId}/config`),
    ]);
    const snapshot = `${accounts}\n${config}`;
    if (snapshot === last) return false;
    const folder = join(dir, AUTH_EXPORT_FOLDER);
    mkdirSync(folder, { recursive: true });
    writeDurably(folder, 'config.json', config);
    writeDurably(folder, 'accounts.json', accounts);
    // Last: the folder is importable only once its files are there.
    writeDurably(
      dir,
      METADATA_FILE,
      JSON.stringify({
        version: options.toolsVersion,
        auth: { version: options.toolsVersion, path: AUTH_EXPORT_FOLDER },
      }),
    );
    last = snapshot;
    return true;
  };

  const saveNow = () => {
    // One save at a time: a slow disk must not let two snapshots race to the same files.
    running ??= save().finally(() => (running = null));
    return running;
  };

  const timer = setInterval(() => {
    saveNow().then(
      () => (failing = false),
      (error: unknown) => {
        if (!failing)
          log(
            `✖ could not save the Auth accounts: ${error instanceof Error ? error.message : String(error)}`,
          );
        failing = true;
      },
    );
  }, options.intervalMs ?? 2000);
  timer.unref();

  return {
    saveNow,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => false);
    },
  };
}
