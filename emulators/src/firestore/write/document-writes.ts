/** Writes of one document at a time (create, update, delete) and BatchWrite, each a commit of its own. */
import { randomBytes } from 'node:crypto';
import type { Caller } from '../../shared/auth-token.js';
import type { v1, WriteResultJson } from '../types.js';
import { INTERNAL_READ } from '../access/authorization.js';
import type { CommitHost } from './commit.js';
import { commit } from './commit.js';
import { FirestoreError, invalidArgument } from '../errors.js';
import { databaseName, documentName, parseDocumentName, parseResourceName } from '../paths.js';
import type { ReadHost } from '../reads.js';
import { getDocument } from '../reads.js';

/** Non-atomic writes, each with its own status. */
/** Writing one document commits it and reads it back. */
export type DocumentWriteHost = CommitHost & ReadHost;

export function batchWrite(
  engine: DocumentWriteHost,
  request: v1.BatchWriteRequest & { database: string },
  caller: Caller,
): v1.BatchWriteResponse {
  const writeResults: WriteResultJson[] = [];
  const status: { code: number; message?: string }[] = [];
  // Production refuses the whole request (HTTP 400) for a name no write could have, e.g. an id `__doc__`,
  // before it applies any write; what only fails when applied (a precondition) fails that write alone.
  // So does production for a document written twice in one request (its documentation: "You cannot write to
  // the same document more than once per request"; Google's emulator refuses it too).
  const written = new Set<string>();
  for (const write of request.writes ?? []) {
    const name = write.update?.name ?? write.delete ?? write.transform?.document ?? write.verify;
    if (typeof name !== 'string') continue;
    parseDocumentName(name);
    if (written.has(name))
      throw invalidArgument('the same document cannot be written more than once in a single request');
    written.add(name);
  }
  for (const write of request.writes ?? []) {
    try {
      const result = commit(engine, { database: request.database, writes: [write] }, caller);
      // The WriteResult proto: update_time is "not set after a delete", which production follows here.
      writeResults.push(write.delete !== undefined ? {} : result.writeResults[0]);
      status.push({ code: 0 });
    } catch (error) {
      if (!(error instanceof FirestoreError)) throw error;
      writeResults.push({});
      status.push({ code: error.code, message: error.message });
    }
  }
  return { writeResults, status };
}

export function createDocument(
  engine: DocumentWriteHost,
  request: v1.CreateDocumentRequest & { parent: string; collectionId: string },
  caller: Caller,
): v1.Document {
  const { db, segments } = parseResourceName(request.parent);
  const id = request.documentId || autoId();
  const name = documentName(db, [...segments, request.collectionId, id]);
  commit(
    engine,
    {
      database: databaseName(db),
      writes: [
        { update: { name, fields: request.document?.fields ?? {} }, currentDocument: { exists: false } },
      ],
    },
    caller,
  );
  return getDocument(engine, { name }, INTERNAL_READ);
}

export function updateDocument(
  engine: DocumentWriteHost,
  request: v1.UpdateDocumentRequest & { document: v1.Document },
  caller: Caller,
): v1.Document {
  const { document } = request;
  const name = document.name ?? '';
  const { db } = parseDocumentName(name);
  commit(
    engine,
    {
      database: databaseName(db),
      writes: [
        { update: document, updateMask: request.updateMask, currentDocument: request.currentDocument },
      ],
    },
    caller,
  );
  return getDocument(engine, { name }, INTERNAL_READ);
}

export function deleteDocument(
  engine: DocumentWriteHost,
  request: v1.DeleteDocumentRequest & { name: string },
  caller: Caller,
): Record<string, never> {
  const { db } = parseDocumentName(request.name);
  commit(
    engine,
    {
      database: databaseName(db),
      writes: [{ delete: request.name, currentDocument: request.currentDocument }],
    },
    caller,
  );
  return {};
}

const AUTO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character document id, as the SDKs make them. */
export function autoId(): string {
  const bytes = randomBytes(20);
  let id = '';
  for (const b of bytes) id += AUTO_ID_CHARS[b % AUTO_ID_CHARS.length];
  return id;
}
