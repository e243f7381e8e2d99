/**
 * Reads in the past: the versions of each document that a commit replaced or deleted within the last hour, so a
 * get, a query, an aggregation or a read-only transaction at a `readTime` sees the database as it was then.
 * Production keeps every version for one hour (seven days with point-in-time recovery, not emulated).
 *
 * What is kept is small: a replaced version keeps only the fields the next version changed (rebuilt on read),
 * a deleted one its fields whole, and a document that was only ever created keeps nothing (before its first
 * version it was missing). Versions leave in the order they were replaced, when they are an hour old or when
 * the database holds more than its cap; a read before what is left answers production's "too old".
 */
import { isDeepStrictEqual } from 'node:util';
import { failedPrecondition, invalidArgument } from './errors.js';
import type { CompiledQuery } from './query/query.js';
import type { Fields, Value } from './types.js';
import type { QueryableDatabase } from './query/query-shape.js';
import type { StoredDocument } from './stored-document.js';
import { formatTimestamp, instantToMicros, microsToInstant, parseTimestamp } from './timestamps.js';

/** The part of a database a read in the past needs: its current documents and the versions they replaced. */
export interface HistoricDatabase extends QueryableDatabase {
  readonly history: DocumentHistory;
  get(key: string): StoredDocument | undefined;
  all(): Iterable<StoredDocument>;
}

/** Production answers reads of the last hour (without point-in-time recovery). */
const HISTORY_WINDOW_MICROS = 3_600_000_000n;
/**
 * The most replaced versions one database keeps (~260 bytes each for an order's status change, see
 * `npm run bench`: ~50 MB at the cap); the oldest leave first, and reads before the last to leave are too old.
 */
const MAX_KEPT_VERSIONS = 200_000;

/** Production's words for a read before the versions it keeps (FAILED_PRECONDITION). */
export const TOO_OLD = 'The requested snapshot version is too old.';

/**
 * A version of a document that a commit (`until`, in microseconds) replaced or deleted. A replaced version keeps
 * only what differs from the version after it (`changed`: a field's value then, null where it had none), a
 * deleted one keeps its whole fields: a status change of an order costs two values, not a copy of the order.
 */
class PastVersion {
  constructor(
    readonly key: string,
    readonly until: bigint,
    readonly version: bigint,
    readonly updateTime: string,
    /** Set on a deleted version: its fields and creation, as there is no later version to start from. */
    readonly whole: { fields: Fields; createTime: string } | undefined,
    readonly changed: Readonly<Record<string, Value | null>> | undefined,
  ) {}
}

export class DocumentHistory {
  /** key → the document's replaced versions, oldest first. */
  private readonly byKey = new Map<string, PastVersion[]>();
  /**
   * Every kept version in the order it was replaced, so the oldest leave first; `head` is the first kept. The
   * slots before it are emptied, so a pruned version can be collected before the front is cut off.
   */
  private queue: (PastVersion | undefined)[] = [];
  private head = 0;
  /** Reads before this moment (microseconds) cannot be answered: what was current then is gone. */
  private horizon: bigint;

  constructor(
    private readonly limits: { windowMicros: bigint; maxVersions: number } = {
      windowMicros: HISTORY_WINDOW_MICROS,
      maxVersions: MAX_KEPT_VERSIONS,
    },
    /**
     * When this history begins. A database the emulator has just created was empty before (0: any moment of
     * the hour can be read); one loaded from disk or imported restarts its history at that moment.
     */
    since = 0n,
  ) {
    this.horizon = since;
  }

  /** Number of replaced versions kept. */
  get size(): number {
    return this.queue.length - this.head;
  }

  /** `replaced` stopped being current at `until`, when a commit changed it into `next` or deleted it (null). */
  record(replaced: StoredDocument, next: StoredDocument | null, until: bigint): void {
    // One shape for every version (a class, not spread literals), so V8 keeps them small.
    const version = new PastVersion(
      replaced.key,
      until,
      replaced.version,
      replaced.updateTime,
      next ? undefined : { fields: replaced.fields, createTime: replaced.createTime },
      next ? differences(replaced.fields, next.fields) : undefined,
    );
    const versions = this.byKey.get(replaced.key);
    // Most documents have one kept version: an array literal holds just it (push would reserve 17 slots).
    if (versions) versions.push(version);
    else this.byKey.set(replaced.key, [version]);
    this.queue.push(version);
    this.prune(until);
  }

  /** Forgets every version, and every read before `since` (a reset or an import rewrote the database). */
  restart(since: bigint = wallMicros()): void {
    this.byKey.clear();
    this.queue = [];
    this.head = 0;
    this.horizon = since;
  }

  /** Drops the versions older than the window, and the oldest beyond the cap. */
  prune(nowMicros: bigint): void {
    const oldest = nowMicros - this.limits.windowMicros;
    while (this.head < this.queue.length) {
      const version = this.queue[this.head];
      if (version === undefined || (version.until > oldest && this.size <= this.limits.maxVersions)) break;
      this.queue[this.head] = undefined;
      this.head++;
      // The oldest leaves first, and a version only needs the ones after it: the rest still read whole.
      const versions = this.byKey.get(version.key)!;
      versions.shift();
      if (versions.length === 0) this.byKey.delete(version.key);
      if (version.until > this.horizon) this.horizon = version.until;
    }
    // The queue's front is cut off now and then, not at every shift (which would copy it each time).
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  /**
   * The microseconds a read's `readTime` names, once it is known to be answerable: not in the future, not
   * before what is kept (production's FAILED_PRECONDITION "too old").
   */
  readableAt(readTime: string, latestCommit: string): bigint {
    const at = instantToMicros(parseTimestamp(readTime));
    const latest = instantToMicros(parseTimestamp(latestCommit));
    const now = latest > wallMicros() ? latest : wallMicros();
    if (at > now) throw invalidArgument('read_time cannot be in the future');
    this.prune(now);
    if (at < this.horizon || at < now - this.limits.windowMicros) throw failedPrecondition(TOO_OLD);
    return at;
  }

  /** The version of `key` current at `at` (null: missing then); `current` is the document now. */
  versionAt(key: string, current: StoredDocument | undefined, at: bigint): StoredDocument | null {
    if (current && current.version <= at) return current;
    const versions = this.byKey.get(key);
    if (!versions) return null;
    for (let i = versions.length - 1; i >= 0; i--) {
      const { until, version } = versions[i];
      if (until <= at) break;
      if (version <= at) return rebuild(versions, i, current);
    }
    return null;
  }

  /** Keys that have replaced versions (a deleted document's only trace is here). */
  keys(): Iterable<string> {
    return this.byKey.keys();
  }
}

/** What `before` holds that `after` does not: each changed or removed field's value, null for an added one. */
function differences(before: Fields, after: Fields): Record<string, Value | null> {
  const changed: Record<string, Value | null> = {};
  // A write may hand on an unchanged value as an equal copy rather than the same object: compared whole,
  // exactly (an integer 1 is not a double 1.0 here).
  for (const [name, value] of Object.entries(before)) {
    const now = after[name];
    if (now !== value && !isDeepStrictEqual(now, value)) changed[name] = value;
  }
  for (const name of Object.keys(after)) if (!(name in before)) changed[name] = null;
  return changed;
}

/**
 * Version `index` whole: from the first later version kept whole (or the current document), each later
 * version's differences undone back to it. Every version between belongs to the same life of the document.
 */
function rebuild(
  versions: readonly PastVersion[],
  index: number,
  current: StoredDocument | undefined,
): StoredDocument | null {
  let start = index;
  while (start < versions.length && !versions[start].whole) start++;
  const base = start < versions.length ? versions[start].whole! : current;
  if (!base) return null;
  let fields = base.fields;
  for (let i = start - 1; i >= index; i--) {
    fields = { ...fields };
    for (const [name, value] of Object.entries(versions[i].changed ?? {})) {
      if (value === null) delete fields[name];
      else fields[name] = value;
    }
  }
  const { key, version, updateTime } = versions[index];
  return {
    key,
    segments: current?.segments ?? key.split('/'),
    fields,
    createTime: base.createTime,
    updateTime,
    version,
  };
}

/**
 * The moment (microseconds) a read asks for, checked against what the database keeps (an answerable moment
 * or an error); none: read the latest (no moment asked for, or nothing committed since it).
 */
export function pastRead(
  state: HistoricDatabase,
  readTime: string | undefined,
  latestCommit: string,
): bigint | undefined {
  if (readTime === undefined) return undefined;
  const micros = state.history.readableAt(readTime, latestCommit);
  // Nothing was committed since that moment: the latest data is the answer, served from the indexes.
  if (micros >= instantToMicros(parseTimestamp(latestCommit))) return undefined;
  return micros;
}

/** The read time an answer names: the one asked for (to the microsecond kept), else the latest commit's. */
export function answeredReadTime(requested: string | undefined, latestCommit: string): string {
  if (requested === undefined) return latestCommit;
  return formatTimestamp(microsToInstant(instantToMicros(parseTimestamp(requested))));
}

/** A document as it was at `at` (null: missing then). */
export function documentAt(state: HistoricDatabase, key: string, at: bigint): StoredDocument | null {
  return state.history.versionAt(key, state.get(key), at);
}

/** Every document as it was at `at`, current ones and since-deleted ones alike. */
function* allAt(
  state: HistoricDatabase,
  scope: Iterable<StoredDocument>,
  at: bigint,
): Iterable<StoredDocument> {
  for (const doc of scope) {
    const then = state.history.versionAt(doc.key, doc, at);
    if (then) yield then;
  }
  for (const key of state.history.keys()) {
    if (state.get(key)) continue;
    const then = state.history.versionAt(key, undefined, at);
    if (then) yield then;
  }
}

/** A query's answer as it would have been at `at`: matching, ordered, offset and limit applied. */
export function queryAt(state: HistoricDatabase, query: CompiledQuery, at: bigint): StoredDocument[] {
  const result: StoredDocument[] = [];
  for (const doc of allAt(state, query.run(state, { scopeOnly: true }), at)) {
    if (query.matches(doc)) result.push(doc);
  }
  result.sort((a, b) => query.compare(a, b));
  const end = query.limit === undefined ? undefined : query.offset + query.limit;
  return result.slice(query.offset, end);
}

/** Ids of the collections directly below `parentKey` that held a document at `at`. */
export function collectionIdsAt(state: HistoricDatabase, parentKey: string, at: bigint): string[] {
  const ids = new Set<string>();
  const prefix = parentKey === '' ? '' : parentKey + '/';
  for (const doc of allAt(state, state.all(), at)) {
    if (doc.key.startsWith(prefix)) ids.add(doc.key.slice(prefix.length).split('/')[0]);
  }
  return [...ids].sort();
}

const wallMicros = (): bigint => BigInt(Date.now()) * 1000n;
