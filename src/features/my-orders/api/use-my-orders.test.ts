import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyOrder } from '../model/my-order';
import { subscribeToMyOrders } from './my-orders-query';
import { useMyOrders } from './use-my-orders';

vi.mock('./my-orders-query', () => ({ subscribeToMyOrders: vi.fn() }));

type Listener = { uid: string; next: (orders: MyOrder[]) => void; fail: (error: Error) => void };
let listeners: Listener[] = [];
const unsubscribe = vi.fn();
const mine = (id: string) => ({ id }) as MyOrder;

beforeEach(() => {
  listeners = [];
  unsubscribe.mockReset();
  vi.mocked(subscribeToMyOrders).mockImplementation((uid, next, fail) => {
    listeners.push({ uid, next, fail });
    return unsubscribe;
  });
});

describe('useMyOrders', () => {
  it('asks nothing for a visitor', () => {
    const { result } = renderHook(() => useMyOrders(null));
    expect(result.current).toEqual({ status: 'idle' });
    expect(subscribeToMyOrders).not.toHaveBeenCalled();
  });

  it("shows the shopper's own orders live, and never the previous shopper's to the next", async () => {
    const { result, rerender } = renderHook(({ uid }) => useMyOrders(uid), {
      initialProps: { uid: 'rahim' },
    });
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(listeners).toHaveLength(1));
    act(() => listeners[0].next([mine('r1')]));
    expect(result.current).toEqual({ status: 'loaded', data: [mine('r1')] });

    rerender({ uid: 'karim' });
    expect(result.current).toEqual({ status: 'loading' });
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(listeners.map((listener) => listener.uid)).toEqual(['rahim', 'karim']));
    act(() => listeners[1].next([]));
    expect(result.current).toEqual({ status: 'loaded', data: [] });
  });

  it('reports a refused query as failed, not as an empty list', async () => {
    const { result } = renderHook(() => useMyOrders('rahim'));
    await waitFor(() => expect(listeners).toHaveLength(1));
    act(() => listeners[0].fail(new Error('permission-denied')));
    expect(result.current).toEqual({ status: 'failed', error: new Error('permission-denied') });
  });
});
