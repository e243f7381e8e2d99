/** The open Listen streams of each database, and the fan-out of every commit's changes to them. */
import { dbKey } from '../databases.js';
import type { DocumentChangeEvent, ListenStream } from './listen.js';
import type { DatabaseId } from '../paths.js';

export class ListenFanOut {
  private readonly streams = new Map<string, Set<ListenStream>>();
  private readonly streamDb = new Map<ListenStream, string>();

  /** `onListenerError` is told when a stream failed while being sent a commit (and was ended). */
  constructor(private readonly onListenerError: (error: unknown) => void) {}

  register(stream: ListenStream, db: DatabaseId): void {
    const key = dbKey(db);
    let set = this.streams.get(key);
    if (!set) {
      set = new Set();
      this.streams.set(key, set);
    }
    set.add(stream);
    this.streamDb.set(stream, key);
  }

  unregister(stream: ListenStream): void {
    const key = this.streamDb.get(stream);
    if (key === undefined) return;
    this.streams.get(key)?.delete(stream);
    this.streamDb.delete(stream);
  }

  /** Number of open Listen streams (a disconnected client must not leave one behind). */
  get size(): number {
    return this.streamDb.size;
  }

  notify(db: DatabaseId, changes: DocumentChangeEvent[], commitTime: string): void {
    const streams = this.streams.get(dbKey(db));
    if (!streams || streams.size === 0) return;
    const token = Buffer.from(`v1:${commitTime}`).toString('base64');
    for (const stream of [...streams]) {
      // One listener's failure (a transport that throws, a fault in one of its targets) must neither cost the
      // other listeners this commit nor fail the commit, which is already applied: that stream alone is ended.
      try {
        stream.onCommit(changes, commitTime, token);
      } catch (error) {
        stream.fail(error);
        this.onListenerError(error);
      }
    }
  }
}
