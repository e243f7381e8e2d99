import { describe, expect, it } from 'vitest';
import { newOrderRequestId, ORDER_REQUEST_ID_PATTERN } from './order-request-id';

describe('an order request id', () => {
  it('is 20 letters and digits, new each time', () => {
    const ids = Array.from({ length: 1000 }, newOrderRequestId);
    for (const id of ids) expect(id).toMatch(ORDER_REQUEST_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 200 }, newOrderRequestId).join(''));
    expect(seen.size).toBe(62);
  });
});
