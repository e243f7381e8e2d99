// Taps on the early cards' order buttons (early-cards.ts), which are on screen seconds before the app's code on
// a slow phone. The entry catches them with one plain listener: a tap before the app can answer is kept (the
// last one: the dialog shows one jar) and its button shows at once that it was heard; the product grid claims
// the taps once it runs, answers the kept one, and from then on answers each tap as it comes, until React's own
// cards replace the early ones. The same idea as Google's JSAction or React's replay of events during
// hydration, for the one action that matters before the app has loaded. Where the entry can, it shows the kept
// tap's answer itself meanwhile: the order dialog drawn without the app (showKeptTapsIn), handed to the app's
// dialog with the answer.
import type { EarlyOrderDialog } from '@/features/ordering/model/order-form-values';
import { keepEarlyLinkPresses, stopKeepingEarlyLinkPresses } from './early-links';

/** The attribute on an early card's order button: the id of the card's product. */
export const EARLY_ORDER = 'data-early-order';

/** Set on a tapped button until the app answers it: styled by early-taps.css. */
const BUSY = 'aria-busy';

/** Answers a tap on `productId`'s button; `early` is the dialog the entry drew for a kept tap, if any. */
type Answer = (productId: string, early: EarlyOrderDialog | null) => void;

/**
 * Draws the answer to a kept tap before the app can (the early order dialog); `drop` is called if the shopper
 * closes it, which takes the tap back. Null: nothing to draw for that product.
 */
export type ShowKeptTap = (productId: string, drop: () => void) => EarlyOrderDialog | null;

interface PendingTap {
  productId: string;
  /** The button that shows the tap was heard. */
  button: Element;
  early: EarlyOrderDialog | null;
}

interface Taps {
  /** The tap not answered yet. */
  pending: PendingTap | null;
  answer: Answer | null;
  show: ShowKeptTap | null;
}

const taps: Taps = { pending: null, answer: null, show: null };

function tap(button: Element) {
  const productId = button.getAttribute(EARLY_ORDER);
  if (!productId) return;
  if (taps.answer) {
    taps.answer(productId, null);
    return;
  }
  taps.pending?.button.removeAttribute(BUSY);
  taps.pending?.early?.remove();
  button.setAttribute(BUSY, 'true');
  const pending: PendingTap = { productId, button, early: null };
  taps.pending = pending;
  pending.early =
    taps.show?.(productId, () => {
      if (taps.pending !== pending) return;
      taps.pending = null;
      button.removeAttribute(BUSY);
      // Back where the shopper was, as a closed dialog gives the focus back to its trigger.
      if (button instanceof HTMLElement) button.focus({ preventScroll: true });
    }) ?? null;
}

/** From now on a kept tap is answered at once by `show` where it can (the entry sets it: src/main.tsx). */
export function showKeptTapsIn(show: ShowKeptTap | null): void {
  taps.show = show;
}

/** The order button `event` happened on; none if it is disabled (a product page's, sold out). */
function orderButton(event: Event): Element | null {
  const button = event.target instanceof Element ? event.target.closest(`[${EARLY_ORDER}]`) : null;
  return button?.matches(':disabled') ? null : button;
}

/** The button a pointer went down on, for its release to count as a tap. */
let pressed: Element | null = null;

function onPointerDown(event: PointerEvent) {
  pressed = event.isPrimary && event.button === 0 ? orderButton(event) : null;
}

// A pointer's tap is taken at its release, not at the click that follows: while React takes the early cards
// into its tree it moves them (the same nodes), and a press split by that move gets no click at all. A press
// that turns into a scroll ends in pointercancel instead, and is no tap.
function onPointerUp(event: PointerEvent) {
  const button = orderButton(event);
  const wasPressed = pressed;
  pressed = null;
  if (button && button === wasPressed) tap(button);
}

function onPointerCancel() {
  pressed = null;
}

// Clicks without a pointer (the keyboard's Enter or Space: `detail` 0); a pointer's click was its release.
function onClick(event: MouseEvent) {
  const button = orderButton(event);
  if (!button) return;
  event.preventDefault();
  if (event.detail === 0) tap(button);
}

/**
 * Listens for taps on the order buttons inside `box` (the early cards' grid, a product page), once per box; its
 * links keep working through React's takeover too (early-links.ts).
 */
export function catchEarlyTaps(box: HTMLElement): void {
  if (box.hasAttribute('data-early-taps')) return;
  box.setAttribute('data-early-taps', '');
  box.addEventListener('pointerdown', onPointerDown);
  box.addEventListener('pointerup', onPointerUp);
  box.addEventListener('pointercancel', onPointerCancel);
  box.addEventListener('click', onClick);
  keepEarlyLinkPresses(box);
}

/** Stops listening inside `box`: its buttons are React's own now, and React answers them. */
export function stopCatchingEarlyTaps(box: HTMLElement): void {
  if (!box.hasAttribute('data-early-taps')) return;
  box.removeAttribute('data-early-taps');
  box.removeEventListener('pointerdown', onPointerDown);
  box.removeEventListener('pointerup', onPointerUp);
  box.removeEventListener('pointercancel', onPointerCancel);
  box.removeEventListener('click', onClick);
  stopKeepingEarlyLinkPresses(box);
}

/**
 * From now on `answer` answers the early cards' taps; the kept one, if any, at once (and only once), with the
 * early dialog drawn for it, which `answer` must take over or remove. Returns the way to stop: later taps are kept
 * again until the next claim.
 */
export function answerEarlyTaps(answer: Answer): () => void {
  taps.answer = answer;
  const kept = taps.pending;
  taps.pending = null;
  if (kept) {
    kept.button.removeAttribute(BUSY);
    answer(kept.productId, kept.early);
  }
  return () => {
    if (taps.answer === answer) taps.answer = null;
  };
}
