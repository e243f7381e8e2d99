import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarlyOrderDialog } from '@/features/ordering/model/order-form-values';
import {
  EARLY_ORDER,
  answerEarlyTaps,
  catchEarlyTaps,
  showKeptTapsIn,
  stopCatchingEarlyTaps,
} from './early-taps';

/** A grid of early cards' order buttons, one per product id, listened to as the entry does. */
function earlyButtons(...ids: string[]) {
  const box = document.createElement('div');
  for (const id of ids) {
    const button = document.createElement('button');
    button.setAttribute(EARLY_ORDER, id);
    button.append(document.createElement('span'));
    box.append(button);
  }
  document.body.append(box);
  catchEarlyTaps(box);
  const button = (id: string) => box.querySelector<HTMLButtonElement>(`[${EARLY_ORDER}="${id}"]`)!;
  return { box, button };
}

/** A primary pointer's event (jsdom has no PointerEvent: a mouse event with its `isPrimary`). */
function pointer(type: string, target: Element) {
  const event = new MouseEvent(type, { bubbles: true, button: 0 });
  Object.defineProperty(event, 'isPrimary', { value: true });
  target.dispatchEvent(event);
}

const stops: (() => void)[] = [];
const claim = (answer: Parameters<typeof answerEarlyTaps>[0]) => stops.push(answerEarlyTaps(answer));

afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  // A tap a test left kept is taken here, so that the next test starts with none.
  answerEarlyTaps(() => {})();
  showKeptTapsIn(null);
  document.body.replaceChildren();
});

describe("taps on the early cards' order buttons", () => {
  it('are kept until the app claims them, shown at once on the button, and answered once', () => {
    const { button } = earlyButtons('mango', 'olive');
    button('mango').click();
    expect(button('mango')).toHaveAttribute('aria-busy', 'true');

    const answer = vi.fn();
    claim(answer);
    expect(answer.mock.calls).toEqual([['mango', null]]);
    expect(button('mango')).not.toHaveAttribute('aria-busy');

    // A second claim (the grid drawn again) finds nothing left to answer.
    const again = vi.fn();
    claim(again);
    expect(again).not.toHaveBeenCalled();
  });

  it('keep only the last tap before the app runs: one dialog, for the jar tapped last', () => {
    const { button } = earlyButtons('mango', 'olive');
    button('mango').click();
    button('olive').click();
    button('olive').click();
    expect(button('mango')).not.toHaveAttribute('aria-busy');
    expect(button('olive')).toHaveAttribute('aria-busy', 'true');

    const answer = vi.fn();
    claim(answer);
    expect(answer.mock.calls).toEqual([['olive', null]]);
  });

  it('are answered as they come once claimed, a tap inside the button included; until the claim stops', () => {
    const { button } = earlyButtons('mango');
    const answer = vi.fn();
    const stop = answerEarlyTaps(answer);
    button('mango').querySelector('span')!.click();
    expect(answer.mock.calls).toEqual([['mango', null]]);
    expect(button('mango')).not.toHaveAttribute('aria-busy');

    stop();
    button('mango').click();
    expect(answer).toHaveBeenCalledTimes(1);
    expect(button('mango')).toHaveAttribute('aria-busy', 'true');
  });

  it('are listened to once per grid, and clicks elsewhere in it are left alone', () => {
    const { box, button } = earlyButtons('mango');
    catchEarlyTaps(box); // painted twice: still one listener
    const elsewhere = document.createElement('p');
    box.append(elsewhere);
    const answer = vi.fn();
    claim(answer);
    elsewhere.click();
    button('mango').click();
    expect(answer.mock.calls).toEqual([['mango', null]]);
  });

  it("take a pointer's tap at its release, once, even when the card was moved in the middle of it", () => {
    const { box, button } = earlyButtons('mango');
    const answer = vi.fn();
    claim(answer);
    pointer('pointerdown', button('mango'));
    // React takes the early cards into its tree: the same nodes, moved; no click follows such a press.
    const host = document.createElement('section');
    document.body.append(host);
    host.append(box);
    pointer('pointerup', button('mango'));
    expect(answer.mock.calls).toEqual([['mango', null]]);
    // A press whose click does follow is not answered twice.
    pointer('pointerdown', button('mango'));
    pointer('pointerup', button('mango'));
    button('mango').dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
    expect(answer).toHaveBeenCalledTimes(2);
  });

  it('leave a press that became a scroll, or that started elsewhere, unanswered', () => {
    const { box, button } = earlyButtons('mango');
    const answer = vi.fn();
    claim(answer);
    pointer('pointerdown', button('mango'));
    pointer('pointercancel', button('mango'));
    pointer('pointerup', button('mango'));
    pointer('pointerdown', box);
    pointer('pointerup', button('mango'));
    expect(answer).not.toHaveBeenCalled();
  });

  it("are no longer caught in a box once it stops catching (its buttons are React's), and it can catch again", () => {
    const { box, button } = earlyButtons('mango');
    stopCatchingEarlyTaps(box);
    pointer('pointerdown', button('mango'));
    pointer('pointerup', button('mango'));
    button('mango').click();
    expect(button('mango')).not.toHaveAttribute('aria-busy');
    const answer = vi.fn();
    claim(answer);
    expect(answer).not.toHaveBeenCalled();

    catchEarlyTaps(box);
    button('mango').click();
    expect(answer.mock.calls).toEqual([['mango', null]]);
  });

  it("show a kept tap's answer drawn before the app (the early dialog), and hand it to the app with the tap", () => {
    const { button } = earlyButtons('mango', 'olive');
    const drawn: { id: string; dialog: EarlyOrderDialog; drop: () => void }[] = [];
    showKeptTapsIn((id, drop) => {
      const dialog = { draft: () => null, remove: vi.fn() };
      drawn.push({ id, dialog, drop });
      return dialog;
    });
    button('mango').click();
    button('olive').click(); // a second tap before the app: the first one's dialog is taken down
    expect(drawn.map(({ id }) => id)).toEqual(['mango', 'olive']);
    expect(drawn[0].dialog.remove).toHaveBeenCalledTimes(1);
    expect(drawn[1].dialog.remove).not.toHaveBeenCalled();

    const answer = vi.fn();
    claim(answer);
    expect(answer.mock.calls).toEqual([['olive', drawn[1].dialog]]);
    // Taps answered by the app draw nothing of their own.
    button('mango').click();
    expect(drawn).toHaveLength(2);
    expect(answer.mock.calls[1]).toEqual(['mango', null]);
  });

  it('drop a kept tap whose early dialog the shopper closed: nothing is answered for it later', () => {
    const { button } = earlyButtons('mango');
    let drop = () => {};
    showKeptTapsIn((_id, dropTap) => {
      drop = dropTap;
      return { draft: () => null, remove: () => {} };
    });
    button('mango').click();
    button('mango').blur();
    drop();
    expect(button('mango')).not.toHaveAttribute('aria-busy');
    expect(button('mango')).toHaveFocus();
    const answer = vi.fn();
    claim(answer);
    expect(answer).not.toHaveBeenCalled();
  });

  it("ignore a stale close: a dialog closed after the next tap's does not drop that tap", () => {
    const { button } = earlyButtons('mango', 'olive');
    const drops: (() => void)[] = [];
    showKeptTapsIn((_id, drop) => {
      drops.push(drop);
      return { draft: () => null, remove: () => {} };
    });
    button('mango').click();
    button('olive').click();
    drops[0]();
    const answer = vi.fn();
    claim(answer);
    expect(answer).toHaveBeenCalledWith('olive', expect.anything());
  });

  it('leave a disabled button alone (a sold-out jar on its page): pointer events still reach it', () => {
    const { button } = earlyButtons('mango');
    button('mango').disabled = true;
    pointer('pointerdown', button('mango'));
    pointer('pointerup', button('mango'));
    expect(button('mango')).not.toHaveAttribute('aria-busy');
    const answer = vi.fn();
    claim(answer);
    expect(answer).not.toHaveBeenCalled();
  });
});
