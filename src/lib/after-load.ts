/**
 * Resolves once the page has loaded and the browser is idle: for work that must not compete with the first
 * paint and hydration (e.g. opening a realtime connection whose SDK is 130 KB gzip).
 */
export function afterLoadAndIdle(): Promise<void> {
  const idle = () =>
    new Promise<void>((resolve) => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 200);
    });
  if (document.readyState === 'complete') return idle();
  return new Promise<void>((resolve) =>
    window.addEventListener('load', () => void idle().then(resolve), { once: true }),
  );
}
