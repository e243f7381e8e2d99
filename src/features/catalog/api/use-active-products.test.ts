import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct as jar } from '@/testing/products';
import type { Product } from '../model/product';
import { fetchActiveProducts } from './active-products-rest';
import { subscribeToActiveProducts } from './active-products-query';
import { SHOP_WINDOW_DATA_ID } from '../model/product-page-data';
import { useActiveProducts } from './use-active-products';

vi.mock('./active-products-rest', () => ({ fetchActiveProducts: vi.fn() }));
vi.mock('./active-products-query', () => ({ subscribeToActiveProducts: vi.fn() }));

type Listener = (products: Product[]) => void;
let listener: Listener = () => {};
let listenerError: (error: Error) => void = () => {};
const unsubscribe = vi.fn();

beforeEach(() => {
  vi.mocked(fetchActiveProducts).mockReset();
  unsubscribe.mockReset();
  vi.mocked(subscribeToActiveProducts)
    .mockReset()
    .mockImplementation((next, onError) => {
      listener = next;
      listenerError = onError;
      return unsubscribe;
    });
});

describe('useActiveProducts', () => {
  it('shows the products from one request, then follows the live listener', async () => {
    vi.mocked(fetchActiveProducts).mockResolvedValue([jar('a')]);
    const { result, unmount } = renderHook(() => useActiveProducts());
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ status: 'loaded', data: [jar('a')] }));

    await waitFor(() => expect(subscribeToActiveProducts).toHaveBeenCalledTimes(1));
    act(() => listener([jar('b'), jar('a')]));
    expect(result.current).toEqual({ status: 'loaded', data: [jar('b'), jar('a')] });

    unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('ignores a one-shot answer that arrives after the live one (it is older)', async () => {
    let answer: (products: Product[]) => void = () => {};
    vi.mocked(fetchActiveProducts).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useActiveProducts());
    await waitFor(() => expect(subscribeToActiveProducts).toHaveBeenCalledTimes(1));
    act(() => listener([jar('new')]));
    await act(async () => answer([jar('old')]));
    expect(result.current).toEqual({ status: 'loaded', data: [jar('new')] });
  });

  it('reports a failed first request while there is nothing to show, and recovers when the listener answers', async () => {
    vi.mocked(fetchActiveProducts).mockRejectedValue(new Error('unavailable'));
    const { result } = renderHook(() => useActiveProducts());
    await waitFor(() => expect(result.current.status).toBe('failed'));
    await waitFor(() => expect(subscribeToActiveProducts).toHaveBeenCalledTimes(1));
    act(() => listener([jar('a')]));
    expect(result.current).toEqual({ status: 'loaded', data: [jar('a')] });
  });

  it('reports a listener error', async () => {
    vi.mocked(fetchActiveProducts).mockResolvedValue([jar('a')]);
    const { result } = renderHook(() => useActiveProducts());
    await waitFor(() => expect(subscribeToActiveProducts).toHaveBeenCalledTimes(1));
    act(() => listenerError(new Error('permission-denied')));
    expect(result.current).toMatchObject({ status: 'failed', error: { message: 'permission-denied' } });
  });

  it('shows the jars the server sent with / in its very first render, and asks only the listener', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = SHOP_WINDOW_DATA_ID;
    script.textContent = JSON.stringify([jar('sent')]);
    document.body.append(script);
    vi.resetModules();
    const fresh = await import('./use-active-products');
    const { result } = renderHook(() => fresh.useActiveProducts());
    expect(result.current).toEqual({ status: 'loaded', data: [jar('sent')] });
    await waitFor(() => expect(subscribeToActiveProducts).toHaveBeenCalledTimes(1));
    expect(fetchActiveProducts).not.toHaveBeenCalled();
    script.remove();
  });
});

describe('useActiveProducts, drawing only what changed', () => {
  it('keeps the same state when the listener answers what is already shown', async () => {
    vi.mocked(fetchActiveProducts).mockResolvedValue([jar('a')]);
    const { result } = renderHook(() => useActiveProducts());
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    const shown = result.current;
    await waitFor(() => expect(subscribeToActiveProducts).toHaveBeenCalledTimes(1));
    act(() => listener([jar('a')]));
    expect(result.current).toBe(shown);
    act(() => listener([{ ...jar('a'), price: 280 }]));
    expect(result.current).toEqual({ status: 'loaded', data: [{ ...jar('a'), price: 280 }] });
  });
});
