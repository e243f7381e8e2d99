import type { SystemContext } from '@chakra-ui/react';
import { describe, expect, it, vi } from 'vitest';

// Whether React's hydration was started inside startTransition: React then renders it in slices, yielding to the
// browser every few milliseconds, instead of one task as long as the whole page (Lighthouse's blocking time).
const seen = vi.hoisted(() => ({
  inTransition: false,
  hydratedInTransition: undefined as boolean | undefined,
}));
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  return {
    ...react,
    startTransition(scope: () => void) {
      seen.inTransition = true;
      try {
        react.startTransition(scope);
      } finally {
        seen.inTransition = false;
      }
    },
  };
});
vi.mock('react-dom/client', () => ({
  hydrateRoot: () => {
    seen.hydratedInTransition = seen.inTransition;
  },
  createRoot: () => ({ render: () => {} }),
}));
vi.mock('./app/app', () => ({ App: () => null }));
vi.mock('./app/router', () => ({ preloadPage: () => Promise.resolve() }));
vi.mock('./lib/tap-replay', () => ({ takeKeptTaps: () => [], replayKeptTaps: () => Promise.resolve() }));

describe('boot', () => {
  it('hydrates a server-rendered page in a transition, so that React renders it in short slices', async () => {
    const { boot } = await import('./boot');
    const root = document.createElement('div');
    root.dataset.prerendered = '/';
    await boot(root, '/', {} as SystemContext);
    expect(seen.hydratedInTransition).toBe(true);
  });
});
