/**
 * The emulator's own data operations: reset (rules-unit-testing's clearFirestore), export, import, and replacing
 * everything with a saved state (the console's snapshots) while clients listen.
 */
import type { DocumentJson } from './types.js';
import type { FirestoreJournal } from './persistence/journal.js';
import type { ListenFanOut } from './listen/listen-fan-out.js';
import type { CommitClock } from './timestamps.js';
import type { TransactionRegistry } from './write/transactions.js';
import type { DocumentChangeEvent } from './listen/listen.js';
import type { DatabaseId } from './paths.js';
import type { SnapshotDatabase } from './persistence/start-snapshot.js';
import type { DatabaseState } from './state.js';
import type { StoredDocument } from './stored-document.js';
import { databaseName, parseDatabaseName, parseDocumentName } from './paths.js';
import { toDocumentJson } from './stored-document.js';
import { normalizeFields } from './values.js';

/** What the admin API changes: every database, the journal, the open listeners and transactions. */
export interface AdminHost {
  state(db: DatabaseId): DatabaseState;
  databasesInUse(): DatabaseState[];
  readonly clock: Pick<CommitClock, 'next' | 'now'>;
  readonly journal: Pick<FirestoreJournal, 'recordReset' | 'recordImport' | 'recordRestore'> | undefined;
  readonly listeners: Pick<ListenFanOut, 'notify'>;
  readonly transactions: Pick<TransactionRegistry, 'forget'>;
}

/** Deletes every document of a project's databases (or of all projects); open listeners see the deletions. */
export function reset(engine: AdminHost, projectId?: string): void {
  engine.journal?.recordReset(projectId);
  for (const state of engine.databasesInUse()) {
    if (projectId && state.id.projectId !== projectId) continue;
    const changes: DocumentChangeEvent[] = [...state.all()].map((doc) => ({
      key: doc.key,
      segments: doc.segments,
      before: doc,
      after: null,
    }));
    state.clear();
    if (changes.length > 0) engine.listeners.notify(state.id, changes, engine.clock.next().timestamp);
  }
  engine.transactions.forget(projectId);
}

/** All documents of every database, for export. */
export function exportDocuments(engine: AdminHost): { database: string; documents: DocumentJson[] }[] {
  return engine
    .databasesInUse()
    .filter((s) => s.size > 0)
    .map((s) => ({
      database: databaseName(s.id),
      documents: [...s.all()].map((d) => toDocumentJson(s.id, d)),
    }));
}

/** A document an import stores, before it is given the import's version. */
type Imported = Omit<StoredDocument, 'version'>;

/**
 * Stores an import's documents with one version for the whole import (transactions only compare a document's
 * version with itself), as one journal record. The import rewrites documents without keeping what they replace:
 * reads before it are refused as too old. Each database's documents are read after the version is taken.
 */
function storeImport(
  engine: AdminHost,
  databases: { db: DatabaseId; documents: (state: DatabaseState) => Iterable<Imported> }[],
  store: (state: DatabaseState, doc: StoredDocument) => void,
): number {
  let count = 0;
  const { micros: version } = engine.clock.next();
  for (const { db } of databases) engine.state(db).history.restart(version);
  const stored: { db: DatabaseId; doc: StoredDocument }[] = [];
  for (const { db, documents } of databases) {
    const state = engine.state(db);
    for (const doc of documents(state)) {
      store(state, { ...doc, version });
      if (engine.journal) stored.push({ db, doc: state.get(doc.key)! });
      count++;
    }
  }
  engine.journal?.recordImport(stored);
  return count;
}

export function importDocuments(
  engine: AdminHost,
  data: { database: string; documents: DocumentJson[] }[],
): number {
  return storeImport(
    engine,
    data.map(({ database, documents }) => ({
      db: parseDatabaseName(database),
      *documents(state: DatabaseState): Iterable<Imported> {
        for (const doc of documents) {
          const { segments } = parseDocumentName(doc.name);
          const updateTime = doc.updateTime ?? engine.clock.now();
          yield {
            key: segments.join('/'),
            segments,
            fields: normalizeFields(doc.fields ?? {}, 0, state.interner),
            createTime: doc.createTime ?? updateTime,
            updateTime,
          };
        }
      },
    })),
    (state, doc) => state.put(doc),
  );
}

/**
 * Imports a start snapshot (./persistence/start-snapshot.ts) as importDocuments imports the export it stands for. Its values
 * are already the shared ones it was saved with, so they are stored as they are, after the database's interner
 * takes them back.
 */
export function importSharedDocuments(engine: AdminHost, data: SnapshotDatabase[]): number {
  return storeImport(
    engine,
    data.map(({ database, shared, documents }) => ({
      db: parseDatabaseName(database),
      *documents(state: DatabaseState): Iterable<Imported> {
        state.interner.adopt(shared);
        for (const [key, fields, createTime, updateTime] of documents)
          yield { key, segments: key.split('/'), fields, createTime, updateTime };
      },
    })),
    (state, doc) => state.putShared(doc),
  );
}

/**
 * Makes every database hold exactly `data` (a snapshot's documents), as one commit would: documents not in it
 * are deleted, the others written, and open listeners see the difference. A document the snapshot holds with
 * the create and update time it still has was not written since: it is left as it is. The others get the
 * restore's commit time as their update time (clients keep a document only if it is newer than what they hold)
 * and a new version, so a transaction that read them fails. Everything is parsed before anything changes: a
 * malformed document fails the restore with the data untouched. Durable as one journal record.
 */
export function replaceDocuments(
  engine: AdminHost,
  data: { database: string; documents: DocumentJson[] }[],
): { written: number; deleted: number; kept: number } {
  const wanted = new Map<
    string,
    { db: DatabaseId; docs: Map<string, DocumentJson & { segments: string[] }> }
  >();
  for (const { database, documents } of data) {
    const db = parseDatabaseName(database);
    const name = databaseName(db);
    if (!wanted.has(name)) wanted.set(name, { db, docs: new Map() });
    const docs = wanted.get(name)!.docs;
    for (const doc of documents) {
      const { segments } = parseDocumentName(doc.name);
      docs.set(segments.join('/'), { ...doc, segments: [...segments] });
    }
  }
  const { micros: version, timestamp: commitTime } = engine.clock.next();
  const plans: { state: DatabaseState; puts: StoredDocument[]; deletes: StoredDocument[] }[] = [];
  let kept = 0;
  const states = new Map(engine.databasesInUse().map((state) => [databaseName(state.id), state]));
  for (const { db } of wanted.values())
    if (!states.has(databaseName(db))) states.set(databaseName(db), engine.state(db));
  for (const [name, state] of states) {
    const docs = wanted.get(name)?.docs ?? new Map();
    const puts: StoredDocument[] = [];
    const deletes = [...state.all()].filter((doc) => !docs.has(doc.key));
    for (const [key, doc] of docs) {
      const before = state.get(key);
      if (before && doc.updateTime === before.updateTime && doc.createTime === before.createTime) {
        kept++;
        continue;
      }
      puts.push({
        key,
        segments: doc.segments,
        fields: normalizeFields(doc.fields ?? {}, 0, state.interner),
        createTime: doc.createTime ?? commitTime,
        updateTime: commitTime,
        version,
      });
    }
    plans.push({ state, puts, deletes });
  }
  engine.journal?.recordRestore(
    plans.map(({ state, puts, deletes }) => ({
      db: state.id,
      puts,
      deletes: deletes.map((d) => d.segments),
    })),
  );
  let written = 0;
  let deleted = 0;
  for (const { state, puts, deletes } of plans) {
    const changes: DocumentChangeEvent[] = [];
    for (const doc of deletes) {
      changes.push({ key: doc.key, segments: doc.segments, before: doc, after: null });
      state.delete(doc.key);
    }
    for (const doc of puts) {
      changes.push({ key: doc.key, segments: doc.segments, before: state.get(doc.key) ?? null, after: doc });
      state.put(doc);
    }
    written += puts.length;
    deleted += deletes.length;
    if (changes.length > 0) engine.listeners.notify(state.id, changes, commitTime);
  }
  engine.transactions.forget();
  return { written, deleted, kept };
}
