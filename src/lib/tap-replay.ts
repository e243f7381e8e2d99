// Taps made before the app runs: the server-rendered page is on screen seconds before React on a slow phone,
// and a tap on one of its buttons would otherwise do nothing. In the shape of Google's JSAction and Angular's
// event replay: one generic listener, inline at the top of each server-rendered page (TAP_REPLAY_CODE), keeps
// the last tap on a button, shows on that button at once that it was heard, and hands it to the app, which
// replays it once, with a real click, as soon as the page is hydrated (replayKeptTaps). Links need nothing: the
// browser follows them. What was typed into a server-rendered field meanwhile is handed to React the same way.

/** Where the inline script leaves its handle on `window`. */
const HANDLE = 'acharTaps';

/** The attribute the inline script sets on a tapped button until the app answers it (and its look). */
export const HEARD = 'data-heard';

/** Set on the root once the page is hydrated and kept taps replayed (the browser tests wait for it). */
export const HYDRATED = 'data-hydrated';

/** The notice the inline script shows when a file of the app could not be loaded (its id and its words). */
export const APP_FAILED = 'app-failed';
export const APP_FAILED_TEXT = 'পাতাটি পুরো লোড হয়নি — ইন্টারনেট সংযোগ দেখে';
export const APP_FAILED_RETRY = 'আবার চেষ্টা করুন';

/**
 * The inline script. Kept as text, so its bytes (and the hash the Content-Security-Policy allows it by:
 * src/config/security-headers.ts) are the same in every build. It listens in the capture phase on the document,
 * so nothing else sees a kept tap; a second tap on the same button is the same tap (never doubled). Until the
 * app takes over, a script or style of the app that fails to load (a dropped connection) shows a notice at the
 * foot of the page with a button that loads the page again, and taps are no longer kept nor marked heard:
 * without the app, no tap would ever be answered.
 */
export const TAP_REPLAY_CODE =
  `(function(d){var k=null,s=d.createElement('style');` +
  `s.textContent='[${HEARD}]{cursor:progress;animation:heard .6s ease-in-out infinite alternate}` +
  `@keyframes heard{to{opacity:.45}}@media (prefers-reduced-motion:reduce){[${HEARD}]{animation:none;opacity:.6}}` +
  `#${APP_FAILED}{position:fixed;left:0;right:0;bottom:0;z-index:9999;padding:12px 16px;background:#7c2d12;` +
  `color:#fff;font:16px/1.5 sans-serif}#${APP_FAILED} button{margin-inline-start:8px;font:inherit;font-weight:700;padding:4px 12px;border:0;border-radius:6px;background:#fff;color:#7c2d12}';` +
  `d.head.appendChild(s);` +
  `function f(b,o){o?b.setAttribute('${HEARD}',''):b.removeAttribute('${HEARD}');` +
  `o?b.setAttribute('aria-busy','true'):b.removeAttribute('aria-busy')}` +
  `function t(e){var b=e.target&&e.target.closest&&e.target.closest('#root button');` +
  `if(!b||b.disabled)return;e.preventDefault();e.stopImmediatePropagation();` +
  `if(k&&k!==b)f(k,0);k=b;f(b,1)}` +
  `function x(e){var g=e.target;if(!g||!/^(SCRIPT|LINK)$/.test(g.tagName)||d.getElementById('${APP_FAILED}'))return;` +
  `d.removeEventListener('click',t,true);if(k)f(k,0);k=null;var n=d.createElement('div'),r=d.createElement('button');n.id='${APP_FAILED}';` +
  `n.setAttribute('role','alert');n.textContent='${APP_FAILED_TEXT}';r.textContent='${APP_FAILED_RETRY}';` +
  `r.onclick=function(){location.reload()};n.appendChild(r);d.body.appendChild(n)}` +
  `d.addEventListener('click',t,true);d.addEventListener('error',x,true);` +
  `window.${HANDLE}={take:function(){d.removeEventListener('click',t,true);d.removeEventListener('error',x,true);` +
  `var b=k;k=null;if(b)f(b,0);return b}}})(document)`;

interface KeptTaps {
  /** Stops keeping taps and gives the one kept, if any. */
  take(): HTMLElement | null;
}

/** Stops the inline script's listener (React answers taps from now on) and gives the tap it kept, if any. */
export function takeKeptTap(): HTMLElement | null {
  const handle = (window as unknown as Record<string, KeptTaps | undefined>)[HANDLE];
  return handle?.take() ?? null;
}

const valueSetter = (field: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;

/**
 * Hands what was typed into the server-rendered fields before hydration to React: hydration keeps a field's
 * typed value on screen, but the component's state still holds the rendered one. An input event for each changed
 * field tells it, as typing would (the value is set through the element's own setter first, so that React sees
 * a change: the documented way testing libraries fire a change).
 */
function replayTypedValues(root: HTMLElement) {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input:not([type=checkbox]):not([type=radio]):not([type=file]), textarea',
  )) {
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    field.value = field.defaultValue;
    valueSetter(field)?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Once the page is hydrated: what was typed before, then the kept tap, once (a click on the same button, now
 * React's; nothing if the app has removed it meanwhile). `tap` is what takeKeptTap gave before hydration.
 */
export function replayKeptTaps(root: HTMLElement, tap: HTMLElement | null): void {
  replayTypedValues(root);
  if (tap?.isConnected && root.contains(tap)) tap.click();
  root.setAttribute(HYDRATED, '');
}
