import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct as jar } from '@/testing/products';
import type { Product } from '../model/product';
import { fetchActiveProducts } from './active-products-rest';
import { subscribeToActiveProducts } from './active-products-query';
import { loadActiveProductsEarly } from './early-products';
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

  it('takes over the request the entry started before hydration instead of asking again', async () => {
    vi.mocked(fetchActiveProducts).mockResolvedValue([jar('a')]);
    loadActiveProductsEarly();
    await waitFor(() => expect(fetchActiveProducts).toHaveBeenCalledTimes(1));
    const { result } = renderHook(() => useActiveProducts());
    await waitFor(() => expect(result.current).toEqual({ status: 'loaded', data: [jar('a')] }));
    expect(fetchActiveProducts).toHaveBeenCalledTimes(1);
  });

  it('shows the early answer in its very first render when it has already arrived', async () => {
    vi.mocked(fetchActiveProducts).mockResolvedValue([jar('a')]);
    await loadActiveProductsEarly();
    const { result } = renderHook(() => useActiveProducts());
    expect(result.current).toEqual({ status: 'loaded', data: [jar('a')] });
    expect(fetchActiveProducts).toHaveBeenCalledTimes(1);
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
