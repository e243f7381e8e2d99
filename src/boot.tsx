import type { SystemContext } from '@chakra-ui/react';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { replayKeptTaps, takeKeptTaps } from './lib/tap-replay';
import './lib/dayjs';

/** Runs `done` once, after the first commit of the tree it is the last child of (hydration included). */
function AfterFirstCommit({ done }: { done: () => void }) {
  useEffect(done, [done]);
  return null;
}

/**
 * React, Chakra and the app: hydrates the server-rendered page, or renders afresh. Public routes are rendered at
 * build (src/app/server.tsx) or by the `pages` function and marked with their path; any other path is served
 * the empty app shell by Hosting's rewrite (shell.html), and a page whose marker names another path is rendered
 * afresh too. A tap kept before this ran is replayed once the page is React's (src/lib/tap-replay.ts).
 */
export async function boot(root: HTMLElement, path: string, system: SystemContext) {
  await preloadPage(path);
  // React answers taps from here on: the inline script stops keeping them.
  let kept: HTMLElement[] = takeKeptTaps();
  let replayed = false;
  const replay = () => {
    if (replayed) return; // StrictMode runs a first effect twice in development
    replayed = true;
    void replayKeptTaps(root, kept);
    kept = [];
  };
  const app = (
    <StrictMode>
      <App system={system} />
      <AfterFirstCommit done={replay} />
    </StrictMode>
  );
  if (root.dataset.prerendered === path) {
    // In a transition, hydration yields to the browser every few milliseconds instead of holding the main
    // thread for the whole page at once (a cheap phone's taps and scrolls stay responsive meanwhile).
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError(error, info) {
          console.error('hydration:', error, info.componentStack);
        },
      });
    });
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}
