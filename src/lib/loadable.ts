import { useCallback, useEffect, useState } from 'react';

/**
 * The one shape of "loading / loaded / failed" in the web app, whatever delivers the data: a live query through
 * react-firebase-hooks (`useLiveList`, which folds its `[value, loading, error]` tuple with `fromHookResult`), a
 * subscription the feature starts itself (`useLoadFor`: my orders, loaded after the first paint), a one-off read
 * (`useLoad`) or the jars sent with the page followed by their listener (catalog's `useActiveProducts`).
 */
export type Loadable<T> =
  { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed'; error: Error };

export const loading = { status: 'loading' } as const satisfies Loadable<never>;

export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** react-firebase-hooks' `[value, loading, error]` as a Loadable: an error wins, then loading, then the value. */
export function fromHookResult<T>([value, isLoading, error]: readonly [
  T | undefined,
  boolean,
  Error | undefined,
  ...unknown[],
]): Loadable<T> {
  if (error) return { status: 'failed', error };
  if (isLoading || value === undefined) return loading;
  return { status: 'loaded', data: value };
}

/**
 * Loads `key`'s data with `load` (started again when the key changes) and never answers for another key:
 * while a new user's data is on its way, the previous user's answer must not show, not even for one render.
 * A null key loads nothing (`idle`), e.g. a visitor who is not signed in.
 *
 * `start` begins the load and returns the function that abandons it (for a live query, its unsubscribe);
 * it reports through `report`. Pass a stable `start` (module-level or useCallback).
 */
export function useLoadFor<T>(
  key: string | null | undefined,
  start: (key: string, report: (result: Loadable<T>) => void) => () => void,
): Loadable<T> | { status: 'idle' } {
  const [state, setState] = useState<{ key: string; result: Loadable<T> } | null>(null);

  useEffect(() => {
    if (!key) return;
    let current = true;
    const stop = start(key, (result) => current && setState({ key, result }));
    return () => {
      current = false;
      stop();
    };
  }, [key, start]);

  if (!key) return { status: 'idle' };
  if (state?.key !== key) return loading;
  return state.result;
}

/**
 * A one-off read (e.g. a callable) as a Loadable, started on mount; `reload` asks again and shows `loading`
 * meanwhile. An answer that arrives after a newer request started, or after unmount, is dropped.
 */
export function useLoad<T>(load: () => Promise<T>): [Loadable<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const result = useLoadFor<T>(
    String(attempt),
    useCallback(
      (_key, report) => {
        load().then(
          (data) => report({ status: 'loaded', data }),
          (error: unknown) => report({ status: 'failed', error: asError(error) }),
        );
        return () => {}; // a callable cannot be called back; useLoadFor drops its late answer
      },
      [load],
    ),
  );
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // The key is never empty, so `idle` cannot happen here.
  return [result.status === 'idle' ? loading : result, reload];
}
