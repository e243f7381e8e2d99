// The tap keeper: the inline script at the top of each server-rendered page (built from this file, minified, by
// scripts/build/tap-keeper.ts into ./tap-keeper-script.ts, whose hash the Content-Security-Policy allows). It
// runs before anything is painted and before the app; the app takes over from it (./tap-replay.ts). Written for
// the browsers the shop supports without a polyfill; of ./tap-replay.ts it takes only the shared names.
import {
  APP_FAILED,
  APP_FAILED_RETRY,
  APP_FAILED_TEXT,
  HEARD,
  TAP_KEEPER_HANDLE,
  type KeptTaps,
} from './tap-replay';
import { SHOWS_SUBJECT, SUBJECT } from './invoker';

/** The look of a heard button and of the notice, in a <style> of its own (no class of the app's is known yet). */
const STYLE =
  `[${HEARD}]{cursor:progress;animation:heard .6s ease-in-out infinite alternate}` +
  `@keyframes heard{to{opacity:.45}}` +
  `@media (prefers-reduced-motion:reduce){[${HEARD}]{animation:none;opacity:.6}}` +
  `#${APP_FAILED}{position:fixed;left:0;right:0;bottom:0;z-index:9999;padding:12px 16px;background:#7c2d12;` +
  `color:#fff;font:16px/1.5 sans-serif}` +
  `#${APP_FAILED} button{margin-inline-start:8px;font:inherit;font-weight:700;padding:4px 12px;border:0;` +
  `border-radius:6px;background:#fff;color:#7c2d12}`;

function markHeard(button: Element, heard: boolean) {
  button.toggleAttribute(HEARD, heard);
  if (heard) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
}

/** A second tap this soon after one that opened a dialog is the same tap (a double tap), not one in the dialog. */
const DOUBLE_TAP_MS = 500;

/** Where the browser runs invoker commands itself (`commandfor`/`command`, HTML's own, no script needed). */
const nativeCommands = () => 'command' in HTMLButtonElement.prototype;

/**
 * Runs a button's invoker command on its dialog, for a browser that lacks them: the two the pages use.
 * (Where they are native the browser has done it: the click is left alone.)
 */
function runCommand(button: Element, document: Document) {
  const dialog = document.getElementById(button.getAttribute('commandfor') ?? '') as HTMLDialogElement | null;
  if (!dialog || nativeCommands()) return;
  const command = button.getAttribute('command');
  if (command === 'show-modal' && !dialog.open) dialog.showModal();
  else if (command === 'close' && dialog.open) dialog.close();
}

/**
 * Starts keeping taps on `document`: the last tap on a button of the page (`#root`) is kept, shown at once as
 * heard, and handed to the app, which replays it once. Listens in the capture phase, so nothing else sees a kept
 * tap; a second tap on the same button is the same tap (never doubled), and so is one on a dialog just opened. A button that opens or closes a dialog
 * by an invoker command (`commandfor`, `command="show-modal"` / `"close"`) is answered at once instead — by the
 * browser, or here where the browser lacks them — and the last one that opened a dialog is kept too, so that
 * the app learns what was opened (the dialog's elements marked SHOWS_SUBJECT show the button's SUBJECT meanwhile); a tap beside an open dialog (on its backdrop) closes it, and a dialog closed
 * before the app runs forgets its taps. Until the app takes over, a script or style of the app that fails to
 * load (a dropped connection) shows a notice at the foot of the page with a button that loads the page again,
 * and taps are no longer kept nor marked heard, nor dialogs opened: without the app, none would be answered.
 */
export function keepTaps(document: Document): void {
  let kept: Element | null = null;
  let opener: Element | null = null;
  let appFailed = false;
  /** When an invoker last opened a dialog, and which: a double tap's second tap lands on it, not on the page. */
  let opened: { dialog: Element | null; at: number } = { dialog: null, at: 0 };
  const style = document.createElement('style');
  style.textContent = STYLE;
  document.head.appendChild(style);

  function keep(event: Event) {
    const target = event.target as Element | null;
    if (opened.dialog?.contains(target) && event.timeStamp - opened.at < DOUBLE_TAP_MS) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    if (target instanceof HTMLDialogElement && target.open && target.closest('#root')) {
      target.close(); // the backdrop: the dialog's own content covers the rest of it
      return;
    }
    const button = target?.closest?.('#root button') as HTMLButtonElement | null;
    if (!button || button.disabled) return;
    if (appFailed) {
      // Without the app no form is sent: a dialog would only cover the notice (and make it inert).
      if (button.hasAttribute('commandfor')) event.preventDefault();
      return;
    }
    if (button.hasAttribute('commandfor')) {
      runCommand(button, document);
      if (button.getAttribute('command') === 'show-modal') {
        const dialog = document.getElementById(button.getAttribute('commandfor') ?? '');
        const subject = button.getAttribute(SUBJECT);
        // What the dialog is opened for, in its own words: the app renders the same once it runs.
        if (dialog && subject !== null)
          for (const shown of dialog.querySelectorAll(`[${SHOWS_SUBJECT}]`)) shown.textContent = subject;
        opener = button;
        opened = { dialog, at: event.timeStamp };
      }
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    if (kept && kept !== button) markHeard(kept, false);
    kept = button;
    markHeard(button, true);
  }

  function closed(event: Event) {
    const dialog = event.target as Element;
    if (opener?.getAttribute('commandfor') === dialog.id) opener = null;
    if (kept && dialog.contains(kept)) {
      markHeard(kept, false);
      kept = null;
    }
  }

  function stop() {
    document.removeEventListener('click', keep, true);
    document.removeEventListener('error', failed, true);
    document.removeEventListener('close', closed, true);
    const taps = [opener, kept].filter((tap): tap is HTMLElement => tap !== null);
    if (kept) markHeard(kept, false);
    kept = opener = null;
    return taps;
  }

  function failed(event: Event) {
    const target = event.target as Element | null;
    if (!target || !/^(SCRIPT|LINK)$/.test(target.tagName) || document.getElementById(APP_FAILED)) return;
    appFailed = true;
    if (kept) markHeard(kept, false);
    kept = opener = null;
    for (const dialog of document.querySelectorAll<HTMLDialogElement>('#root dialog[open]')) dialog.close();
    const notice = document.createElement('div');
    const retry = document.createElement('button');
    notice.id = APP_FAILED;
    notice.setAttribute('role', 'alert');
    notice.textContent = APP_FAILED_TEXT;
    retry.textContent = APP_FAILED_RETRY;
    retry.onclick = () => location.reload();
    notice.appendChild(retry);
    document.body.appendChild(notice);
  }

  document.addEventListener('click', keep, true);
  document.addEventListener('error', failed, true);
  document.addEventListener('close', closed, true);
  const handle: KeptTaps = { take: stop };
  (window as unknown as Record<string, KeptTaps>)[TAP_KEEPER_HANDLE] = handle;
}
