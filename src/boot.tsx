import type { SystemContext } from '@chakra-ui/react';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { isClientOnlyError } from './components/ui/client-only';
import './lib/dayjs';

/**
 * React, Chakra and the app: hydrates the prerendered page, or renders afresh. Public routes are prerendered
 * at build (src/app/server.tsx) and marked with their path; any other path is served the empty app shell by
 * Hosting's rewrite (shell.html), and a page whose marker names another path is rendered afresh too.
 */
export function boot(root: HTMLElement, path: string, system: SystemContext) {
  const app = (
    <StrictMode>
      <App system={system} />
    </StrictMode>
  );
  if (root.dataset.prerendered === path) {
    // In a transition, hydration yields to the browser every few milliseconds instead of holding the main
    // thread for the whole page at once (a cheap phone's taps and scrolls stay responsive meanwhile).
    startTransition(() => {
      hydrateRoot(root, app, {
        // The prerender leaves ClientOnly parts to the browser on purpose: not a hydration problem.
        onRecoverableError(error, info) {
          if (isClientOnlyError(error)) return;
          console.error('hydration:', error, info.componentStack);
        },
      });
    });
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}
