/**
 * The console's loading state: the same discriminated union as the web app's `Loadable` (src/lib/loadable.ts),
 * defined again here because emulators/ imports nothing of the shop (it could be published on its own) and the
 * shop's app does not depend on its development tools. One shape, two small definitions; the helpers below are
 * the console's own.
 */
export type Loadable<T> =
  { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed'; error: Error };

export const loading = { status: 'loading' } as const satisfies Loadable<never>;

export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** The data once loaded; undefined while loading or after a failure. */
export function dataOf<T>(state: Loadable<T>): T | undefined {
  return state.status === 'loaded' ? state.data : undefined;
}

/** The sentence to show after a failure (the console's errors are already Bengali), or null. */
export function failureOf(state: Loadable<unknown>): string | null {
  return state.status === 'failed' ? state.error.message : null;
}
