/**
 * Storage's write-ahead log: every object the emulator acknowledges (an upload, simple or resumable, a metadata
 * update, a delete) is written to the data folder and flushed to the disk before the answer, so it survives
 * `kill -9` or a power cut, not only a clean stop (which writes the export, ./persistence.ts).
 *
 * One file per object, `<dataDir>/storage-log/<n>/<sha256 of bucket and name>`: a line of JSON metadata (or a
 * deletion), then the bytes. It is written aside, flushed, renamed into place and the folder flushed, so the
 * file is either the old state or the new one, never half. A file holds an object's absolute state, so
 * applying the log over an export that already holds some of it gives the same objects.
 *
 * Compaction as the Firestore journal's: `rotate()` starts folder n+1 as the export begins, `prune()` removes
 * the older folders once it is on disk. A reset starts a new folder marked RESET: a replay empties the state
 * before applying it.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { md5Base64 } from './checksums.js';
import type { StoredObject } from './stored-object.js';

/** What a replay writes into: the buckets (the Storage state), emptied first when the log was reset. */
interface ReplayTarget {
  reset(): void;
  bucket(name: string): { put(object: StoredObject): void; remove(name: string): unknown };
}

export const STORAGE_LOG_FOLDER = 'storage-log';
const RESET_MARKER = 'RESET';

type Entry =
  { bucket: string; name: string; deleted: true } | (Omit<StoredObject, 'bytes'> & { deleted?: undefined });

export interface StorageReplay {
  /** Objects written or deleted by the replay. */
  objects: number;
  /** Log files that could not be read (never acknowledged: they are renamed into place only once whole). */
  skipped: string[];
}

const isGeneration = (name: string) => /^\d+$/.test(name);

export class StorageObjectLog {
  private current: number;

  private constructor(
    private readonly root: string,
    next: number,
  ) {
    this.current = next;
    mkdirSync(this.folder(), { recursive: true });
  }

  /** Applies the log of `dataDir` over the state (after the export was loaded) and opens the next folder. */
  static open(state: ReplayTarget, dataDir: string): { log: StorageObjectLog; replayed: StorageReplay } {
    const root = join(dataDir, STORAGE_LOG_FOLDER);
    mkdirSync(root, { recursive: true });
    const generations = generationsOf(root);
    const replayed: StorageReplay = { objects: 0, skipped: [] };
    for (const n of generations) {
      const folder = join(root, String(n));
      const files = readdirSync(folder);
      if (files.includes(RESET_MARKER)) state.reset();
      for (const file of files) {
        if (file === RESET_MARKER || file.endsWith('.tmp')) continue;
        if (applyFile(state, join(folder, file))) replayed.objects++;
        else replayed.skipped.push(join(String(n), file));
      }
    }
    const next = generations.length > 0 ? generations[generations.length - 1] + 1 : 1;
    return { log: new StorageObjectLog(root, next), replayed };
  }

  put(object: StoredObject): void {
    const { bytes, ...metadata } = object;
    this.write(object.bucket, object.name, [Buffer.from(JSON.stringify(metadata) + '\n', 'utf8'), bytes]);
  }

  remove(bucket: string, name: string): void {
    this.write(bucket, name, [Buffer.from(JSON.stringify({ bucket, name, deleted: true }) + '\n', 'utf8')]);
  }

  /** Everything before is gone: a new folder, marked so a replay empties the state first. */
  reset(): void {
    this.rotate();
    durableWrite(this.folder(), RESET_MARKER, []);
  }

  /** Starts the next folder as an export of the data folder begins; returns the number `prune` takes after it. */
  rotate(): number {
    const previous = this.current;
    this.current = previous + 1;
    mkdirSync(this.folder(), { recursive: true });
    return previous;
  }

  /** Removes the folders up to `upTo`, which an export now holds. */
  prune(upTo: number): void {
    for (const n of generationsOf(this.root))
      if (n <= upTo) rmSync(join(this.root, String(n)), { recursive: true, force: true });
  }

  private folder(): string {
    return join(this.root, String(this.current));
  }

  private write(bucket: string, name: string, parts: Buffer[]): void {
    mkdirSync(this.folder(), { recursive: true });
    durableWrite(
      this.folder(),
      createHash('sha256').update(bucket).update('\0').update(name).digest('hex'),
      parts,
    );
  }
}

/** Writes a file aside, flushes it, renames it into place and flushes the folder: whole or not there. */
function durableWrite(folder: string, file: string, parts: Buffer[]): void {
  const target = join(folder, file);
  const fd = openSync(`${target}.tmp`, 'w');
  try {
    for (const part of parts) {
      let written = 0;
      while (written < part.length) written += writeSync(fd, part, written);
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(`${target}.tmp`, target);
  const dir = openSync(folder, 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/** Applies one log file; false when it is unreadable or its bytes do not match the MD5 it records. */
function applyFile(state: ReplayTarget, path: string): boolean {
  const content = readFileSync(path);
  const end = content.indexOf(0x0a);
  if (end < 0) return false;
  let entry: Entry;
  try {
    entry = JSON.parse(content.subarray(0, end).toString('utf8')) as Entry;
  } catch {
    return false;
  }
  if (typeof entry?.bucket !== 'string' || typeof entry.name !== 'string') return false;
  if (entry.deleted) {
    state.bucket(entry.bucket).remove(entry.name);
    return true;
  }
  const bytes = Buffer.from(content.subarray(end + 1));
  if (md5Base64(bytes) !== entry.md5Hash) return false;
  state.bucket(entry.bucket).put({
    ...entry,
    bytes,
    customMetadata: { ...entry.customMetadata },
    downloadTokens: [...(entry.downloadTokens ?? [])],
  });
  return true;
}

function generationsOf(root: string): number[] {
  return readdirSync(root)
    .filter(isGeneration)
    .map(Number)
    .sort((a, b) => a - b);
}
