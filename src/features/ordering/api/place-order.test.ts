import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const callable = vi.hoisted(() => vi.fn());
vi.mock('firebase/functions', () => ({ httpsCallable: () => callable }));
vi.mock('@/lib/functions', () => ({ functions: {} }));

const { placeOrder, RETRY_DELAYS_MS } = await import('./place-order');

const order = {
  productId: 'mango-1',
  quantity: 1,
  customerName: 'রহিম',
  customerPhone: '01712345678',
  customerAddress: 'কেরানীগঞ্জ',
  paymentMethod: 'cash_on_delivery' as const,
};
const lost = Object.assign(new Error('internal'), { code: 'functions/internal' });

beforeEach(() => {
  callable.mockReset();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('placeOrder over a flaky network', () => {
  it('asks again with the same request id when the answer was lost, and returns the order', async () => {
    callable
      .mockRejectedValueOnce(lost)
      .mockRejectedValueOnce(lost)
      .mockResolvedValue({ data: { orderId: 'o1' } });
    const placed = placeOrder({ ...order, requestId: 'Ab3dEf6hIj9lMn2pQr5t' });
    await vi.runAllTimersAsync();
    await expect(placed).resolves.toEqual({ orderId: 'o1' });
    expect(callable).toHaveBeenCalledTimes(3);
    for (const [payload] of callable.mock.calls)
      expect(payload).toMatchObject({ requestId: 'Ab3dEf6hIj9lMn2pQr5t' });
  });

  it('gives up after its last retry with the last error', async () => {
    callable.mockRejectedValue(lost);
    const placed = placeOrder({ ...order, requestId: 'Ab3dEf6hIj9lMn2pQr5t' });
    const outcome = expect(placed).rejects.toBe(lost);
    await vi.runAllTimersAsync();
    await outcome;
    expect(callable).toHaveBeenCalledTimes(RETRY_DELAYS_MS.length + 1);
  });

  it('never repeats a refusal, nor a request without an id (it could place a second order)', async () => {
    const refused = Object.assign(new Error('স্টকে যথেষ্ট বয়াম নেই।'), {
      code: 'functions/failed-precondition',
    });
    callable.mockRejectedValue(refused);
    await expect(placeOrder({ ...order, requestId: 'Ab3dEf6hIj9lMn2pQr5t' })).rejects.toBe(refused);
    expect(callable).toHaveBeenCalledTimes(1);

    callable.mockReset().mockRejectedValue(lost);
    await expect(placeOrder(order)).rejects.toBe(lost);
    expect(callable).toHaveBeenCalledTimes(1);
  });
});
