import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './lib/dayjs';

/**
 * React, Chakra and the app: hydrates the prerendered page, or renders afresh. Public routes are prerendered
 * at build (src/app/server.tsx) and marked with their path; any other path is served the empty app shell by
 * Hosting's rewrite (shell.html), and a page whose marker names another path is rendered afresh too.
 */
export function boot(root: HTMLElement, path: string) {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (root.dataset.prerendered === path) {
    hydrateRoot(root, app);
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}
