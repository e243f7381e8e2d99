/**
 * One Listen stream: its targets (queries or document sets), the documents each currently shows,
 * and the incremental changes every commit produces for it.
 */
import type { Caller } from '../../shared/auth-token.js';
import type { DocumentJson, ListenRequestJson, ListenResponseJson, TargetJson } from '../types.js';
import { asFirestoreError, FirestoreError, invalidArgument } from '../errors.js';
import type { DatabaseId } from '../paths.js';
import { documentName, parseDatabaseName, parseDocumentName } from '../paths.js';
import type { CompiledQuery } from '../query/query.js';
import { compileQuery, project } from '../query/query.js';
import type { DatabaseState } from '../state.js';
import type { StoredDocument } from '../stored-document.js';
import { toDocumentJson } from '../stored-document.js';

export interface DocumentChangeEvent {
  key: string;
  segments: readonly string[];
  before: StoredDocument | null;
  after: StoredDocument | null;
}

/** What a Listen stream needs from the engine. */
export interface ListenHost {
  state(db: DatabaseId): DatabaseState;
  snapshotTime(): string;
  resumeToken(): string;
  register(stream: ListenStream, db: DatabaseId): void;
  unregister(stream: ListenStream): void;
  /** Throws PERMISSION_DENIED when the rules do not allow the query (decided from its constraints). */
  checkQuery(caller: Caller, query: CompiledQuery): void;
  /** Throws FAILED_PRECONDITION when the query needs a composite index that is not declared. */
  requireIndexes(query: CompiledQuery): void;
  /** Throws PERMISSION_DENIED when the caller may not see the document through this target. */
  checkRead(
    caller: Caller,
    db: DatabaseId,
    doc: StoredDocument,
    method: 'get' | 'list',
    query?: CompiledQuery,
  ): void;
}

interface QueryTarget {
  kind: 'query';
  id: number;
  query: CompiledQuery;
  /** key → updateTime of the documents the client currently has for this target. */
  visible: Map<string, string>;
  /** Limit/offset queries are recomputed on change: a removal may pull the next document in. */
  windowed: boolean;
}

interface DocumentsTarget {
  kind: 'documents';
  id: number;
  keys: Set<string>;
  visible: Map<string, string>;
}

type ActiveTarget = QueryTarget | DocumentsTarget;

export class ListenStream {
  private readonly targets = new Map<number, ActiveTarget>();
  private db: DatabaseId | null = null;
  private closed = false;

  constructor(
    private readonly host: ListenHost,
    readonly caller: Caller,
    private readonly send: (response: ListenResponseJson) => void,
  ) {}

  get targetCount(): number {
    return this.targets.size;
  }

  /** Handles one client message; invalid messages throw and the transport ends the stream with that error. */
  handle(request: ListenRequestJson): void {
    if (this.closed) return;
    if (request.database) this.bindDatabase(parseDatabaseName(request.database));
    if (request.addTarget) this.addTarget(request.addTarget);
    else if (request.removeTarget !== undefined) this.removeTarget(Number(request.removeTarget));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.targets.clear();
    this.host.unregister(this);
  }

  /**
   * Ends the stream after an unexpected failure: each target is removed with an INTERNAL cause, so the SDK
   * reports the error to its listener (which may listen again) instead of waiting for changes that never come.
   */
  fail(error: unknown): void {
    if (this.closed) return;
    const targetIds = [...this.targets.keys()];
    this.close();
    const { code, message } = asFirestoreError(error);
    try {
      for (const id of targetIds)
        this.send({
          targetChange: { targetChangeType: 'REMOVE', targetIds: [id], cause: { code, message } },
        });
    } catch {
      // The transport itself is what failed: its client sees the connection end instead.
    }
  }

  private bindDatabase(db: DatabaseId): void {
    if (this.db && (this.db.projectId !== db.projectId || this.db.databaseId !== db.databaseId)) {
      throw invalidArgument('A Listen stream cannot change its database');
    }
    if (!this.db) {
      this.db = db;
      this.host.register(this, db);
    }
  }

  private addTarget(target: TargetJson): void {
    const id = target.targetId;
    if (id === undefined || !Number.isInteger(id))
      throw invalidArgument('addTarget requires an integer targetId');
    if (this.targets.has(id)) throw invalidArgument(`Target id ${id} is already in use on this stream`);

    const initial: StoredDocument[] = [];
    let active: ActiveTarget;
    try {
      // An invalid target (a reserved `__x__` segment, a bad filter) removes only that target with its cause,
      // as production does; ending the whole stream would make the SDK reconnect forever and never tell the
      // listener why.
      active = this.compileTarget(id, target);
      const state = this.host.state(this.db!);
      if (active.kind === 'query') {
        this.host.checkQuery(this.caller, active.query);
        for (const doc of active.query.run(state)) initial.push(doc);
      } else {
        for (const key of active.keys) {
          const doc = state.get(key);
          const segments = key.split('/');
          this.host.checkRead(this.caller, this.db!, doc ?? missingDocument(key, segments), 'get');
          if (doc) initial.push(doc);
        }
      }
    } catch (error) {
      if (!(error instanceof FirestoreError)) throw error;
      this.send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
      this.send({
        targetChange: {
          targetChangeType: 'REMOVE',
          targetIds: [id],
          cause: { code: error.code, message: error.message },
        },
      });
      return;
    }

    this.targets.set(id, active);
    this.host
      .state(this.db!)
      .usage.listenSnapshot(
        active.kind === 'query' ? initial.length : active.keys.size,
        active.kind === 'query',
      );
    this.send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
    // A resumed target is re-sent whole: RESET makes the client forget what it had, so deletions made while it
    // was away cannot linger in its cache.
    if (target.resumeToken || target.readTime)
      this.send({ targetChange: { targetChangeType: 'RESET', targetIds: [id] } });
    for (const doc of initial) {
      active.visible.set(doc.key, doc.updateTime);
      this.send({ documentChange: { document: this.documentFor(active, doc), targetIds: [id] } });
    }
    const readTime = this.host.snapshotTime();
    const resumeToken = this.host.resumeToken();
    this.send({ targetChange: { targetChangeType: 'CURRENT', targetIds: [id], resumeToken, readTime } });
    this.send({ targetChange: { resumeToken, readTime } });
  }

  private removeTarget(id: number): void {
    if (!this.targets.delete(id)) return;
    this.send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
  }

  private compileTarget(id: number, target: TargetJson): ActiveTarget {
    if (target.query) {
      // Production answers vector search only to RunQuery: it has no real-time listeners.
      if (target.query.structuredQuery?.findNearest)
        throw invalidArgument('A findNearest (vector search) query cannot be listened to');
      const query = compileQuery(String(target.query.parent), target.query.structuredQuery ?? {});
      this.ensureSameDatabase(query.db);
      this.host.requireIndexes(query);
      return {
        kind: 'query',
        id,
        query,
        visible: new Map(),
        windowed: query.limit !== undefined || query.offset > 0,
      };
    }
    if (target.documents) {
      const keys = new Set<string>();
      for (const name of target.documents.documents ?? []) {
        const { db, segments } = parseDocumentName(name);
        this.ensureSameDatabase(db);
        keys.add(segments.join('/'));
      }
      return { kind: 'documents', id, keys, visible: new Map() };
    }
    throw invalidArgument('addTarget requires a query or documents target');
  }

  private ensureSameDatabase(db: DatabaseId): void {
    if (!this.db) this.bindDatabase(db);
    else if (this.db.projectId !== db.projectId || this.db.databaseId !== db.databaseId) {
      throw invalidArgument('Target belongs to a different database than the stream');
    }
  }

  private documentFor(target: ActiveTarget, doc: StoredDocument): DocumentJson {
    const json = toDocumentJson(this.db!, doc);
    return target.kind === 'query' && target.query.select
      ? { ...json, fields: project(doc.fields, target.query.select) }
      : json;
  }

  /** Pushes what a commit changed for this stream's targets, then one global snapshot marker. */
  onCommit(changes: readonly DocumentChangeEvent[], commitTime: string, resumeToken: string): void {
    if (this.closed || this.targets.size === 0) return;
    const out: ListenResponseJson[] = [];
    for (const target of [...this.targets.values()]) {
      try {
        if (target.kind === 'documents') this.documentsTargetChanges(target, changes, commitTime, out);
        else if (target.windowed) this.windowedQueryChanges(target, changes, commitTime, out);
        else this.queryChanges(target, changes, commitTime, out);
      } catch (error) {
        if (!(error instanceof FirestoreError)) throw error;
        this.targets.delete(target.id);
        out.push({
          targetChange: {
            targetChangeType: 'REMOVE',
            targetIds: [target.id],
            cause: { code: error.code, message: error.message },
          },
        });
      }
    }
    if (out.length === 0) return;
    this.host.state(this.db!).usage.listenChanges(out.filter((m) => m.documentChange !== undefined).length);
    for (const message of out) this.send(message);
    this.send({ targetChange: { resumeToken, readTime: commitTime } });
  }

  private documentsTargetChanges(
    target: DocumentsTarget,
    changes: readonly DocumentChangeEvent[],
    commitTime: string,
    out: ListenResponseJson[],
  ): void {
    for (const change of changes) {
      if (!target.keys.has(change.key)) continue;
      if (change.after) {
        this.host.checkRead(this.caller, this.db!, change.after, 'get');
        target.visible.set(change.key, change.after.updateTime);
        out.push({
          documentChange: { document: this.documentFor(target, change.after), targetIds: [target.id] },
        });
      } else if (change.before) {
        target.visible.delete(change.key);
        out.push({
          documentDelete: {
            document: documentName(this.db!, change.segments),
            removedTargetIds: [target.id],
            readTime: commitTime,
          },
        });
      }
    }
  }

  private queryChanges(
    target: QueryTarget,
    changes: readonly DocumentChangeEvent[],
    commitTime: string,
    out: ListenResponseJson[],
  ): void {
    for (const change of changes) {
      const matchesNow = change.after !== null && target.query.matches(change.after);
      const wasVisible = target.visible.has(change.key);
      if (matchesNow) {
        target.visible.set(change.key, change.after!.updateTime);
        out.push({
          documentChange: { document: this.documentFor(target, change.after!), targetIds: [target.id] },
        });
      } else if (wasVisible) {
        target.visible.delete(change.key);
        out.push(this.removal(change, target.id, commitTime));
      }
    }
  }

  private windowedQueryChanges(
    target: QueryTarget,
    changes: readonly DocumentChangeEvent[],
    commitTime: string,
    out: ListenResponseJson[],
  ): void {
    const relevant = changes.some(
      (c) => target.visible.has(c.key) || (c.after !== null && target.query.matches(c.after)),
    );
    if (!relevant) return;
    const result = target.query.run(this.host.state(this.db!));
    const now = new Map(result.map((d) => [d.key, d]));
    const byKey = new Map(changes.map((c) => [c.key, c]));
    for (const [key] of target.visible) {
      if (now.has(key)) continue;
      target.visible.delete(key);
      const change = byKey.get(key);
      out.push(
        change && !change.after
          ? this.removal(change, target.id, commitTime)
          : {
              documentRemove: {
                document: documentName(this.db!, key.split('/')),
                removedTargetIds: [target.id],
                readTime: commitTime,
              },
            },
      );
    }
    for (const doc of result) {
      if (target.visible.get(doc.key) === doc.updateTime) continue;
      target.visible.set(doc.key, doc.updateTime);
      out.push({ documentChange: { document: this.documentFor(target, doc), targetIds: [target.id] } });
    }
  }

  private removal(change: DocumentChangeEvent, targetId: number, readTime: string): ListenResponseJson {
    const document = documentName(this.db!, change.segments);
    return change.after
      ? { documentRemove: { document, removedTargetIds: [targetId], readTime } }
      : { documentDelete: { document, removedTargetIds: [targetId], readTime } };
  }
}

/** A stand-in for rules checks on a document that does not exist (resource == null in rules). */
function missingDocument(key: string, segments: string[]): StoredDocument {
  return { key, segments, fields: {}, createTime: '', updateTime: '', version: -1n };
}

export const isMissing = (doc: StoredDocument): boolean => doc.version === -1n;
