/**
 * The start snapshot: beside an export's `data.json`, `data.v8` holds the same documents as they are in memory
 * (V8's own serialization, `node:v8`), with each database's shared values (values.ts, ValueInterner), so a
 * start gets them back in one deserialize with nothing to decode, parse, check or share again: 100,000 orders
 * in about a second instead of four or five.
 *
 * `data.json` stays the export: readable, portable, what snapshots and restores read. `data.v8` is only a
 * faster way to the same state, used only while it is known to be one: it is written after `data.json` and
 * names that file's size and modification time. V8's format is backward-compatible (Node.js documents it as
 * safe to store to disk); one written by a newer Node.js is refused by the deserializer. Anything else
 * (data.json edited or replaced, a newer format, a damaged or missing data.v8) and the start reads data.json,
 * as it always did; the next export writes both again.
 *
 * The file: one JSON header line, then the serialized databases.
 */
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { DatabaseState } from '../state.js';
import { databaseName } from '../paths.js';
import type { StoredDocument } from '../stored-document.js';
import type { Fields, Value } from '../types.js';

/** What a start snapshot is taken from: the databases holding documents. */
export interface SnapshotSource {
  databasesInUse(): DatabaseState[];
}

export interface SnapshotDatabase {
  database: string;
  shared: { strings: Value[]; integers: Value[] };
  /** key (the document's path), fields, createTime, updateTime. */
  documents: [string, Fields, string, string][];
}

interface Header {
  format: typeof FORMAT;
  version: 1;
  /** The Node.js that wrote it, for whoever reads the file; not checked (see above). */
  node: string;
  json: { size: number; mtimeMs: number };
}

const FORMAT = 'firestore-emulator-start-snapshot';
export const START_SNAPSHOT_FILE = 'data.v8';

/**
 * What the engine holds now, taken in the tick its export is taken: stored documents are never changed in place
 * (a write stores a new one), so serializing them later still gives this moment.
 */
export function captureStartSnapshot(engine: SnapshotSource): () => SnapshotDatabase[] {
  const taken = engine
    .databasesInUse()
    .filter((state) => state.size > 0)
    .map((state) => ({
      database: databaseName(state.id),
      shared: state.interner.shared(),
      documents: [...state.all()],
    }));
  return () =>
    taken.map(({ database, shared, documents }) => ({
      database,
      shared,
      documents: documents.map((doc: StoredDocument) => [
        doc.key,
        doc.fields,
        doc.createTime,
        doc.updateTime,
      ]),
    }));
}

/** Writes `databases` as the start snapshot of the data.json just written in `folder`. */
export async function writeStartSnapshot(folder: string, databases: SnapshotDatabase[]): Promise<void> {
  const json = await stat(join(folder, 'data.json'));
  const header: Header = {
    format: FORMAT,
    version: 1,
    node: process.version,
    json: { size: json.size, mtimeMs: json.mtimeMs },
  };
  const target = join(folder, START_SNAPSHOT_FILE);
  try {
    const file = await open(`${target}.tmp`, 'w');
    try {
      await file.write(`${JSON.stringify(header)}\n`);
      await file.write(serialize({ databases }));
    } finally {
      await file.close();
    }
    await rename(`${target}.tmp`, target);
  } catch {
    // No room on the disk, say: the export itself is whole, and the next start reads it instead.
    await rm(`${target}.tmp`, { force: true });
  }
}

/**
 * The start snapshot of `folder`'s data.json, or undefined when there is none that is known to hold the same
 * documents (see above): the caller then reads data.json.
 */
export async function readStartSnapshot(folder: string): Promise<SnapshotDatabase[] | undefined> {
  let bytes: Buffer;
  let json: { size: number; mtimeMs: number };
  try {
    [bytes, json] = await Promise.all([
      readFile(join(folder, START_SNAPSHOT_FILE)),
      stat(join(folder, 'data.json')),
    ]);
  } catch {
    return undefined;
  }
  const end = bytes.indexOf(10);
  if (end < 0) return undefined;
  let header: Partial<Header>;
  try {
    header = JSON.parse(bytes.subarray(0, end).toString('utf8')) as Partial<Header>;
  } catch {
    return undefined;
  }
  if (
    header.format !== FORMAT ||
    header.version !== 1 ||
    header.json?.size !== json.size ||
    header.json?.mtimeMs !== json.mtimeMs
  )
    return undefined;
  try {
    const { databases } = deserialize(bytes.subarray(end + 1)) as { databases?: unknown };
    return Array.isArray(databases) ? (databases as SnapshotDatabase[]) : undefined;
  } catch {
    return undefined; // cut short, damaged or of a newer format: data.json holds the same documents
  }
}
