/** Starts a subscription and returns the function that ends it. */
export type Subscribe = () => () => void;

/**
 * Starts a subscription whose code is loaded on demand (a dynamic import), and returns a synchronous
 * unsubscribe that also works while the code is still loading — React effects need exactly that.
 * A failed load is reported through `onError` like any other subscription error.
 */
export function subscribeLazily(load: () => Promise<Subscribe>, onError: (error: Error) => void): () => void {
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  load().then(
    (subscribe) => {
      if (!stopped) unsubscribe = subscribe();
    },
    (error: unknown) => {
      if (!stopped) onError(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}
