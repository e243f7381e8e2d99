// The Bengali face in two weights: the phone's own copy when it has one (src/app/fonts.css).
import './app/fonts.css';
// How an early card's order button shows a tap it keeps for the app (catalog/components/early-taps.ts).
import './features/catalog/components/early-taps.css';
// Not through the catalog's index: that would bring the whole storefront UI into this tiny entry.
import {
  catchEarlyTaps,
  loadActiveProductsEarly,
  productPageDataOnPage,
  showEarlyCards,
  showKeptTapsIn,
} from './features/catalog/early';
import { earlyOrderDialogs } from './features/ordering/early';
import { afterNextPaint } from './lib/after-paint';
import { keepEarlyTaps, reactListensToTaps } from './lib/early-replay';
import { showAppLoadFailure } from './components/ui/app-load-failure';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
const path = window.location.pathname.replace(/\/+$/, '') || '/';

/**
 * A safety net, not a tuning: a first photo that never arrives (a dead link, a stalled connection) must not hold
 * the app's code back for longer than this.
 */
const PHOTO_WAIT_CAP_MS = 3000;

/** An Element Timing entry (Chromium): when an element with `elementtiming` was first shown on screen. */
interface ElementTiming extends PerformanceEntry {
  element: Element | null;
}

/**
 * Resolves once every one of `images` is on screen (or failed). Where the browser reports it (Element Timing:
 * the early photos carry `elementtiming`), that is the frame that showed them, as the largest paint counts it;
 * elsewhere, once they are decoded and two frames later. The photo's load alone is not enough: its paint may come
 * frames later, and the app's code asked for in between would still share the link with it.
 */
function shown(images: HTMLImageElement[]): Promise<void> {
  // Only what is on the first screen gets painted now (an eager photo further down is painted when scrolled to).
  const waiting = new Set(images.filter((image) => image.getBoundingClientRect().top < window.innerHeight));
  if (waiting.size === 0) return Promise.resolve();
  if (!PerformanceObserver.supportedEntryTypes?.includes('element')) {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    return Promise.all([...waiting].map((image) => image.decode().catch(() => {})))
      .then(frame)
      .then(frame)
      .then(() => {});
  }
  return new Promise((resolve) => {
    const done = (image: HTMLImageElement) => {
      waiting.delete(image);
      if (waiting.size > 0) return;
      observer.disconnect();
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as ElementTiming[])
        if (entry.element instanceof HTMLImageElement && waiting.has(entry.element)) done(entry.element);
    });
    observer.observe({ type: 'element', buffered: true });
    for (const image of waiting) image.addEventListener('error', () => done(image), { once: true });
  });
}

/**
 * On `/`, the product list is asked for at once (one request, no SDK; the HTML sent it already) and its first
 * cards are painted from it with plain DOM, their photos eager and first. Their order buttons work at once: a tap
 * opens the early order dialog (early-taps.ts, ordering/early.ts). Resolves when the first screen's photos are
 * on screen (or failed), or the list could not be read (the app shows the error, and retries, once it runs).
 */
function paintShopWindow(): Promise<void> {
  return loadActiveProductsEarly().then(
    (products) => {
      const photos = showEarlyCards(products);
      showKeptTapsIn(earlyOrderDialogs(products));
      return shown(photos);
    },
    () => {},
  );
}

/** A product page's order button, drawn by the server, takes a tap before the app runs, as the cards on `/` do. */
function catchProductPageTaps(box: HTMLElement) {
  catchEarlyTaps(box);
  const product = productPageDataOnPage()?.product;
  if (product) showKeptTapsIn(earlyOrderDialogs([product]));
}

// The app's code (./boot: React, Chakra, the pages) is asked for once the browser has painted the prerendered
// page, in steps, each run in a task of its own with the browser free in between. On `/` it is asked for once the
// first screen's photos have arrived: on a phone's narrow link the ~250 KB of code would otherwise share the
// bandwidth with them and the photos, the largest paint of the page, would come later (docs/performance.md: the
// A/B of this wait). The cards' buttons take taps meanwhile.
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));
async function loadApp() {
  // Asked for at once: on a slow link their round trips overlap instead of following one another. On `/` the
  // order form comes with them, so a tap made before the app ran (early-taps.ts) opens its dialog without a
  // further round trip once the app runs (docs/performance.md, fifth sitting); a failure here is reported by the
  // dialog's own import when a tap needs it.
  const app = import('./boot');
  const theme = import('./app/theme-in-steps');
  if (path === '/') import('./features/ordering').catch(() => {});
  await import('react-dom/client');
  await yieldToBrowser();
  const { boot } = await app;
  const { buildSystemInSteps } = await theme;
  const system = await buildSystemInSteps();
  return { boot, system };
}

let started = false;
const start = () => {
  if (started) return;
  started = true;
  loadApp().then(
    ({ boot, system }) => {
      reactListensToTaps();
      boot(root, path, system);
    },
    (error: unknown) => {
      console.error('the app could not be loaded', error);
      showAppLoadFailure();
    },
  );
};
// After the next frame is painted; a tab opened in the background gets no frames: at once there.
const afterPaint = () => {
  if (document.visibilityState === 'hidden') start();
  else afterNextPaint(start);
};
// The header's menu and search, tapped before the app runs, answer once it does (lib/early-replay.ts).
keepEarlyTaps(root);
if (path === '/') {
  paintShopWindow().then(afterPaint);
  setTimeout(afterPaint, PHOTO_WAIT_CAP_MS);
} else {
  if (path.startsWith('/p/')) catchProductPageTaps(root);
  afterPaint();
}
