const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

/**
 * Resolves when the page has settled: at the shopper's first interaction, or `quietMs` after the page has
 * loaded, whichever comes first. For work the first screen does not need and that must not compete with the
 * first paint and hydration on a slow phone — e.g. opening a realtime connection whose SDK is 125 KB gzip.
 */
export function whenSettled(quietMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
    const startTimer = () => (timer = setTimeout(done, quietMs));
    if (document.readyState === 'complete') startTimer();
    else window.addEventListener('load', startTimer, { once: true });
  });
}
