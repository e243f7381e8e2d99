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

/**
 * Starts keeping taps on `document`: the last tap on a button of the page (`#root`) is kept, shown at once as
 * heard, and handed to the app, which replays it once. Listens in the capture phase, so nothing else sees a kept
 * tap; a second tap on the same button is the same tap (never doubled). Until the app takes over, a script or
 * style of the app that fails to load (a dropped connection) shows a notice at the foot of the page with a button
 * that loads the page again, and taps are no longer kept nor marked heard: without the app, none would be answered.
 */
export function keepTaps(document: Document): void {
  let kept: Element | null = null;
  const style = document.createElement('style');
  style.textContent = STYLE;
  document.head.appendChild(style);

  function keep(event: Event) {
    const target = event.target as Element | null;
    const button = target?.closest?.('#root button') as HTMLButtonElement | null;
    if (!button || button.disabled) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (kept && kept !== button) markHeard(kept, false);
    kept = button;
    markHeard(button, true);
  }

  function stop() {
    document.removeEventListener('click', keep, true);
    document.removeEventListener('error', failed, true);
    const button = kept;
    kept = null;
    if (button) markHeard(button, false);
    return button as HTMLElement | null;
  }

  function failed(event: Event) {
    const target = event.target as Element | null;
    if (!target || !/^(SCRIPT|LINK)$/.test(target.tagName) || document.getElementById(APP_FAILED)) return;
    document.removeEventListener('click', keep, true);
    if (kept) markHeard(kept, false);
    kept = null;
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
  const handle: KeptTaps = { take: stop };
  (window as unknown as Record<string, KeptTaps>)[TAP_KEEPER_HANDLE] = handle;
}
