import { describe, expect, it } from 'vitest';
import { FirestoreError } from '../errors.js';
import { LockManager, type LockOwner } from './locks.js';

/** An owner whose wound aborts it the way the transaction registry does: its waits fail, its locks go. */
function owners(locks: LockManager) {
  const wounded: string[] = [];
  const make = (id: string, priority: number): LockOwner => ({
    id,
    priority,
    wound: () => {
      wounded.push(id);
      locks.abandon(id, new FirestoreError('ABORTED', `${id} wounded`));
    },
  });
  return { make, wounded };
}

const settled = async (promise: Promise<unknown> | undefined) => {
  let state = 'pending';
  promise?.then(
    () => (state = 'granted'),
    () => (state = 'failed'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return promise === undefined ? 'granted at once' : state;
};

describe('document locks', () => {
  it('lets readers share a document and answers at once when nothing conflicts', () => {
    const locks = new LockManager({ waitTimeoutMs: 1000 });
    const { make } = owners(locks);
    expect(locks.acquire(make('a', 1), ['p/d/jars/mango'], 'shared')).toBeUndefined();
    expect(locks.acquire(make('b', 2), ['p/d/jars/mango'], 'shared')).toBeUndefined();
    expect(locks.holds('a', 'p/d/jars/mango')).toBe(true);
    expect(locks.holds('b', 'p/d/jars/mango')).toBe(true);
    expect(locks.holds('a', 'p/d/jars/mango', 'exclusive')).toBe(false);
  });

  it('says whether anyone holds a key, and forgets it once released', () => {
    const locks = new LockManager({ waitTimeoutMs: 1000 });
    const { make } = owners(locks);
    expect(locks.isHeld('range:p/d|shelf')).toBe(false);
    locks.acquire(make('a', 1), ['range:p/d|shelf'], 'exclusive', true);
    expect(locks.isHeld('range:p/d|shelf')).toBe(true);
    locks.release('a');
    expect(locks.isHeld('range:p/d|shelf')).toBe(false);
  });

  it('upgrades the only reader to a writer at once', () => {
    const locks = new LockManager({ waitTimeoutMs: 1000 });
    const { make } = owners(locks);
    const a = make('a', 1);
    locks.acquire(a, ['k'], 'shared');
    expect(locks.acquire(a, ['k'], 'exclusive')).toBeUndefined();
    expect(locks.holds('a', 'k', 'exclusive')).toBe(true);
  });

  it('queues readers that take exclusive locks, lets them in oldest first and wounds none', async () => {
    const locks = new LockManager({ waitTimeoutMs: 5000 });
    const { make, wounded } = owners(locks);
    const jar = 'p/d/products/lime';
    expect(locks.acquire(make('first', 1), [jar], 'exclusive')).toBeUndefined();
    // The youngest asks first: the queue still goes by age.
    const third = locks.acquire(make('third', 3), [jar], 'exclusive');
    const second = locks.acquire(make('second', 2), [jar], 'exclusive');
    expect([await settled(second), await settled(third)]).toEqual(['pending', 'pending']);
    locks.release('first');
    expect([await settled(second), await settled(third)]).toEqual(['granted', 'pending']);
    locks.release('second');
    expect(await settled(third)).toBe('granted');
    expect(wounded).toEqual([]);
  });

  it('lets a waiting read in beside an idle reader’s exclusive lock, both then shared, and never an active one’s', async () => {
    const locks = new LockManager({ waitTimeoutMs: 5000, yieldAfterMs: 20 });
    const { make, wounded } = owners(locks);
    const idleSince = new Map<string, number>();
    const reader = (id: string, priority: number): LockOwner => ({
      ...make(id, priority),
      idleFor: () => (idleSince.has(id) ? Date.now() - idleSince.get(id)! : 0),
    });
    const jar = 'p/d/products/lime';
    const [first, second, third] = [reader('first', 1), reader('second', 2), reader('third', 3)];
    expect(locks.acquire(first, [jar], 'exclusive', true)).toBeUndefined();
    const secondRead = locks.acquire(second, [jar], 'exclusive', true);
    // The holder is busy (a request in flight): the read waits past the yield time.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await settled(secondRead)).toBe('pending');
    idleSince.set('first', Date.now());
    await secondRead;
    expect([locks.holds('first', jar, 'exclusive'), locks.holds('first', jar)]).toEqual([false, true]);
    expect([locks.holds('second', jar, 'exclusive'), locks.holds('second', jar)]).toEqual([false, true]);
    // A commit's exclusive lock never yields: the third's read waits, though the second is idle too.
    idleSince.set('second', Date.now());
    expect(locks.acquire(second, ['p/d/orders/o1'], 'exclusive')).toBeUndefined();
    const thirdRead = locks.acquire(third, ['p/d/orders/o1'], 'exclusive', true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await settled(thirdRead)).toBe('pending');
    // The older reader's commit wounds the younger one that read beside it: wound-wait as with shared locks.
    expect(locks.acquire(first, [jar], 'exclusive')).toBeUndefined();
    expect(wounded).toEqual(['second']);
    expect(await settled(thirdRead)).toBe('granted');
  });

  it('makes a younger writer wait for an older reader, and lets it in when the reader ends', async () => {
    const locks = new LockManager({ waitTimeoutMs: 5000 });
    const { make, wounded } = owners(locks);
    locks.acquire(make('old', 1), ['k'], 'shared');
    const young = locks.acquire(make('young', 2), ['k'], 'exclusive');
    expect(await settled(young)).toBe('pending');
    expect(wounded).toEqual([]);
    locks.release('old');
    expect(await settled(young)).toBe('granted');
    expect(locks.holds('young', 'k', 'exclusive')).toBe(true);
  });

  it('lets an older writer wound a younger reader and take the lock at once (wound-wait)', () => {
    const locks = new LockManager({ waitTimeoutMs: 5000 });
    const { make, wounded } = owners(locks);
    locks.acquire(make('young', 2), ['k'], 'shared');
    expect(locks.acquire(make('old', 1), ['k'], 'exclusive')).toBeUndefined();
    expect(wounded).toEqual(['young']);
    expect(locks.holds('young', 'k')).toBe(false);
  });

  it('breaks the two-readers-both-write deadlock: the older commits, the younger is aborted', async () => {
    const locks = new LockManager({ waitTimeoutMs: 5000 });
    const { make, wounded } = owners(locks);
    const old = make('old', 1);
    const young = make('young', 2);
    locks.acquire(old, ['k'], 'shared');
    locks.acquire(young, ['k'], 'shared');
    const youngCommit = locks.acquire(young, ['k'], 'exclusive');
    expect(await settled(youngCommit)).toBe('pending');
    expect(locks.acquire(old, ['k'], 'exclusive')).toBeUndefined();
    expect(wounded).toEqual(['young']);
    await expect(youngCommit).rejects.toMatchObject({ status: 'ABORTED' });
  });

  it('answers a wait that outlasts the lock timeout with ABORTED and forgets it', async () => {
    const locks = new LockManager({ waitTimeoutMs: 30 });
    const { make } = owners(locks);
    locks.acquire(make('holder', 1), ['p/d/jars/lime'], 'exclusive');
    const waiting = locks.acquire(make('waiter', 2), ['p/d/jars/lime'], 'shared');
    await expect(waiting).rejects.toMatchObject({
      status: 'ABORTED',
      message: expect.stringMatching(/\/jars\/lime/),
    });
    locks.release('holder');
    expect(locks.size).toBe(0);
  });

  it('takes several keys in one order, so two owners asking for the same set do not deadlock', async () => {
    const locks = new LockManager({ waitTimeoutMs: 5000 });
    const { make, wounded } = owners(locks);
    expect(locks.acquire(make('a', 1), ['y', 'x'], 'exclusive')).toBeUndefined();
    const b = locks.acquire(make('b', 2), ['x', 'y'], 'exclusive');
    expect(await settled(b)).toBe('pending');
    // b waits on x, the first key, holding nothing: a release of a lets it take both.
    expect(locks.holds('b', 'y')).toBe(false);
    locks.release('a');
    expect(await settled(b)).toBe('granted');
    expect(locks.holds('b', 'x', 'exclusive') && locks.holds('b', 'y', 'exclusive')).toBe(true);
    expect(wounded).toEqual([]);
  });

  it('fails the pending waits of an abandoned owner and frees what it held', async () => {
    const locks = new LockManager({ waitTimeoutMs: 5000 });
    const { make } = owners(locks);
    locks.acquire(make('holder', 1), ['a'], 'exclusive');
    const expiring = make('expiring', 2);
    locks.acquire(expiring, ['b'], 'exclusive');
    const wait = locks.acquire(expiring, ['a'], 'shared');
    const behind = locks.acquire(make('behind', 3), ['b'], 'shared');
    locks.abandon('expiring', new FirestoreError('INVALID_ARGUMENT', 'expired'));
    await expect(wait).rejects.toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(await settled(behind)).toBe('granted');
  });
});
