// Taps made before the app runs: the server-rendered page is on screen seconds before React on a slow phone,
// and a tap on one of its buttons would otherwise do nothing. In the shape of Google's JSAction and Angular's
// event replay: one generic listener, inline at the top of each server-rendered page (the tap keeper,
// ./tap-keeper.ts), keeps the last tap on a button, shows on that button at once that it was heard, and hands it
// to the app, which replays it once, with a real click, as soon as the page is hydrated (replayKeptTaps). Links
// need nothing: the browser follows them. What was typed into a server-rendered field meanwhile is handed to
// React the same way. The names below are shared by the keeper and the app (the keeper's build inlines them).

/** Where the inline script leaves its handle on `window`. */
export const TAP_KEEPER_HANDLE = 'acharTaps';

/** The attribute the inline script sets on a tapped button until the app answers it (and its look). */
export const HEARD = 'data-heard';

/** Set on the root once the page is hydrated and kept taps replayed (the browser tests wait for it). */
export const HYDRATED = 'data-hydrated';

/** The notice the inline script shows when a file of the app could not be loaded (its id and its words). */
export const APP_FAILED = 'app-failed';
export const APP_FAILED_TEXT = 'পাতাটি পুরো লোড হয়নি — ইন্টারনেট সংযোগ দেখে';
export const APP_FAILED_RETRY = 'আবার চেষ্টা করুন';

/** What the keeper leaves on `window` for the app. */
export interface KeptTaps {
  /** Stops keeping taps and gives those kept, in order: the button that opened a dialog, then the last tap. */
  take(): HTMLElement[];
}

/** Stops the inline script's listener (React answers taps from now on) and gives the taps it kept. */
export function takeKeptTaps(): HTMLElement[] {
  const handle = (window as unknown as Record<string, KeptTaps | undefined>)[TAP_KEEPER_HANDLE];
  return handle?.take() ?? [];
}

const valueSetter = (field: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;

/** A field typed into before hydration: what the server rendered in it, and what the shopper typed. */
interface TypedField {
  field: HTMLInputElement | HTMLTextAreaElement;
  rendered: string;
  typed: string;
}

/**
 * What was typed into the server-rendered fields, read at the page's first commit: hydration keeps a field's typed
 * value on screen, but the component's state still holds the rendered one (the field's `defaultValue` since
 * hydration). Read once for all fields before any is handed over: handing one over re-renders its form, and a
 * controlled field re-rendered with its state's value shows that value again (React sets it), so a field read
 * after another's hand-over would seem untouched (the order form's address, handed over after the name).
 */
function typedFields(root: HTMLElement): TypedField[] {
  return [
    ...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input:not([type=checkbox]):not([type=radio]):not([type=file]), textarea',
    ),
  ]
    .map((field) => ({ field, rendered: field.defaultValue, typed: field.value }))
    .filter(({ rendered, typed }) => typed !== rendered);
}

/**
 * Hands what was typed before hydration to React: an input event for each field, as typing would (the value is
 * set through the element's own setter first, so that React sees a change: the documented way testing libraries
 * fire a change). A field inside a Suspense boundary (a lazily loaded part) is not hydrated yet when the page's
 * first commit runs this: React hydrates its boundary at the first event on it, and takes the value on screen then
 * as the one it rendered. So the field first shows what was rendered, for an event that only hydrates it, and then
 * what was typed, for the change.
 */
function replayTypedValues(fields: TypedField[]): void {
  for (const { field, rendered, typed } of fields) {
    if (!field.isConnected) continue;
    field.value = rendered;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    valueSetter(field)?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * A button that opened a dialog the shopper has closed since (Escape while the page hydrated, after the keeper
 * had handed its taps over): replayed, it would open the dialog again, for nothing.
 */
function opensClosedDialog(tap: HTMLElement): boolean {
  if (tap.getAttribute('command') !== 'show-modal') return false;
  const dialog = document.getElementById(tap.getAttribute('commandfor') ?? '');
  return dialog instanceof HTMLDialogElement && !dialog.open;
}

/**
 * Once the page is hydrated: what was typed (first, so that a field's boundary is hydrated as the server rendered
 * it, before any replayed tap changes what is in it), the button that opened a dialog (so the app knows what is
 * open), then the last tap, once each (a click on the same button, now React's; nothing for a button the app has
 * removed meanwhile), in a task of their own. The last tap waits a task more, so that it meets the state the earlier ones left (a confirm
 * sends what was typed). `taps` is what takeKeptTaps gave before hydration.
 */
export async function replayKeptTaps(root: HTMLElement, taps: HTMLElement[]): Promise<void> {
  const click = (tap: HTMLElement | undefined) => {
    if (tap?.isConnected && root.contains(tap) && !opensClosedDialog(tap)) tap.click();
  };
  // Read now, before any render after hydration can set a controlled field back to its state's value.
  const typed = typedFields(root);
  // Out of the commit that called this (boot's first effect): inside it, React cannot hydrate a boundary at an
  // event on it, and drops the event.
  await new Promise((resolve) => setTimeout(resolve, 0));
  replayTypedValues(typed);
  for (const tap of taps.slice(0, -1)) click(tap);
  if (taps.length > 0) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    click(taps.at(-1));
  }
  root.setAttribute(HYDRATED, '');
}
