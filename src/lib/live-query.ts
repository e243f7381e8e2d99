import { useCallback, useEffect, useState } from 'react';
import type { DocumentData, FirestoreDataConverter, Query } from 'firebase/firestore';
import { useCollectionData } from 'react-firebase-hooks/firestore';
import { fromHookResult, type Loadable } from './loadable';

/**
 * Reads each document of a query through `read` (the feature's model function), so a live list holds the
 * feature's own type. The lists are only read: writing through this converter is a programming error.
 */
export function readAs<T>(read: (id: string, data: DocumentData) => T): FirestoreDataConverter<T> {
  return {
    toFirestore: () => {
      throw new Error('readAs: this converter only reads');
    },
    fromFirestore: (snapshot, options) => read(snapshot.id, snapshot.data(options)),
  };
}

// A just-written order or product gets its local time estimate instead of null until the server confirms it,
// so it does not jump around a newest-first list. One object: react-firebase-hooks memoises on its identity.
const estimateServerTimes = { snapshotOptions: { serverTimestamps: 'estimate' } } as const;

export interface LiveList<T> {
  list: Loadable<T[]>;
  /** Listens again after a failure (Firestore ends a listener that failed). */
  retry: () => void;
}

/** A query's documents, live (react-firebase-hooks' useCollectionData), as a Loadable with a retry. */
export function useLiveList<T>(query: Query<T> | null): LiveList<T> {
  // react-firebase-hooks listens again only when the query changes: a retry takes the query away for one
  // render and gives it back, which ends the failed listener and starts a new one.
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) setPaused(false);
  }, [paused]);
  const result = useCollectionData(paused ? null : query, estimateServerTimes);
  const retry = useCallback(() => setPaused(true), []);
  return { list: paused ? { status: 'loading' } : fromHookResult(result), retry };
}
