// Two weights (400 for text, 700 for headings; 600 is drawn with 700), Bengali and Latin only: four files
// instead of nine. The Bengali 400 face is preloaded by the HTML (see scripts/vite-prerender.ts).
import '@fontsource/noto-sans-bengali/bengali-400.css';
import '@fontsource/noto-sans-bengali/latin-400.css';
import '@fontsource/noto-sans-bengali/bengali-700.css';
import '@fontsource/noto-sans-bengali/latin-700.css';
// Directly, not through the catalog's index: that would bring the whole storefront UI into this tiny entry.
import { loadActiveProductsEarly } from './features/catalog/api/early-products';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
const path = window.location.pathname.replace(/\/+$/, '') || '/';

// The shop window's request starts now, while the app's code is still downloading.
if (path === '/') loadActiveProductsEarly();

// The app's code (./boot: React, Chakra, the pages) is fetched at once (the HTML modulepreloads it) but runs
// after the browser has painted the prerendered page, so a slow phone shows the shop before its script work.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  import('./boot').then(
    ({ boot }) => boot(root, path),
    (error: unknown) => console.error('the app could not be loaded', error),
  );
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250); // a tab opened in the background gets no animation frames
