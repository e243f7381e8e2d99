import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_REPLAY, keepEarlyTaps, reactListensToTaps, replayEarlyTap } from './early-replay';

/** A prerendered header with the menu and search buttons, and a button that keeps nothing. */
function page() {
  const root = document.createElement('div');
  const header = document.createElement('header');
  const button = (name: string, early: boolean) => {
    const element = document.createElement('button');
    element.setAttribute('aria-label', name);
    if (early) element.setAttribute(EARLY_REPLAY, '');
    element.append(document.createElement('svg'));
    header.append(element);
    return element;
  };
  const menu = button('menu', true);
  const search = button('search', true);
  const other = button('other', false);
  root.append(header);
  document.body.append(root);
  keepEarlyTaps(root);
  return { root, header, menu, search, other };
}

/** The app's handler on `button`, as React's would be once hydrated. */
function answered(button: HTMLElement) {
  const handler = vi.fn();
  button.addEventListener('click', handler);
  return handler;
}

afterEach(() => {
  replayEarlyTap(null); // lets go of the listener and of any tap a test left kept
  document.body.replaceChildren();
});

describe("taps on the header's buttons before the app runs", () => {
  it('keep the last one, shown at once on its button, and replay it once the header is hydrated', () => {
    const { header, menu, search } = page();
    search.click();
    menu.querySelector('svg')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(search).not.toHaveAttribute('aria-busy');
    expect(menu).toHaveAttribute('aria-busy', 'true');

    const onMenu = answered(menu);
    const onSearch = answered(search);
    replayEarlyTap(header);
    expect(onMenu).toHaveBeenCalledTimes(1);
    expect(onSearch).not.toHaveBeenCalled();
    expect(menu).not.toHaveAttribute('aria-busy');

    // Replayed once; later taps are the app's alone.
    replayEarlyTap(header);
    menu.click();
    expect(onMenu).toHaveBeenCalledTimes(2);
    expect(menu).not.toHaveAttribute('aria-busy');
  });

  it('take a tap back with a second one on the same button (a menu opened and closed again)', () => {
    const { header, menu } = page();
    menu.click();
    menu.click();
    expect(menu).not.toHaveAttribute('aria-busy');
    const onMenu = answered(menu);
    replayEarlyTap(header);
    expect(onMenu).not.toHaveBeenCalled();
  });

  it('forget the kept tap when a tap comes once React listens: that one is answered by React, not twice', () => {
    const { header, menu } = page();
    menu.click();
    reactListensToTaps();
    const onMenu = answered(menu);
    menu.click(); // React's answer
    expect(menu).not.toHaveAttribute('aria-busy');
    replayEarlyTap(header);
    expect(onMenu).toHaveBeenCalledTimes(1);
  });

  it('leave unmarked buttons alone, and replay nothing outside the hydrated part', () => {
    const { root, header, menu, other } = page();
    other.click();
    expect(other).not.toHaveAttribute('aria-busy');
    menu.click();
    const onMenu = answered(menu);
    const elsewhere = document.createElement('section');
    root.append(elsewhere);
    replayEarlyTap(elsewhere);
    expect(onMenu).not.toHaveBeenCalled();
    expect(menu).not.toHaveAttribute('aria-busy');
    expect(header).toContainElement(menu);
  });
});
