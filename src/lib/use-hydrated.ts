import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the page is prerendered at build and while React hydrates that HTML, true afterwards. A form
 * in prerendered HTML is on screen before its code runs: it stays disabled until then, so a quick shopper's
 * typing is not lost and the browser never submits it by itself (credentials in the URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
