// What the shopper sees when the app's code cannot arrive (a phone's connection dropped after the first paint):
// the page's first cards, its early order dialog and its kept taps would otherwise wait for it forever, without
// a word. A notice in Bengali with a way to try again (the page loaded afresh). Plain DOM with its styles
// inline: the entry (src/main.tsx) shows it, before React and Chakra, and the stylesheet stays as it is.
import { uiTexts } from './texts';

/** Marks the notice, shown at most once. */
export const APP_LOAD_FAILURE = 'data-app-load-failure';

/** Shows the notice at the bottom of the screen, above everything (the early order dialog included). */
export function showAppLoadFailure(retry: () => void = () => window.location.reload()): void {
  if (document.querySelector(`[${APP_LOAD_FAILURE}]`)) return;
  const notice = document.createElement('div');
  notice.setAttribute('role', 'alert');
  notice.setAttribute(APP_LOAD_FAILURE, '');
  Object.assign(notice.style, {
    position: 'fixed',
    insetInline: '0',
    bottom: '0',
    zIndex: '1500',
    display: 'flex',
    flexWrap: 'wrap',
    gap: '0.75rem',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: '0.75rem 1rem',
    background: '#3b1305',
    color: '#fff',
    fontSize: '0.875rem',
  });
  const text = document.createElement('p');
  text.style.margin = '0';
  text.textContent = uiTexts.appLoadFailed;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = uiTexts.retry;
  Object.assign(button.style, {
    minHeight: '2.5rem',
    padding: '0 1rem',
    border: '0',
    borderRadius: '0.25rem',
    background: '#fff',
    color: '#9a3c0e',
    font: 'inherit',
    fontWeight: '600',
    cursor: 'pointer',
  });
  button.addEventListener('click', retry);
  notice.append(text, button);
  document.body.append(notice);
}
