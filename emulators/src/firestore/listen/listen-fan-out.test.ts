/**
 * A commit reaches every open listener even when one of them fails while it is being told: that one is ended
 * with an error its client can see, the others get the change, and the commit itself succeeds.
 */
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../shared/auth-token.js';
import { FirestoreEngine } from '../engine.js';
import type { ListenResponseJson } from '../types.js';

const database = 'projects/demo-fan-out/databases/(default)';
const owner: Caller = { kind: 'owner' };

const watchOrders = {
  database,
  addTarget: {
    targetId: 1,
    query: { parent: `${database}/documents`, structuredQuery: { from: [{ collectionId: 'orders' }] } },
  },
};

const newOrder = {
  database,
  writes: [
    { update: { name: `${database}/documents/orders/o1`, fields: { quantity: { integerValue: '2' } } } },
  ],
};

/** A listener that records what it is sent, and throws instead once `broken` says so for a message. */
function listener(engine: FirestoreEngine, broken: (message: ListenResponseJson) => boolean = () => false) {
  const received: ListenResponseJson[] = [];
  const stream = engine.openListen(owner, (message) => {
    if (broken(message)) throw new Error('the connection went away');
    received.push(message);
  });
  stream.handle(watchOrders);
  return received;
}

const documentsSeen = (received: ListenResponseJson[]) =>
  received.flatMap((message) => (message.documentChange ? [message.documentChange.document?.name] : []));

describe('delivering a commit to every listener', () => {
  it('still tells the other listeners, and keeps the commit, when the first listener throws', () => {
    const failures: unknown[] = [];
    const engine = new FirestoreEngine({ onListenerError: (error) => failures.push(error) });
    let connectionLost = false;
    listener(engine, () => connectionLost); // opened first, so it is told first
    const healthy = listener(engine);
    expect(engine.activeListenStreams).toBe(2);
    connectionLost = true;

    const { writeResults } = engine.commit(newOrder, owner);

    expect(writeResults).toHaveLength(1);
    expect(documentsSeen(healthy)).toEqual([`${database}/documents/orders/o1`]);
    expect(healthy.at(-1)).toEqual({
      targetChange: { resumeToken: expect.any(String), readTime: expect.any(String) },
    });
    expect(engine.activeListenStreams).toBe(1);
    expect(failures).toEqual([new Error('the connection went away')]);
  });

  it('ends the failed listener’s targets with an INTERNAL error its client sees, and sends it nothing more', () => {
    const engine = new FirestoreEngine();
    // Fails on the document only, so the error that follows can still be delivered.
    const failing = listener(engine, (message) => message.documentChange !== undefined);
    const before = failing.length;

    engine.commit(newOrder, owner);

    expect(failing.slice(before)).toEqual([
      {
        targetChange: {
          targetChangeType: 'REMOVE',
          targetIds: [1],
          cause: { code: 13, message: 'the connection went away' },
        },
      },
    ]);
    engine.commit({ ...newOrder, writes: [{ delete: `${database}/documents/orders/o1` }] }, owner);
    expect(failing).toHaveLength(before + 1);
    expect(engine.activeListenStreams).toBe(0);
  });
});
