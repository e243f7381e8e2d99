/**
 * Reads in the past: the versions of each document that a commit replaced or deleted within the last hour, so a
 * get, a query, an aggregation or a read-only transaction at a `readTime` sees the database as it was then.
 * Production keeps every version for one hour (seven days with point-in-time recovery, not emulated).
 *
 * What is kept is small: a replaced version is the stored document as it was (its values are already shared
 * with the newer versions through the database's interner, so only what changed costs memory), and a document
 * that was only ever created keeps no history at all (before its first version it was missing). Versions leave
 * in the order they were replaced, when they are an hour old or when the database holds more than its cap;
 * a read before what is left answers production's "too old".
 */
import { failedPrecondition, invalidArgument } from './errors.js';
import type { CompiledQuery } from './query.js';
import type { DatabaseState, StoredDocument } from './state.js';
import { formatTimestamp, instantToMicros, microsToInstant, parseTimestamp } from './timestamps.js';

/** Production answers reads of the last hour (without point-in-time recovery). */
export const HISTORY_WINDOW_MICROS = 3_600_000_000n;
/**
 * The most replaced versions one database keeps (about 60 MB of the shop's orders, see `npm run bench`); the
 * oldest leave first, and reads before the last one to leave are refused as too old.
 */
export const MAX_KEPT_VERSIONS = 200_000;

/** Production's words for a read before the versions it keeps (FAILED_PRECONDITION). */
export const TOO_OLD = 'The requested snapshot version is too old.';

/** A version of a document and the commit (in microseconds) that replaced or deleted it. */
interface PastVersion {
  readonly doc: StoredDocument;
  readonly until: bigint;
}

export class DocumentHistory {
  /** key → the document's replaced versions, oldest first. */
  private readonly byKey = new Map<string, PastVersion[]>();
  /** Every kept version in the order it was replaced, so the oldest leave first; `head` is the first kept. */
  private queue: { key: string; version: PastVersion }[] = [];
  private head = 0;
  /** Reads before this moment (microseconds) cannot be answered: what was current then is gone. */
  private horizon: bigint;

  constructor(
    private readonly limits: { windowMicros: bigint; maxVersions: number } = {
      windowMicros: HISTORY_WINDOW_MICROS,
      maxVersions: MAX_KEPT_VERSIONS,
    },
    /** When this history begins: the database's state was empty, or loaded from disk, at that moment. */
    since: bigint = wallMicros(),
  ) {
    this.horizon = since;
  }

  /** Number of replaced versions kept. */
  get size(): number {
    return this.queue.length - this.head;
  }

  /** `replaced` stopped being current at `until` (a commit changed or deleted it). */
  record(replaced: StoredDocument, until: bigint): void {
    const version: PastVersion = { doc: replaced, until };
    let versions = this.byKey.get(replaced.key);
    if (!versions) {
      versions = [];
      this.byKey.set(replaced.key, versions);
    }
    versions.push(version);
    this.queue.push({ key: replaced.key, version });
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
      const { key, version } = this.queue[this.head];
      if (version.until > oldest && this.size <= this.limits.maxVersions) break;
      this.queue[this.head] = undefined as never;
      this.head++;
      const versions = this.byKey.get(key)!;
      versions.shift();
      if (versions.length === 0) this.byKey.delete(key);
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
      const { doc, until } = versions[i];
      if (until <= at) break;
      if (doc.version <= at) return doc;
    }
    return null;
  }

  /** Keys that have replaced versions (a deleted document's only trace is here). */
  keys(): Iterable<string> {
    return this.byKey.keys();
  }
}

/** A read's point in time: its microseconds (to read at) and its timestamp (to answer with). */
export interface PastRead {
  micros: bigint;
  readTime: string;
}

/** The point in time a read asks for, checked against what the database keeps; none: read the latest. */
export function pastRead(
  state: DatabaseState,
  readTime: string | undefined,
  latestCommit: string,
): PastRead | undefined {
  if (readTime === undefined) return undefined;
  const micros = state.history.readableAt(readTime, latestCommit);
  return { micros, readTime: answeredReadTime(readTime, latestCommit) };
}

/** The read time an answer names: the one asked for (to the microsecond kept), else the latest commit's. */
export function answeredReadTime(requested: string | undefined, latestCommit: string): string {
  if (requested === undefined) return latestCommit;
  return formatTimestamp(microsToInstant(instantToMicros(parseTimestamp(requested))));
}

/** A document as it was at `at` (null: missing then). */
export function documentAt(state: DatabaseState, key: string, at: bigint): StoredDocument | null {
  return state.history.versionAt(key, state.get(key), at);
}

/** Every document as it was at `at`, current ones and since-deleted ones alike. */
function* allAt(state: DatabaseState, scope: Iterable<StoredDocument>, at: bigint): Iterable<StoredDocument> {
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
export function queryAt(state: DatabaseState, query: CompiledQuery, at: bigint): StoredDocument[] {
  const result: StoredDocument[] = [];
  for (const doc of allAt(state, query.run(state, { scopeOnly: true }), at)) {
    if (query.matches(doc)) result.push(doc);
  }
  result.sort((a, b) => query.compare(a, b));
  const end = query.limit === undefined ? undefined : query.offset + query.limit;
  return result.slice(query.offset, end);
}

/** Ids of the collections directly below `parentKey` that held a document at `at`. */
export function collectionIdsAt(state: DatabaseState, parentKey: string, at: bigint): string[] {
  const ids = new Set<string>();
  const prefix = parentKey === '' ? '' : parentKey + '/';
  for (const doc of allAt(state, state.all(), at)) {
    if (doc.key.startsWith(prefix)) ids.add(doc.key.slice(prefix.length).split('/')[0]);
  }
  return [...ids].sort();
}

const wallMicros = (): bigint => BigInt(Date.now()) * 1000n;
