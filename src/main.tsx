// The Bengali face in two weights: the phone's own copy when it has one (src/app/fonts.css).
import './app/fonts.css';
// How an early card's order button shows a tap it keeps for the app (catalog/components/early-taps.ts).
import './features/catalog/components/early-taps.css';
// Not through the catalog's index: that would bring the whole storefront UI into this tiny entry.
import { loadActiveProductsEarly, showEarlyCards } from './features/catalog/early';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
const path = window.location.pathname.replace(/\/+$/, '') || '/';

/**
 * A safety net, not a tuning: a first photo that never arrives (a dead link, a stalled connection) must not hold
 * the app's code back for longer than this.
 */
const PHOTO_WAIT_CAP_MS = 3000;

/** Resolves once every one of `images` has loaded or failed. */
function settled(images: HTMLImageElement[]): Promise<void> {
  const pending = images.filter((image) => !image.complete);
  return Promise.all(
    pending.map(
      (image) =>
        new Promise((resolve) => {
          image.addEventListener('load', resolve, { once: true });
          image.addEventListener('error', resolve, { once: true });
        }),
    ),
  ).then(() => {});
}

/**
 * On `/`, the product list is asked for at once (one request, no SDK; the HTML sent it already) and its first
 * cards are painted from it with plain DOM, their photos eager and first. Their order buttons work at once
 * (early-taps.ts). Resolves when the first screen's photos have arrived (or failed), or the list could not be
 * read (the app shows the error, and retries, once it runs).
 */
function paintShopWindow(): Promise<void> {
  return loadActiveProductsEarly().then(
    (products) => settled(showEarlyCards(products)),
    () => {},
  );
}

// The app's code (./boot: React, Chakra, the pages) is asked for once the browser has painted the prerendered
// page, in steps, each run in a task of its own with the browser free in between. On `/` it is asked for once the
// first screen's photos have arrived: on a phone's narrow link the ~250 KB of code would otherwise share the
// bandwidth with them and the photos, the largest paint of the page, would come later (docs/performance.md: the
// A/B of this wait). The cards' buttons take taps meanwhile.
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));
async function loadApp() {
  await import('react-dom/client');
  await yieldToBrowser();
  const app = import('./boot'); // downloaded meanwhile
  const { buildSystemInSteps } = await import('./app/theme-in-steps');
  const system = await buildSystemInSteps();
  return { boot: (await app).boot, system };
}

let started = false;
const start = () => {
  if (started) return;
  started = true;
  loadApp().then(
    ({ boot, system }) => boot(root, path, system),
    (error: unknown) => console.error('the app could not be loaded', error),
  );
};
// After the next frame, i.e. the first paint; a tab opened in the background gets no frames: at once there.
const afterPaint = () => {
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
};
if (path === '/') {
  paintShopWindow().then(afterPaint);
  setTimeout(afterPaint, PHOTO_WAIT_CAP_MS);
} else afterPaint();
