/**
 * Per-document shared/exclusive locks for the server SDKs' read-write transactions: a read holds its lock
 * until the transaction ends (./transactions.ts says which mode), a commit needs exclusive locks on what it
 * writes. Conflicts are settled by wound-wait: a request older than a conflicting holder wounds it (the
 * holder is aborted and its locks freed), a younger one waits, and waiters are let in oldest first. Waiting
 * never blocks the event loop: a waiter is a promise, granted when the holders release or rejected with
 * ABORTED when its wait runs out.
 */
import { aborted } from '../errors.js';

export type LockMode = 'shared' | 'exclusive';

/** Whoever holds locks: a transaction, or a single write outside one for the length of its commit. */
export interface LockOwner {
  readonly id: string;
  /** Smaller is older; the older of two conflicting owners wins. */
  readonly priority: number;
  /** Called when an older owner needs what this one holds: abort it and free its locks (see abandon). */
  wound(): void;
}

interface Holding {
  owner: LockOwner;
  mode: LockMode;
}

interface Waiter {
  owner: LockOwner;
  mode: LockMode;
  grant(): void;
  fail(error: Error): void;
}

interface Lock {
  holders: Map<string, Holding>;
  waiters: Waiter[];
}

export interface LockManagerOptions {
  /** How long a request may wait for a lock before it is answered with ABORTED. */
  waitTimeoutMs: number;
}

export class LockManager {
  private readonly locks = new Map<string, Lock>();
  /** owner id → the keys it holds. */
  private readonly held = new Map<string, Set<string>>();
  private readonly draining = new Set<string>();
  private readonly redrain = new Set<string>();
  waitTimeoutMs: number;

  constructor(options: LockManagerOptions) {
    this.waitTimeoutMs = options.waitTimeoutMs;
  }

  /**
   * Takes `mode` locks on every key for `owner`. Answers undefined when all were granted at once (the caller
   * may go on synchronously), otherwise a promise that settles when the rest are granted or one wait fails.
   * Keys are taken in sorted order so two owners asking for the same set meet on the same first key.
   */
  acquire(owner: LockOwner, keys: Iterable<string>, mode: LockMode): Promise<void> | undefined {
    const sorted = [...new Set(keys)].sort();
    for (let i = 0; i < sorted.length; i++) {
      if (this.tryGrant(owner, sorted[i], mode)) continue;
      const rest = sorted.slice(i);
      return (async () => {
        for (const key of rest) await this.acquireOne(owner, key, mode);
      })();
    }
    return undefined;
  }

  /** Whether `owner` holds `key` in `mode` (exclusive also satisfies shared). */
  holds(ownerId: string, key: string, mode: LockMode = 'shared'): boolean {
    const holding = this.locks.get(key)?.holders.get(ownerId);
    return holding !== undefined && (mode === 'shared' || holding.mode === 'exclusive');
  }

  /** Whether `ownerId` is waiting for a lock (a transaction waiting is not idle). */
  waiting(ownerId: string): boolean {
    for (const lock of this.locks.values()) if (lock.waiters.some((w) => w.owner.id === ownerId)) return true;
    return false;
  }

  /** Keys with a holder or a waiter (for tests and the console). */
  get size(): number {
    return this.locks.size;
  }

  /** Frees everything `ownerId` holds and lets the waiters behind it in. */
  release(ownerId: string): void {
    const keys = this.held.get(ownerId);
    if (!keys) return;
    this.held.delete(ownerId);
    for (const key of keys) {
      const lock = this.locks.get(key);
      if (!lock) continue;
      lock.holders.delete(ownerId);
      this.drain(key);
    }
  }

  /** Fails the owner's pending waits with `error` and frees its locks: a wounded or expired transaction. */
  abandon(ownerId: string, error: Error): void {
    for (const [key, lock] of this.locks) {
      const mine = lock.waiters.filter((w) => w.owner.id === ownerId);
      if (mine.length === 0) continue;
      lock.waiters = lock.waiters.filter((w) => w.owner.id !== ownerId);
      for (const waiter of mine) waiter.fail(error);
      this.forgetIfIdle(key, lock);
    }
    this.release(ownerId);
  }

  private acquireOne(owner: LockOwner, key: string, mode: LockMode): Promise<void> {
    if (this.tryGrant(owner, key, mode)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const lock = this.lockOf(key);
      const timer = setTimeout(() => {
        lock.waiters = lock.waiters.filter((w) => w !== waiter);
        this.forgetIfIdle(key, lock);
        reject(
          aborted(
            `Transaction lock timeout: waited ${this.waitTimeoutMs} ms for a lock on /${key.split('/').slice(2).join('/')} held by another transaction. Retry the transaction.`,
          ),
        );
      }, this.waitTimeoutMs);
      timer.unref?.();
      const waiter: Waiter = {
        owner,
        mode,
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
        fail: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      lock.waiters.push(waiter);
    });
  }

  /** Grants the lock if no conflicting holder is left after wounding the younger ones. */
  private tryGrant(owner: LockOwner, key: string, mode: LockMode): boolean {
    const lock = this.lockOf(key);
    for (const holding of [...lock.holders.values()]) {
      if (conflicts(owner, mode, holding) && owner.priority < holding.owner.priority) holding.owner.wound();
    }
    if ([...lock.holders.values()].some((holding) => conflicts(owner, mode, holding))) return false;
    const mine = lock.holders.get(owner.id);
    lock.holders.set(owner.id, { owner, mode: mine?.mode === 'exclusive' ? 'exclusive' : mode });
    let keys = this.held.get(owner.id);
    if (!keys) this.held.set(owner.id, (keys = new Set()));
    keys.add(key);
    return true;
  }

  /**
   * Lets in, oldest first, every waiter that no longer conflicts (wounding younger holders first). Ages are
   * the order transactions began in and a retry keeps its age, so the queue is fair: no one waits forever.
   */
  private drain(key: string): void {
    if (this.draining.has(key)) {
      // Reached again while wounding inside this drain: the outer loop looks once more.
      this.redrain.add(key);
      return;
    }
    this.draining.add(key);
    try {
      do {
        this.redrain.delete(key);
        const lock = this.locks.get(key);
        if (!lock) return;
        const byAge = [...lock.waiters].sort((a, b) => a.owner.priority - b.owner.priority);
        for (const waiter of byAge) {
          if (!lock.waiters.includes(waiter)) continue;
          if (!this.tryGrant(waiter.owner, key, waiter.mode)) continue;
          lock.waiters = lock.waiters.filter((w) => w !== waiter);
          waiter.grant();
        }
        this.forgetIfIdle(key, lock);
      } while (this.redrain.has(key));
    } finally {
      this.draining.delete(key);
    }
  }

  private lockOf(key: string): Lock {
    let lock = this.locks.get(key);
    if (!lock) this.locks.set(key, (lock = { holders: new Map(), waiters: [] }));
    return lock;
  }

  private forgetIfIdle(key: string, lock: Lock): void {
    if (lock.holders.size === 0 && lock.waiters.length === 0) this.locks.delete(key);
  }
}

/** Two different owners conflict unless both want shared locks. */
function conflicts(owner: LockOwner, mode: LockMode, holding: Holding): boolean {
  return holding.owner.id !== owner.id && (mode === 'exclusive' || holding.mode === 'exclusive');
}
