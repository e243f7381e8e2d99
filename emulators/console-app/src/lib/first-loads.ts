/**
 * Whether any data on the page is still on its way for the first time: the console's `<main>` says so with
 * `aria-busy`, so a screen reader (and a test) knows when the page is ready to be read, without waiting for a
 * network that a live page never lets go idle.
 */
import { useSyncExternalStore } from 'react';

let pending = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Counts one first load as pending until the returned function is called (once). */
export function holdFirstLoad(): () => void {
  pending += 1;
  notify();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    pending -= 1;
    notify();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFirstLoadsPending(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
