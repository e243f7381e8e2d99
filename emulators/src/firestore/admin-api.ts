/** The emulator's own data operations: reset (rules-unit-testing's clearFirestore), export and import. */
import type { DocumentJson } from './types.js';
import type { FirestoreEngine } from './engine.js';
import type { DocumentChangeEvent } from './listen.js';
import type { DatabaseId } from './paths.js';
import type { StoredDocument } from './state.js';
import { databaseName, parseDatabaseName, parseDocumentName } from './paths.js';
import { toDocumentJson } from './state.js';
import { normalizeFields } from './values.js';

/** Deletes every document of a project's databases (or of all projects); open listeners see the deletions. */
export function reset(engine: FirestoreEngine, projectId?: string): void {
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
export function exportDocuments(engine: FirestoreEngine): { database: string; documents: DocumentJson[] }[] {
  return engine
    .databasesInUse()
    .filter((s) => s.size > 0)
    .map((s) => ({
      database: databaseName(s.id),
      documents: [...s.all()].map((d) => toDocumentJson(s.id, d)),
    }));
}

export function importDocuments(
  engine: FirestoreEngine,
  data: { database: string; documents: DocumentJson[] }[],
): number {
  let count = 0;
  // One version for the whole import: transactions only compare a document's version with itself.
  const { micros: version } = engine.clock.next();
  // The import rewrites documents without keeping what they replace: reads before it are refused as too old.
  for (const { database } of data) engine.state(parseDatabaseName(database)).history.restart(version);
  const stored: { db: DatabaseId; doc: StoredDocument }[] = [];
  for (const { database, documents } of data) {
    const db = parseDatabaseName(database);
    const state = engine.state(db);
    for (const doc of documents) {
      const { segments } = parseDocumentName(doc.name);
      const updateTime = doc.updateTime ?? engine.clock.now();
      const key = segments.join('/');
      state.put({
        key,
        segments,
        fields: normalizeFields(doc.fields ?? {}, 0, state.interner),
        createTime: doc.createTime ?? updateTime,
        updateTime,
        version,
      });
      if (engine.journal) stored.push({ db, doc: state.get(key)! });
      count++;
    }
  }
  engine.journal?.recordImport(stored);
  return count;
}
