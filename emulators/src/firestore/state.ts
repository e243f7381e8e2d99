/**
 * The in-memory world of one Firestore database: documents indexed by path and by collection,
 * so a query scans only its collection (or collection group).
 */
import type { DocumentJson, Fields } from './types.js';
import type { DatabaseId } from './paths.js';
import { collectionIdOf, parentPathOf } from './paths.js';
import type { StoredDocument } from './stored-document.js';
import { toDocumentJson } from './stored-document.js';
import { DocumentHistory } from './document-history.js';
import { QueryIndexes } from './query/query-index.js';
import { ReadUsage } from './usage.js';
import { ValueInterner } from './value-interner.js';

export class DatabaseState {
  private readonly documents = new Map<string, StoredDocument>();
  /** "parentPath|collectionId" → documents directly in that collection. */
  private readonly collections = new Map<string, Map<string, StoredDocument>>();
  /** collectionId → keys of every document of any collection with that id (collection-group queries). */
  private readonly groups = new Map<string, Map<string, StoredDocument>>();

  /** Ordered indexes that serve queries (built per query shape on first use, then kept up to date). */
  readonly indexes: QueryIndexes;
  /** Document reads as production bills them (see usage.ts). */
  readonly usage = new ReadUsage();
  /** Shares repeated values among the stored documents (an import normalizes straight into it). */
  readonly interner = new ValueInterner();
  /** The versions commits replaced within the last hour, for reads at a `readTime` (./document-history.ts). */
  readonly history = new DocumentHistory();

  /** Tests make `indexChunkSize` and `maxIndexes` small, so chunks split and empty and indexes are evicted. */
  constructor(
    readonly id: DatabaseId,
    options: { indexChunkSize?: number; maxIndexes?: number } = {},
  ) {
    this.indexes = new QueryIndexes(
      ({ collection, parentKey, group }) =>
        group ? (this.groups.get(collection)?.values() ?? []) : this.inCollection(parentKey, collection),
      options.indexChunkSize,
      options.maxIndexes,
    );
  }

  get size(): number {
    return this.documents.size;
  }

  get(key: string): StoredDocument | undefined {
    return this.documents.get(key);
  }

  /** Stores the document with its repeated values shared (so what is stored is a copy, equal to `written`). */
  put(written: StoredDocument): void {
    this.store(written, this.interner.fields(written.fields));
  }

  /** Stores a document whose repeated values are already this interner's shared ones (a start snapshot's). */
  putShared(written: StoredDocument): void {
    this.store(written, written.fields);
  }

  private store(written: StoredDocument, fields: Fields): void {
    const doc: StoredDocument = {
      key: written.key,
      segments: written.segments,
      fields,
      // One string for both times when they are equal, as they are for every document never updated.
      createTime: written.createTime === written.updateTime ? written.updateTime : written.createTime,
      updateTime: written.updateTime,
      version: written.version,
    };
    this.documents.set(doc.key, doc);
    this.indexes.put(doc);
    const collectionId = collectionIdOf(doc.segments);
    bucket(this.collections, collectionKey(parentPathOf(doc.segments), collectionId)).set(doc.key, doc);
    bucket(this.groups, collectionId).set(doc.key, doc);
  }

  delete(key: string): void {
    const doc = this.documents.get(key);
    if (!doc) return;
    this.documents.delete(key);
    this.indexes.delete(doc);
    const collectionId = collectionIdOf(doc.segments);
    const ck = collectionKey(parentPathOf(doc.segments), collectionId);
    this.collections.get(ck)?.delete(key);
    if (this.collections.get(ck)?.size === 0) this.collections.delete(ck);
    this.groups.get(collectionId)?.delete(key);
    if (this.groups.get(collectionId)?.size === 0) this.groups.delete(collectionId);
  }

  clear(): void {
    this.history.restart();
    this.indexes.clear();
    this.interner.clear();
    this.documents.clear();
    this.collections.clear();
    this.groups.clear();
  }

  /** Documents directly inside `parent/collectionId`. */
  inCollection(parentKey: string, collectionId: string): Iterable<StoredDocument> {
    return this.collections.get(collectionKey(parentKey, collectionId))?.values() ?? [];
  }

  /** Documents of every collection named `collectionId` below `parentKey` (collection group). */
  *inGroup(parentKey: string, collectionId: string): Iterable<StoredDocument> {
    const prefix = parentKey === '' ? '' : parentKey + '/';
    for (const doc of this.groups.get(collectionId)?.values() ?? []) {
      if (prefix === '' || doc.key.startsWith(prefix)) yield doc;
    }
  }

  /** Every document below a document (or the whole database, for ""), at any depth. */
  *inSubtree(parentKey: string): Iterable<StoredDocument> {
    const prefix = parentKey === '' ? '' : parentKey + '/';
    for (const doc of this.documents.values()) if (doc.key.startsWith(prefix)) yield doc;
  }

  all(): Iterable<StoredDocument> {
    return this.documents.values();
  }

  /** Ids of the collections directly below a document (or the root, for ""). */
  collectionIdsUnder(parentKey: string): string[] {
    const ids = new Set<string>();
    const prefix = parentKey === '' ? '' : parentKey + '/';
    for (const key of this.documents.keys()) {
      if (!key.startsWith(prefix)) continue;
      ids.add(key.slice(prefix.length).split('/')[0]);
    }
    return [...ids].sort();
  }

  /** Ids of the documents of a collection that have subcollections, whether or not they exist themselves. */
  idsWithDescendants(parentKey: string, collectionId: string): Set<string> {
    const prefix = `${parentKey === '' ? '' : parentKey + '/'}${collectionId}/`;
    const ids = new Set<string>();
    for (const key of this.documents.keys()) {
      if (!key.startsWith(prefix)) continue;
      const rest = key.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash > 0) ids.add(rest.slice(0, slash));
    }
    return ids;
  }

  toJson(doc: StoredDocument): DocumentJson {
    return toDocumentJson(this.id, doc);
  }
}

const collectionKey = (parentKey: string, collectionId: string): string => `${parentKey}|${collectionId}`;

function bucket<K, V>(map: Map<K, Map<string, V>>, key: K): Map<string, V> {
  let inner = map.get(key);
  if (!inner) {
    inner = new Map();
    map.set(key, inner);
  }
  return inner;
}
