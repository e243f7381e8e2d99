// Two weights (400 for text, 700 for headings; 600 is drawn with 700), Bengali and Latin only: four files
// instead of nine. The Bengali 400 face is preloaded by index.html (see scripts/vite-prerender.ts).
import '@fontsource/noto-sans-bengali/bengali-400.css';
import '@fontsource/noto-sans-bengali/latin-400.css';
import '@fontsource/noto-sans-bengali/bengali-700.css';
import '@fontsource/noto-sans-bengali/latin-700.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadActiveProductsEarly } from './features/catalog';
import './lib/dayjs';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Public routes are prerendered at build (src/app/server.tsx) and marked with their path. Any other path is
// served the same fallback HTML by Hosting's rewrite, so it is rendered afresh instead of hydrated.
const prerendered = root.dataset.prerendered;
const path = window.location.pathname.replace(/\/+$/, '') || '/';
// The shop window's request starts now, in parallel with hydration, not after it.
if (path === '/') loadActiveProductsEarly();
if (prerendered && prerendered === path) {
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
