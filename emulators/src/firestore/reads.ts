/** Reads of named documents and of collections' listings (queries are in ./query/queries.ts). */
import { INTERNAL_READ } from './access/authorization.js';
import type { Caller } from '../shared/auth-token.js';
import type { DocumentJson, v1 } from './types.js';
import { authorize, dataAccess } from './access/authorization.js';
import { assertSameDatabase } from './databases.js';
import type { RulesProvider } from './access/authorization.js';
import { invalidArgument, notFound } from './errors.js';
import {
  compareSegments,
  databaseName,
  documentIdOf,
  documentName,
  parseDatabaseName,
  parseDocumentName,
  parseFieldPath,
  parseResourceName,
} from './paths.js';
import { compileQuery, project } from './query/query.js';
import { toDocumentJson } from './stored-document.js';
import { requestedReadTime } from './write/transactions.js';
import { answeredReadTime, collectionIdsAt, documentAt, pastRead } from './document-history.js';
import type { QueryReadHost } from './query/read-query.js';
import { readQuery } from './query/read-query.js';

/** What a get or a listing reads: the databases, as a query does, under the rules. */
export interface ReadHost extends QueryReadHost {
  readonly rules: RulesProvider;
}

export function batchGet(
  engine: ReadHost,
  request: v1.BatchGetDocumentsRequest & { database: string },
  caller: Caller,
): v1.BatchGetDocumentsResponse[] {
  const db = parseDatabaseName(request.database);
  const state = engine.state(db);
  const txnId = engine.transactions.forRead(db, request);
  const txn = engine.transactions.get(txnId);
  const access = dataAccess(state);
  const select = request.mask?.fieldPaths?.map(parseFieldPath);
  const requested = requestedReadTime(request, txn);
  const past = pastRead(state, requested, engine.clock.now());
  const readTime = answeredReadTime(requested, engine.clock.now());
  const results = (request.documents ?? []).map((name): v1.BatchGetDocumentsResponse => {
    const { db: docDb, segments } = parseDocumentName(name);
    assertSameDatabase(db, docDb);
    const key = segments.join('/');
    const doc = past !== undefined ? documentAt(state, key, past) : (state.get(key) ?? null);
    authorize(engine.rules, { caller, method: 'get', db, segments, resource: doc, time: readTime }, access);
    txn?.reads.set(segments.join('/'), doc?.version ?? null);
    return doc
      ? { found: { ...toDocumentJson(db, doc), fields: project(doc.fields, select) }, readTime }
      : { missing: name, readTime };
  });
  if (caller !== INTERNAL_READ) state.usage.lookup(results.length);
  if (request.newTransaction && txnId) {
    if (results.length === 0) return [{ transaction: txnId, readTime }];
    results[0] = { ...results[0], transaction: txnId };
  }
  return results;
}

export function getDocument(
  engine: ReadHost,
  request: v1.GetDocumentRequest & { name: string },
  caller: Caller,
): v1.Document {
  const { name } = request;
  const { db } = parseDocumentName(name);
  const [result] = batchGet(
    engine,
    {
      database: databaseName(db),
      documents: [name],
      mask: request.mask,
      transaction: request.transaction,
      readTime: request.readTime,
    },
    caller,
  );
  if (!result.found) throw notFound(`Document not found: ${name}`);
  return result.found;
}

export function listDocuments(
  engine: ReadHost,
  request: v1.ListDocumentsRequest & { parent: string },
  caller: Caller,
): v1.ListDocumentsResponse {
  const { parent, collectionId = '' } = request;
  const orderBy = (request.orderBy ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((clause) => {
      const [field, dir] = clause.split(/\s+/);
      return {
        field: { fieldPath: field },
        direction: dir?.toLowerCase() === 'desc' ? ('DESCENDING' as const) : ('ASCENDING' as const),
      };
    });
  const offset = request.pageToken ? Number(Buffer.from(request.pageToken, 'base64').toString()) : 0;
  if (!Number.isInteger(offset) || offset < 0) throw invalidArgument('Invalid pageToken');
  const pageSize = request.pageSize && request.pageSize > 0 ? Math.min(request.pageSize, 10_000) : 300;
  const select = request.mask?.fieldPaths?.map(parseFieldPath);
  const nextPageToken = (more: boolean) =>
    more ? Buffer.from(String(offset + pageSize)).toString('base64') : undefined;
  if (request.showMissing) {
    // Missing documents (no fields, but subcollections) have only a name; production lists them in
    // name order and ignores orderBy (firebase-admin's listDocuments() asks for them).
    const query = compileQuery(parent, { from: [{ collectionId }] });
    const existing = readQuery(engine, query, caller, undefined, { readTime: request.readTime });
    const byId = new Map(existing.map((doc) => [documentIdOf(doc.segments), doc]));
    const state = engine.state(query.db);
    const parentSegments = query.parentKey === '' ? [] : query.parentKey.split('/');
    const all = [...new Set([...byId.keys(), ...state.idsWithDescendants(query.parentKey, collectionId)])]
      .map((id) => [...parentSegments, collectionId, id])
      .sort(compareSegments);
    const page = all.slice(offset, offset + pageSize).map((segments): DocumentJson => {
      const doc = byId.get(segments[segments.length - 1]);
      return doc
        ? { ...toDocumentJson(query.db, doc), fields: project(doc.fields, select) }
        : { name: documentName(query.db, segments) };
    });
    state.usage.query(page.length);
    return { documents: page, nextPageToken: nextPageToken(all.length > offset + pageSize) };
  }
  const query = compileQuery(parent, { from: [{ collectionId }], orderBy, offset, limit: pageSize + 1 });
  const docs = readQuery(engine, query, caller, undefined, { readTime: request.readTime });
  const page = docs
    .slice(0, pageSize)
    .map((doc) => ({ ...toDocumentJson(query.db, doc), fields: project(doc.fields, select) }));
  engine.state(query.db).usage.query(page.length);
  return { documents: page, nextPageToken: nextPageToken(docs.length > pageSize) };
}

export function listCollectionIds(
  engine: ReadHost,
  request: v1.ListCollectionIdsRequest & { parent: string },
): v1.ListCollectionIdsResponse {
  const { db, segments } = parseResourceName(request.parent);
  const state = engine.state(db);
  const past = pastRead(state, request.readTime, engine.clock.now());
  const ids =
    past !== undefined
      ? collectionIdsAt(state, segments.join('/'), past)
      : state.collectionIdsUnder(segments.join('/'));
  const start = request.pageToken ? Math.max(0, ids.indexOf(request.pageToken)) : 0;
  const size = request.pageSize && request.pageSize > 0 ? request.pageSize : ids.length;
  const page = ids.slice(start, start + size);
  return { collectionIds: page, nextPageToken: ids[start + size] };
}
