/**
 * The Firestore write-ahead journal: every commit the engine accepts is appended to
 * `<dataDir>/firestore/journal.<n>.log` and flushed to the disk before it is applied and answered, so an
 * acknowledged write survives `kill -9` or a power cut, not only a clean stop (which writes the export).
 *
 * A record is one line, `<crc32c of the JSON, 8 hex digits> <JSON>\n`, holding a whole commit: the documents as
 * the commit leaves them (with their update times and versions, so a replay gives back exactly what was
 * acknowledged) and the documents it deleted; or a reset. A commit of several writes is one line, so it is
 * replayed whole or not at all. A power cut mid-append leaves a last line without its newline or with a
 * checksum that does not match: it was never acknowledged, and is dropped.
 *
 * Records hold absolute states (this document now is …, this one is gone, this project is empty), so replaying
 * a journal over an export that already holds some of its records gives the same state: a compaction that
 * crashed between writing the export and removing the old journal loses nothing and duplicates nothing.
 *
 * Compaction: `rotate()` switches to the next journal file in the same tick the export takes its snapshot,
 * then `prune()` removes the files the export now holds. Several files are read in order at start.
 */
import {
  closeSync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { crc32c } from '../../shared/crc32c.js';
import type { DocumentJson } from '../types.js';
import type { CommitClock } from '../timestamps.js';
import type { DatabaseId } from '../paths.js';
import { databaseName, documentName, parseDatabaseName, parseDocumentName } from '../paths.js';
import type { DatabaseState } from '../state.js';
import type { StoredDocument } from '../stored-document.js';
import { stringifyProto3 } from '../transports/protos.js';
import { normalizeFields } from '../values.js';

/** A document as a commit left it; `version` is the commit's version in microseconds, as a decimal string. */
type JournaledDocument = Required<Pick<DocumentJson, 'name' | 'fields' | 'createTime' | 'updateTime'>> & {
  version: string;
};

type WritesRecord = { kind: 'writes'; database: string; put: JournaledDocument[]; delete: string[] };

/** What replaying the journal changes: the databases and the commit clock. */
export interface JournalHost {
  state(db: DatabaseId): DatabaseState;
  databasesInUse(): DatabaseState[];
  readonly clock: Pick<CommitClock, 'observe'>;
}

export type JournalRecord =
  | WritesRecord
  | { kind: 'reset'; projectId?: string }
  /** A snapshot restored: every database's writes in one line, so a crash leaves all of it or none. */
  | { kind: 'restore'; databases: Omit<WritesRecord, 'kind'>[] };

export interface ReplayReport {
  /** Records (commits, imports, resets) applied. */
  records: number;
  /** Documents written or deleted by them. */
  documents: number;
  /** Journal files read. */
  files: number;
  /** A torn or corrupt record found and dropped (with everything after it), described for the log. */
  dropped?: string;
}

const FILE = /^journal\.(\d+)\.log$/;
const fileName = (n: number) => `journal.${n}.log`;

/** The line a record is stored as. */
export function encodeRecord(record: JournalRecord): string {
  const json = stringifyProto3(record);
  return `${checksum(json)} ${json}\n`;
}

const checksum = (json: string) => crc32c(Buffer.from(json, 'utf8')).toString(16).padStart(8, '0');

/**
 * The records of a journal file's text, in order, up to the first line that is torn (no newline: the append
 * was cut) or does not match its checksum; that line and whatever follows are reported and left out.
 */
export function decodeRecords(text: string): { records: JournalRecord[]; dropped?: string } {
  const records: JournalRecord[] = [];
  let start = 0;
  let line = 0;
  while (start < text.length) {
    line++;
    const end = text.indexOf('\n', start);
    if (end < 0) return { records, dropped: `line ${line} is torn (no end of line)` };
    const raw = text.slice(start, end);
    start = end + 1;
    const space = raw.indexOf(' ');
    const json = raw.slice(space + 1);
    if (space !== 8 || raw.slice(0, 8) !== checksum(json))
      return { records, dropped: `line ${line} does not match its checksum` };
    let record: JournalRecord;
    try {
      record = JSON.parse(json) as JournalRecord;
    } catch {
      return { records, dropped: `line ${line} is not JSON` };
    }
    if (record?.kind !== 'writes' && record?.kind !== 'reset' && record?.kind !== 'restore')
      return { records, dropped: `line ${line} is not a journal record` };
    records.push(record);
  }
  return { records };
}

/** Applies one record to the engine, as the commit that wrote it did (listeners are not told: none at start). */
export function applyRecord(engine: JournalHost, record: JournalRecord): number {
  if (record.kind === 'reset') {
    let count = 0;
    for (const state of engine.databasesInUse()) {
      if (record.projectId && state.id.projectId !== record.projectId) continue;
      count += state.size;
      state.clear();
    }
    return count;
  }
  if (record.kind === 'restore')
    return record.databases.reduce((n, writes) => n + applyRecord(engine, { kind: 'writes', ...writes }), 0);
  const state = engine.state(parseDatabaseName(record.database));
  for (const doc of record.put) {
    const { segments } = parseDocumentName(doc.name);
    const version = BigInt(doc.version);
    state.put({
      key: segments.join('/'),
      segments,
      fields: normalizeFields(doc.fields, 0, state.interner),
      createTime: doc.createTime,
      updateTime: doc.updateTime,
      version,
    });
    engine.clock.observe(version);
  }
  for (const name of record.delete) state.delete(parseDocumentName(name).segments.join('/'));
  return record.put.length + record.delete.length;
}

function journaled(db: DatabaseId, doc: StoredDocument): JournaledDocument {
  return {
    name: documentName(db, doc.segments),
    fields: doc.fields,
    createTime: doc.createTime,
    updateTime: doc.updateTime,
    version: doc.version.toString(),
  };
}

export class FirestoreJournal {
  private fd: number;
  private current: number;

  private constructor(
    private readonly folder: string,
    next: number,
  ) {
    this.current = next;
    this.fd = openSync(join(folder, fileName(next)), 'a');
  }

  /**
   * Replays the journal files of `dataDir` into the engine (after the export was loaded) and opens the next
   * file for appending. A torn last record is dropped, never fatal.
   */
  static open(engine: JournalHost, dataDir: string): { journal: FirestoreJournal; replayed: ReplayReport } {
    const folder = join(dataDir, 'firestore');
    mkdirSync(folder, { recursive: true });
    const numbers = journalNumbers(folder);
    const replayed: ReplayReport = { records: 0, documents: 0, files: numbers.length };
    for (const n of numbers) {
      const { records, dropped } = decodeRecords(readFileSync(join(folder, fileName(n)), 'utf8'));
      for (const record of records) {
        replayed.documents += applyRecord(engine, record);
        replayed.records++;
      }
      // A torn record can only end a file (the append a crash cut short); the files after it were started by a
      // later run and hold commits acknowledged after that crash, so they are still replayed.
      if (dropped) replayed.dropped = `${fileName(n)}: ${dropped}`;
    }
    // The journal keeps the latest versions only: what was replaced before this start cannot be read at a readTime.
    for (const state of engine.databasesInUse()) state.history.restart();
    const next = numbers.length > 0 ? numbers[numbers.length - 1] + 1 : 1;
    return { journal: new FirestoreJournal(folder, next), replayed };
  }

  /** Appends a record and waits until the disk has it. */
  append(record: JournalRecord): void {
    const line = Buffer.from(encodeRecord(record), 'utf8');
    let written = 0;
    while (written < line.length) written += writeSync(this.fd, line, written);
    fdatasyncSync(this.fd);
  }

  /**
   * The commit hook: records what the staged writes change (the documents they leave, the ones they delete),
   * before the engine applies them. Nothing changed (only verifies, or writes equal to the stored document):
   * nothing to record.
   */
  recordCommit(
    db: DatabaseId,
    state: DatabaseState,
    staged: ReadonlyMap<string, StoredDocument | null>,
  ): void {
    const put: JournaledDocument[] = [];
    const deleted: string[] = [];
    for (const [key, after] of staged) {
      const before = state.get(key) ?? null;
      if (after === before) continue;
      if (after) put.push(journaled(db, after));
      else if (before) deleted.push(documentName(db, before.segments));
    }
    if (put.length + deleted.length > 0)
      this.append({ kind: 'writes', database: databaseName(db), put, delete: deleted });
  }

  /** Documents an import stored (already applied; the import's caller answers only after this). */
  recordImport(changes: { db: DatabaseId; doc: StoredDocument }[]): void {
    const byDatabase = new Map<string, JournaledDocument[]>();
    for (const { db, doc } of changes) {
      const name = databaseName(db);
      if (!byDatabase.has(name)) byDatabase.set(name, []);
      byDatabase.get(name)!.push(journaled(db, doc));
    }
    for (const [database, put] of byDatabase) this.append({ kind: 'writes', database, put, delete: [] });
  }

  /** A restore's writes in every database (before they are applied), as one record. */
  recordRestore(
    databases: { db: DatabaseId; puts: StoredDocument[]; deletes: (readonly string[])[] }[],
  ): void {
    this.append({
      kind: 'restore',
      databases: databases.map(({ db, puts, deletes }) => ({
        database: databaseName(db),
        put: puts.map((doc) => journaled(db, doc)),
        delete: deletes.map((segments) => documentName(db, segments)),
      })),
    });
  }

  recordReset(projectId: string | undefined): void {
    this.append(projectId ? { kind: 'reset', projectId } : { kind: 'reset' });
  }

  /**
   * Starts the next journal file; call it in the same tick as the export takes its snapshot. Returns the file
   * number `prune` takes once that export is safely on disk.
   */
  rotate(): number {
    const previous = this.current;
    closeSync(this.fd);
    this.current = previous + 1;
    // The folder may have been removed under a running emulator; the export recreates it too.
    mkdirSync(this.folder, { recursive: true });
    this.fd = openSync(join(this.folder, fileName(this.current)), 'a');
    return previous;
  }

  /** Removes the journal files up to `upTo`, which an export now holds. */
  prune(upTo: number): void {
    for (const n of journalNumbers(this.folder))
      if (n <= upTo) rmSync(join(this.folder, fileName(n)), { force: true });
  }

  close(): void {
    closeSync(this.fd);
  }
}

function journalNumbers(folder: string): number[] {
  return readdirSync(folder)
    .map((f) => FILE.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}
