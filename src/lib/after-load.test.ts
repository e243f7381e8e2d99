import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenSettled } from './after-load';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('whenSettled', () => {
  it('waits for the quiet time after load when nobody interacts', async () => {
    const settled = vi.fn();
    void whenSettled(4000).then(settled);
    await vi.advanceTimersByTimeAsync(3999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it("settles at the shopper's first interaction", async () => {
    const settled = vi.fn();
    void whenSettled(4000).then(settled);
    window.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledTimes(1);
  });
});
