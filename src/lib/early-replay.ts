// Taps on the header's buttons that need the app (the menu, the search) made before its code runs: the
// prerendered header is on screen seconds before React on a slow phone, and a tap on it would do nothing. The
// entry keeps the last such tap (the button shows at once that it was heard) until React listens, and the
// header replays it once it is hydrated: its own handler answers it then. A tap React answered meanwhile
// replaces it. A framework-free module: the entry (src/main.tsx) imports it before React.

/** Marks a button whose tap before the app runs is kept and replayed once the app does. */
export const EARLY_REPLAY = 'data-early-replay';

/** Set on the tapped button until the tap is replayed (early-taps.css shows it). */
const BUSY = 'aria-busy';

let kept: HTMLElement | null = null;
let box: HTMLElement | null = null;
/** Set once React listens: a tap then is React's, and one kept before is forgotten (not answered twice). */
let reactListens = false;

function forget() {
  kept?.removeAttribute(BUSY);
  kept = null;
}

function onClick(event: MouseEvent) {
  const button =
    event.target instanceof Element ? event.target.closest<HTMLElement>(`[${EARLY_REPLAY}]`) : null;
  if (!button || button.matches(':disabled')) return;
  const again = kept === button;
  forget();
  // React answers this tap; a second tap on the same button before the app takes the first back (a menu
  // opened and closed again).
  if (reactListens || again) return;
  button.setAttribute(BUSY, 'true');
  kept = button;
}

/** Keeps taps on the marked buttons inside `within` (the page's root) until React listens. */
export function keepEarlyTaps(within: HTMLElement): void {
  if (box) return;
  box = within;
  reactListens = false;
  box.addEventListener('click', onClick, { capture: true });
}

/** React listens from now on (the page is being hydrated): later taps are its own. */
export function reactListensToTaps(): void {
  reactListens = true;
}

/**
 * Replays the kept tap if it was on a button inside `hydrated` (now React's): once, with a real click. The
 * entry's listener and any kept tap are gone after it.
 */
export function replayEarlyTap(hydrated: HTMLElement | null): void {
  const button = kept;
  forget();
  box?.removeEventListener('click', onClick, { capture: true });
  box = null;
  if (button && hydrated?.contains(button)) button.click();
}
