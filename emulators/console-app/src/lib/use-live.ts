/** Data that stays current: loaded now, then again every `intervalMs` and after each change made here. */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Live<T> {
  data: T | undefined;
  error: string | null;
  reload: () => void;
}

export function useLive<T>(load: () => Promise<T>, key: string, intervalMs = 1500): Live<T> {
  const [state, setState] = useState<{ key: string; data?: T; error: string | null }>({ key, error: null });
  const loadRef = useRef(load);
  loadRef.current = load;
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const run = async () => {
      try {
        const data = await loadRef.current();
        if (!cancelled) setState({ key, data, error: null });
      } catch (error) {
        if (!cancelled)
          setState((s) => ({
            key,
            data: s.key === key ? s.data : undefined,
            error: String((error as Error).message ?? error),
          }));
      }
      if (!cancelled) timer = setTimeout(run, intervalMs);
    };
    void run();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, tick, intervalMs]);

  return { data: state.key === key ? state.data : undefined, error: state.error, reload };
}
