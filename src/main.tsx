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
 * On `/`, the product list is asked for at once (one request, no SDK; the HTML sent it already) and its first
 * cards are painted from it with plain DOM, their photos eager and first. Their order buttons work at once
 * (early-taps.ts).
 */
function paintShopWindow(): void {
  loadActiveProductsEarly().then(
    (products) => showEarlyCards(products),
    () => {}, // the app shows the error (and retries) once it runs
  );
}

// The app's code (./boot: React, Chakra, the pages) is asked for once the browser has painted the prerendered
// page, in steps, each run in a task of its own with the browser free in between. It no longer waits for the
// first photos' paint: in an A/B sitting (docs/performance.md) that wait made the shop usable later and gained
// nothing measurable on the first card.
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
if (path === '/') paintShopWindow();
// After the next frame, i.e. the first paint; a tab opened in the background gets no frames: at once there.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
