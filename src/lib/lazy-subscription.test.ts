import { describe, expect, it, vi } from 'vitest';
import { subscribeLazily } from './lazy-subscription';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('subscribeLazily', () => {
  it('subscribes once the code has loaded and unsubscribes later', async () => {
    const unsubscribe = vi.fn();
    const subscribe = vi.fn(() => unsubscribe);
    const stop = subscribeLazily(async () => subscribe, vi.fn());
    await flush();
    expect(subscribe).toHaveBeenCalledTimes(1);

    stop();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('never subscribes when stopped while the code was still loading', async () => {
    const subscribe = vi.fn(() => () => {});
    const stop = subscribeLazily(async () => subscribe, vi.fn());
    stop();
    await flush();
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('reports a failed load as an error', async () => {
    const onError = vi.fn();
    subscribeLazily(() => Promise.reject(new Error('chunk failed')), onError);
    await flush();
    expect(onError).toHaveBeenCalledWith(new Error('chunk failed'));
  });
});
