import { useEffect, useState } from 'react';
import { vi } from 'vitest';

type Listener = { query: unknown; next: (values: unknown[]) => void; fail: (error: Error) => void };

/**
 * Stands in for react-firebase-hooks' `useCollectionData` (the app's Firebase boundary for live lists), and for
 * Firestore's `onSnapshot` where a hook listens itself (see below), with the
 * library's contract: it listens to a query until the query changes or the component goes, answers
 * `[values, loading, error, snapshot]`, and a failed listener stays failed. A test pushes each snapshot
 * (`latest().next([...])`) or failure, and sees which queries were listened to and when each listener ended.
 *
 *   const live = vi.hoisted(() => ({ fake: null as unknown as LiveQueryFake }));
 *   vi.mock('react-firebase-hooks/firestore', async () => {
 *     live.fake = (await import('@/testing/live-query-fake')).createLiveQueryFake();
 *     return { useCollectionData: live.fake.useCollectionData };
 *   });
 */
export function createLiveQueryFake() {
  const listeners: Listener[] = [];
  const ended = vi.fn<(query: unknown) => void>();

  function useCollectionData(query: unknown) {
    const [state, setState] = useState<[unknown[] | undefined, boolean, Error | undefined]>([
      undefined,
      true,
      undefined,
    ]);
    useEffect(() => {
      if (!query) {
        setState([undefined, false, undefined]);
        return;
      }
      setState([undefined, true, undefined]);
      let listening = true;
      listeners.push({
        query,
        next: (values) => listening && setState([values, false, undefined]),
        fail: (error) => listening && setState([undefined, false, error]),
      });
      return () => {
        listening = false;
        ended(query);
      };
    }, [query]);
    return [...state, undefined] as const;
  }

  /**
   * Stands in for firebase/firestore's `onSnapshot(query, next, error)` (the paged order list listens to each
   * page itself): `next(values)` delivers a snapshot whose documents hold those values, already read through
   * the query's converter, with their `id` and fields (`get`) as the cursor code reads them.
   */
  function onSnapshot(query: unknown, next: (snapshot: unknown) => void, fail: (error: Error) => void) {
    let listening = true;
    listeners.push({
      query,
      next: (values) =>
        listening &&
        next({
          docs: values.map((value) => {
            const fields = value as Record<string, unknown> & { id: string };
            return { id: fields.id, data: () => value, get: (field: string) => fields[field] };
          }),
        }),
      fail: (error) => listening && fail(error),
    });
    return () => {
      listening = false;
      ended(query);
    };
  }

  return {
    useCollectionData,
    onSnapshot,
    /** Every listener started, in order. */
    listeners,
    /** The listener started last. */
    latest: () => listeners[listeners.length - 1],
    /** Called with the query each time a listener ends. */
    ended,
    reset() {
      listeners.length = 0;
      ended.mockClear();
    },
  };
}

export type LiveQueryFake = ReturnType<typeof createLiveQueryFake>;
