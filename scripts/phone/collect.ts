// What `npm run phone` (../phone.ts) records inside the page: every time is the page's own performance.now(),
// from the start of the navigation. Only `phoneCollector` runs in the page (Playwright serialises it into an
// init script), so it imports nothing and names no module-level value.

/**
 * One run's times in milliseconds: since navigation (first card, LCP, usable), from the first card to the moment the
 * button took the tap (tapWait: it is tapped as soon as it accepts taps), or since the tap (answer, dialog).
 */
export interface PhoneSample {
  firstCard: number;
  tapWait: number;
  lcp: number;
  usable: number;
  answer: number;
  dialog: number;
  /** The same form once the app owns it (the page hydrated): what the shopper waited for before the form came first. */
  appDialog: number;
}

export const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Installed before the page's first line. A state is timed at the animation frame that paints it (the first
 * frame after the DOM shows it); the first card's photo by Element Timing where it carries `elementtiming`.
 */
export function phoneCollector(): void {
  type Key = 'firstCard' | 'lcp' | 'usable' | 'tap' | 'answer' | 'dialog' | 'appDialog';
  const phone: Partial<Record<Key, number>> = {};
  Object.assign(window, { phone });
  const atPaint = (key: Key) => {
    if (phone[key] !== undefined) return;
    phone[key] = Number.NaN; // taken: the frame below sets it
    requestAnimationFrame((frame) => (phone[key] = frame));
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (phone.tap === undefined) phone.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const timing = entry as PerformanceEntry & { renderTime: number };
      if (phone.firstCard === undefined) phone.firstCard = timing.renderTime || timing.startTime;
    }
  }).observe({ type: 'element', buffered: true });
  // The tap's own time: when the phone took it, however long the page then took to run its listeners.
  addEventListener('pointerdown', (event) => (phone.tap ??= event.timeStamp), {
    capture: true,
    passive: true,
  });

  const check = () => {
    const cards = [...document.querySelectorAll<HTMLElement>('#products article')].filter(
      (card) => card.offsetParent !== null,
    );
    // On `/` the first card; on a product page the product itself (its price, and its photo).
    const shown = cards[0] ?? document.querySelector('#root main:has([data-testid=product-price])');
    const photo = shown?.querySelector('img');
    if (shown && (!photo || (photo.complete && photo.naturalWidth > 0))) atPaint('firstCard');
    // The page is hydrated (src/lib/tap-replay.ts marks it): React answers the cards' buttons.
    if (document.querySelector('#root[data-hydrated]')) atPaint('usable');
    if (phone.tap === undefined) return;
    // The tapped button shows it heard (the tap keeper, before the app), or the order form is open: the native
    // <dialog> in the server's HTML, opened by the browser (invoker command) or the tap keeper before the app.
    const form = document.querySelector('#root dialog[open]');
    if (form || document.querySelector('#products [aria-busy="true"]')) atPaint('answer');
    if (form) atPaint('dialog');
    if (form && document.querySelector('#root[data-hydrated]')) atPaint('appDialog');
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-busy', 'open', 'data-hydrated', 'style'],
  });
  addEventListener('load', check, { capture: true });
}
