import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyOrderDialogs } from './early';

const products = [{ id: 'mango-1', name: 'আমের আচার', price: 350, stock_quantity: 12 }];

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('earlyOrderDialogs', () => {
  it('draws the dialog after the next paint (the busy button is shown first), and not once removed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const show = earlyOrderDialogs(products);
    const early = show('mango-1', () => {})!;
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(early.draft()).toBeNull();
    await vi.runAllTimersAsync();
    expect(screen.getByRole('dialog', { name: 'অর্ডার করুন' })).toBeInTheDocument();
    expect(early.draft()?.values.quantity).toBe(1);
    early.remove();
    expect(screen.queryByRole('dialog')).toBeNull();

    const removedFirst = show('mango-1', () => {})!;
    removedFirst.remove();
    await vi.runAllTimersAsync();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('draws nothing for a product it was not given', () => {
    expect(earlyOrderDialogs(products)('olive-9', () => {})).toBeNull();
  });
});
