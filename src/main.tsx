// The Bengali face in two weights: the phone's own copy when it has one (src/app/fonts.css).
import './app/fonts.css';
// How an early card's order button shows a tap it keeps for the app (catalog/components/early-taps.ts).
import './features/catalog/components/early-taps.css';
// Not through the catalog's index: that would bring the whole storefront UI into this tiny entry.
import { loadActiveProductsEarly, nextFrame, photosPainted, showEarlyCards } from './features/catalog/early';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
const path = window.location.pathname.replace(/\/+$/, '') || '/';

/** At most this long does the app's code wait for the shop window's first photos. */
const PHOTO_WAIT_MS = 2500;

const loaded = (image: HTMLImageElement) =>
  image.complete ? Promise.resolve() : new Promise((resolve) => (image.onload = image.onerror = resolve));
const timeout = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * On `/`, the product list is asked for at once (one request, no SDK) and its cards are painted from it with
 * plain DOM, photos first. Resolves when the first screen's photos are on screen (or failed, or took too
 * long): until then the phone's narrow bandwidth goes to them, not to the app's code.
 */
async function paintShopWindow(): Promise<void> {
  const photos = await loadActiveProductsEarly().then(
    (products) => showEarlyCards(products),
    () => [], // the app shows the error (and retries) once it runs
  );
  const shown = Promise.all(photos.map(loaded)).then(() => photosPainted(photos));
  await Promise.race([shown, timeout(PHOTO_WAIT_MS)]);
}

// The app's code (./boot: React, Chakra, the pages) is fetched after the browser has painted the prerendered
// page (and on `/` its first photos), so a slow phone shows the shop before any of its script work.
// It comes in steps, each run in a task of its own with the browser free in between: one long task would keep
// a slow phone from answering a tap for as long as it takes to read all of the code.
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));
async function loadApp() {
  await import('react-dom/client');
  await yieldToBrowser();
  const app = import('./boot'); // downloaded meanwhile
  const { system } = await import('./app/theme');
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
void Promise.all([nextFrame(), path === '/' ? paintShopWindow() : undefined]).then(start);
// A tab opened in the background gets no animation frames.
setTimeout(start, path === '/' ? PHOTO_WAIT_MS + 500 : 250);
