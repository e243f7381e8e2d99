import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepEarlyLinkPresses, stopKeepingEarlyLinkPresses } from './early-links';

/** An early card's link inside a box whose presses are kept, as the entry's cards are. */
function earlyLink(href = '/p/mango') {
  const box = document.createElement('div');
  const link = document.createElement('a');
  link.href = href;
  link.textContent = 'আমের আচার';
  box.append(link);
  document.body.append(box);
  keepEarlyLinkPresses(box);
  return { box, link };
}

/** A primary button's pointer event (jsdom has no PointerEvent: a mouse event with the pointer's fields). */
function pointer(type: string, target: Element, pointerType = 'mouse', init: MouseEventInit = {}) {
  const event = new MouseEvent(type, { bubbles: true, button: 0, ...init });
  Object.defineProperties(event, { isPrimary: { value: true }, pointerType: { value: pointerType } });
  target.dispatchEvent(event);
}

/** Counts the clicks that reach `link`, keeping the document where it is (jsdom would try to navigate). */
function clicksOn(link: HTMLAnchorElement) {
  const clicks = vi.fn();
  link.addEventListener('click', (event) => {
    event.preventDefault();
    clicks(event.isTrusted);
  });
  return clicks;
}

/** React's own card's link in the early one's place: a new node, the same address. */
function replaced(link: HTMLAnchorElement) {
  const own = link.cloneNode(true) as HTMLAnchorElement;
  link.replaceWith(own);
  return own;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => document.body.replaceChildren());

describe("an early card's link pressed while React takes the card over", () => {
  it('is clicked once on the link under the release when the press got no click (the card was replaced)', async () => {
    const { link } = earlyLink();
    pointer('pointerdown', link);
    const own = replaced(link);
    const clicks = clicksOn(own);
    pointer('pointerup', own);
    expect(clicks).not.toHaveBeenCalled(); // not in the release's task: a click may still follow there
    await nextTask();
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('is clicked when the same node was moved in the middle of the press', async () => {
    const { box, link } = earlyLink();
    const clicks = clicksOn(link);
    pointer('pointerdown', link);
    document.body.prepend(box);
    pointer('pointerup', link);
    await nextTask();
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it("is left to the browser's own click when one follows: never followed twice", async () => {
    const { link } = earlyLink();
    const clicks = clicksOn(link);
    pointer('pointerdown', link);
    pointer('pointerup', link);
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
    await nextTask();
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('leaves a touch alone (its click comes at the release), and a press that became a scroll', async () => {
    const { link } = earlyLink();
    const clicks = clicksOn(link);
    pointer('pointerdown', link, 'touch');
    pointer('pointerup', link, 'touch');
    pointer('pointerdown', link);
    pointer('pointercancel', link);
    pointer('pointerup', link);
    await nextTask();
    expect(clicks).not.toHaveBeenCalled();
  });

  it('leaves a press with a modifier (a new tab), and one released on a link elsewhere or off any link', async () => {
    const { box, link } = earlyLink('/p/mango');
    const other = document.createElement('a');
    other.href = '/p/olive';
    box.append(other);
    const clicks = [clicksOn(link), clicksOn(other)];
    pointer('pointerdown', link, 'mouse', { ctrlKey: true });
    pointer('pointerup', link, 'mouse', { ctrlKey: true });
    pointer('pointerdown', link);
    pointer('pointerup', other);
    pointer('pointerdown', link);
    pointer('pointerup', box);
    await nextTask();
    for (const each of clicks) expect(each).not.toHaveBeenCalled();
  });

  it('is not watched in a box that stopped keeping presses (its links are React’s)', async () => {
    const { box, link } = earlyLink();
    stopKeepingEarlyLinkPresses(box);
    pointer('pointerdown', link);
    const own = replaced(link);
    const clicks = clicksOn(own);
    pointer('pointerup', own);
    await nextTask();
    expect(clicks).not.toHaveBeenCalled();
  });
});
