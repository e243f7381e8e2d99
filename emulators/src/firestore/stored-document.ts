/**
 * A stored document as the engine keeps it, and its JSON form. Imports nothing of the engine, so every part of it
 * (state, queries, indexes, history) can name a document without importing the others.
 */
import type { DocumentJson, Fields } from './types.js';
import type { DatabaseId } from './paths.js';
import { documentName } from './paths.js';

export interface StoredDocument {
  readonly key: string;
  readonly segments: readonly string[];
  readonly fields: Fields;
  readonly createTime: string;
  readonly updateTime: string;
  /** Commit version that last changed it (microseconds since epoch); transactions compare it. */
  readonly version: bigint;
}

export function toDocumentJson(db: DatabaseId, doc: StoredDocument): DocumentJson {
  return {
    name: documentName(db, doc.segments),
    fields: doc.fields,
    createTime: doc.createTime,
    updateTime: doc.updateTime,
  };
}
