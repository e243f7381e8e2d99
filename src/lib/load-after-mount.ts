import { useEffect, useRef, useState } from 'react';
import { asError } from './loadable';

/**
 * Loads something (typically a module that carries a Firebase SDK) once, after the component has mounted:
 * never while the page is prerendered or hydrated, so the SDK stays out of the first paint. Null until it
 * has loaded; a failed load (offline on a first visit) goes to `onError`.
 */
export function useLoadAfterMount<T>(load: () => Promise<T>, onError: (error: Error) => void): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  // Both are read once, on mount: a new function on each render must not load again.
  const calls = useRef({ load, onError });
  useEffect(() => {
    let current = true;
    calls.current.load().then(
      (value) => current && setLoaded({ value }),
      (error: unknown) => current && calls.current.onError(asError(error)),
    );
    return () => {
      current = false;
    };
  }, []);
  return loaded && loaded.value;
}
