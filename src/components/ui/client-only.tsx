import { Suspense, type ReactNode } from 'react';

/**
 * The digest of the server-side "error" that ClientOnly throws on purpose. The prerender (src/app/server.tsx)
 * expects it, and hydration (src/boot.tsx) does not report it as a problem.
 */
export const CLIENT_ONLY_DIGEST = 'achar:client-only';

class RenderedInBrowserOnly extends Error {
  readonly digest = CLIENT_ONLY_DIGEST;
}

function RefuseOnServer(): never {
  throw new RenderedInBrowserOnly('rendered in the browser only');
}

/** Whether an error (from the prerender, or reported by hydration) is ClientOnly's, not a real one. */
export function isClientOnlyError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { digest?: unknown }).digest === CLIENT_ONLY_DIGEST
  );
}

/**
 * Content the prerender leaves out: the HTML carries `fallback` instead, and React renders `children` in the
 * browser in its place, without comparing them with the HTML (React's documented way: a Suspense boundary
 * whose content throws on the server is rendered on the client).
 */
export function ClientOnly({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>{typeof window === 'undefined' ? <RefuseOnServer /> : children}</Suspense>
  );
}
