/**
 * Per-document shared/exclusive locks for the server SDKs' read-write transactions: a read holds its lock
 * until the transaction ends (./transactions.ts says which mode), a commit needs exclusive locks on what it
 * writes. Conflicts are settled by wound-wait: a request older than a conflicting holder wounds it (the
 * holder is aborted and its locks freed), a younger one waits, and waiters are let in oldest first. Waiting
 * never blocks the event loop: a waiter is a promise, granted when the holders release or rejected with
 * ABORTED when its wait runs out.
 *
 * An exclusive lock taken by a read yields to a younger read when its holder is idle (no request of it in
 * flight and none for `yieldAfterMs`): the holder keeps a shared lock and the reader gets one, as with
 * shared read locks, so a client that holds a read while it waits for another transaction cannot deadlock.
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
  /** How long (ms) the owner has made no request; 0 while one is in flight. Without it, never idle. */
  idleFor?(): number;
}

interface Holding {
  owner: LockOwner;
  mode: LockMode;
  /** Taken by reads only: an exclusive one may yield to a younger read (see yieldAfterMs). */
  read: boolean;
}

interface Waiter {
  owner: LockOwner;
  mode: LockMode;
  read: boolean;
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
  /**
   * How long the holder of an exclusive read lock must have been idle before a younger read waiting for it
   * is let in, the holder's lock downgraded to shared. Default: never (a read's exclusive lock never yields).
   */
  yieldAfterMs?: number;
}

export class LockManager {
  private readonly locks = new Map<string, Lock>();
  /** owner id → the keys it holds. */
  private readonly held = new Map<string, Set<string>>();
  private readonly draining = new Set<string>();
  private readonly redrain = new Set<string>();
  /** owner id → when it was last granted a lock: it is busy until its request has gone on. */
  private readonly grantedAt = new Map<string, number>();
  /** key → the timer that looks again whether an idle holder lets a waiting read in. */
  private readonly yieldTimers = new Map<string, NodeJS.Timeout>();
  waitTimeoutMs: number;
  readonly yieldAfterMs: number;

  constructor(options: LockManagerOptions) {
    this.waitTimeoutMs = options.waitTimeoutMs;
    this.yieldAfterMs = options.yieldAfterMs ?? Infinity;
  }

  /**
   * Takes `mode` locks on every key for `owner`. Answers undefined when all were granted at once (the caller
   * may go on synchronously), otherwise a promise that settles when the rest are granted or one wait fails.
   * Keys are taken in sorted order so two owners asking for the same set meet on the same first key.
   * `read`: the locks are for a read (an exclusive one may yield, see yieldAfterMs).
   */
  acquire(owner: LockOwner, keys: Iterable<string>, mode: LockMode, read = false): Promise<void> | undefined {
    const sorted = [...new Set(keys)].sort();
    for (let i = 0; i < sorted.length; i++) {
      if (this.tryGrant(owner, sorted[i], mode, read)) continue;
      const rest = sorted.slice(i);
      return (async () => {
        for (const key of rest) await this.acquireOne(owner, key, mode, read);
      })();
    }
    return undefined;
  }

  /** Whether `owner` holds `key` in `mode` (exclusive also satisfies shared). */
  holds(ownerId: string, key: string, mode: LockMode = 'shared'): boolean {
    const holding = this.locks.get(key)?.holders.get(ownerId);
    return holding !== undefined && (mode === 'shared' || holding.mode === 'exclusive');
  }

  /** Whether anyone holds `key`. */
  isHeld(key: string): boolean {
    return (this.locks.get(key)?.holders.size ?? 0) > 0;
  }

  /** Whether `ownerId` is waiting for a lock (a transaction waiting is not idle). */
  waiting(ownerId: string): boolean {
    for (const lock of this.locks.values()) if (lock.waiters.some((w) => w.owner.id === ownerId)) return true;
    return false;
  }

  /** Requests waiting for a lock (for tests). */
  get waiters(): number {
    let count = 0;
    for (const lock of this.locks.values()) count += lock.waiters.length;
    return count;
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
    this.grantedAt.delete(ownerId);
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

  private acquireOne(owner: LockOwner, key: string, mode: LockMode, read: boolean): Promise<void> {
    if (this.tryGrant(owner, key, mode, read)) return Promise.resolve();
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
        read,
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
      this.armYield(key);
    });
  }

  /**
   * Grants the lock if no conflicting holder is left after wounding the younger ones. A read whose only
   * conflicting holders are idle readers is granted a shared lock, their locks downgraded to shared.
   */
  private tryGrant(owner: LockOwner, key: string, mode: LockMode, read = false): boolean {
    const lock = this.lockOf(key);
    for (const holding of [...lock.holders.values()]) {
      if (conflicts(owner, mode, holding) && owner.priority < holding.owner.priority) holding.owner.wound();
    }
    const blockers = [...lock.holders.values()].filter((holding) => conflicts(owner, mode, holding));
    if (blockers.length > 0) {
      if (!read || !blockers.every((holding) => holding.read && this.idle(holding.owner))) return false;
      for (const holding of blockers) holding.mode = 'shared';
      mode = 'shared';
    }
    const mine = lock.holders.get(owner.id);
    lock.holders.set(owner.id, {
      owner,
      mode: mine?.mode === 'exclusive' ? 'exclusive' : mode,
      read: read && (mine?.read ?? true),
    });
    this.grantedAt.set(owner.id, Date.now());
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
          if (!this.tryGrant(waiter.owner, key, waiter.mode, waiter.read)) continue;
          lock.waiters = lock.waiters.filter((w) => w !== waiter);
          waiter.grant();
        }
        this.forgetIfIdle(key, lock);
      } while (this.redrain.has(key));
    } finally {
      this.draining.delete(key);
    }
    this.armYield(key);
  }

  private idle(owner: LockOwner): boolean {
    return this.idleFor(owner) >= this.yieldAfterMs;
  }

  /** The owner's idle time, counting its last grant as activity (the request it answers is still on). */
  private idleFor(owner: LockOwner): number {
    const granted = Date.now() - (this.grantedAt.get(owner.id) ?? -Infinity);
    return Math.min(owner.idleFor?.() ?? 0, granted);
  }

  /**
   * While a read waits, looks again when the holders that read could have been idle long enough to let it
   * in (their requests touch them, so this is the earliest moment, not a certainty).
   */
  private armYield(key: string): void {
    if (this.yieldAfterMs === Infinity || this.yieldTimers.has(key)) return;
    const lock = this.locks.get(key);
    if (!lock?.waiters.some((w) => w.read)) return;
    const idleFor = Math.min(...[...lock.holders.values()].map((h) => this.idleFor(h.owner)));
    const timer = setTimeout(
      () => {
        this.yieldTimers.delete(key);
        this.drain(key);
      },
      Math.max(1, this.yieldAfterMs - idleFor),
    );
    timer.unref?.();
    this.yieldTimers.set(key, timer);
  }

  private lockOf(key: string): Lock {
    let lock = this.locks.get(key);
    if (!lock) this.locks.set(key, (lock = { holders: new Map(), waiters: [] }));
    return lock;
  }

  private forgetIfIdle(key: string, lock: Lock): void {
    if (lock.holders.size > 0 || lock.waiters.length > 0) return;
    this.locks.delete(key);
    clearTimeout(this.yieldTimers.get(key));
    this.yieldTimers.delete(key);
  }
}

/** Two different owners conflict unless both want shared locks. */
function conflicts(owner: LockOwner, mode: LockMode, holding: Holding): boolean {
  return holding.owner.id !== owner.id && (mode === 'exclusive' || holding.mode === 'exclusive');
}
