import { useState, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

const KEEP_AS_IS = { __html: '' };
/** The wrapper draws no box of its own: the parts lay out as if they were their parent's own children. */
const NO_BOX = { display: 'contents' } as const;

/**
 * Markup that never changes once drawn: text, pictures, plain links. When React hydrates a prerendered page
 * it takes this part over as it is in the page (React neither compares nor replaces what an element with
 * `dangerouslySetInnerHTML` holds) instead of running its components again, so a slow phone's hydration
 * skips it. Drawn normally on the server and when the page is drawn in the browser (a client-side
 * navigation). Only for parts without state or event handlers: they must work as plain HTML.
 */
export function PrerenderedMarkup({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  // Decided once: after hydration the hook says "hydrated", and the markup taken over stays as it is.
  const [takenOver] = useState(() => !hydrated && typeof document !== 'undefined');
  return takenOver ? (
    <div style={NO_BOX} dangerouslySetInnerHTML={KEEP_AS_IS} suppressHydrationWarning />
  ) : (
    <div style={NO_BOX}>{children}</div>
  );
}
