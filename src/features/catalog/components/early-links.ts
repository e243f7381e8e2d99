// A mouse press on an early card's link (its name) while React takes the card over gets no click at all: React
// moves the early cards into its tree and then puts its own cards in their place, and a press whose button went
// down on a node that was moved or replaced before it came up is no click for the browser. The link would do
// nothing. A touch is not affected: its click comes at the release, on what is under the finger then. So a mouse
// or pen press that went down on a link in an early box and comes up on a link to the same address, with no click
// following, is clicked once on the link it came up on: the browser follows it as it would have.

/** The address of the link a mouse or pen press went down on, until it comes up. */
let pressedHref: string | null = null;
/** Whether a click followed the last release. */
let clicked = false;
let listening = false;

const linkOf = (event: Event) =>
  event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;

function onPointerDown(event: PointerEvent) {
  const plain =
    event.isPrimary &&
    event.button === 0 &&
    event.pointerType !== 'touch' &&
    !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey);
  pressedHref = plain ? (linkOf(event)?.href ?? null) : null;
}

function onPointerUp(event: PointerEvent) {
  const href = pressedHref;
  pressedHref = null;
  const link = linkOf(event);
  if (!href || !link || link.href !== href) return;
  clicked = false;
  // A click follows a mouse's release in the same task, before this runs.
  setTimeout(() => {
    if (!clicked && link.isConnected) link.click();
  });
}

function onPointerCancel() {
  pressedHref = null;
}

function onClick() {
  clicked = true;
}

/**
 * Keeps the links inside `box` (the early cards' grid, a product page) working through React's takeover: a press
 * that went down on one of them and lost its click is clicked again. The release and the click are watched on the
 * whole document: the card under the release may be React's by then, outside `box`.
 */
export function keepEarlyLinkPresses(box: HTMLElement): void {
  box.addEventListener('pointerdown', onPointerDown);
  if (listening) return;
  listening = true;
  document.addEventListener('pointerup', onPointerUp, { capture: true });
  document.addEventListener('pointercancel', onPointerCancel, { capture: true });
  document.addEventListener('click', onClick, { capture: true });
}

/** Stops watching presses that start inside `box`. */
export function stopKeepingEarlyLinkPresses(box: HTMLElement): void {
  box.removeEventListener('pointerdown', onPointerDown);
}
