/** Data that stays current: loaded now, then again every `intervalMs` and after each change made here. */
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useState } from 'react';
import { holdFirstLoad } from './first-loads';
import { asError, loading, type Loadable } from './loadable';

/**
 * `load`'s answer for `key` as a Loadable, asked again every `intervalMs` and on `reload()` (the answer shown
 * meanwhile stays). Never answers for another key: after the key changes, the previous key's data does not
 * show, not even for one render. The latest `load` is called each time (an effect event, not a ref written
 * during render), so it may close over anything.
 */
export function useLive<T>(
  load: () => Promise<T>,
  key: string,
  intervalMs = 1500,
): [Loadable<T>, reload: () => void] {
  const [state, setState] = useState<{ key: string; result: Loadable<T> } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const loadNow = useEffectEvent(load);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const run = async () => {
      let result: Loadable<T>;
      try {
        result = { status: 'loaded', data: await loadNow() };
      } catch (error) {
        result = { status: 'failed', error: asError(error) };
      }
      if (cancelled) return;
      setState({ key, result });
      timer = setTimeout(run, intervalMs);
    };
    void run();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, attempt, intervalMs]);

  const answered = state?.key === key;
  // Until its key's first answer, the page is not ready (first-loads.ts); a layout effect, so no paint shows
  // the page as ready before it is.
  useLayoutEffect(() => (answered ? undefined : holdFirstLoad()), [answered]);

  return [answered ? state.result : loading, reload];
}
