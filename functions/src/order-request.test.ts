import { describe, expect, it } from 'vitest';
import { isFirestoreDocumentId } from '../../src/features/ordering/model';
import { orderIdForRequest, ORDER_REQUEST_TTL_MS, requestExpired } from './order-request';

describe('the order a request places', () => {
  it('is the same document for the same customer and request, and a valid document id', () => {
    const id = orderIdForRequest('uid-1', 'Ab3dEf6hIj9lMn2pQr5t');
    expect(orderIdForRequest('uid-1', 'Ab3dEf6hIj9lMn2pQr5t')).toBe(id);
    expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(isFirestoreDocumentId(id)).toBe(true);
  });

  it("is another document for another customer's copy of the same request id, or another request", () => {
    const id = orderIdForRequest('uid-1', 'Ab3dEf6hIj9lMn2pQr5t');
    expect(orderIdForRequest('uid-2', 'Ab3dEf6hIj9lMn2pQr5t')).not.toBe(id);
    expect(orderIdForRequest('uid-1', 'Ab3dEf6hIj9lMn2pQr5u')).not.toBe(id);
    // The separator keeps "ab" + "c…" apart from "a" + "bc…".
    expect(orderIdForRequest('ab', 'cAAAAAAAAAAAAAAAAAAA')).not.toBe(
      orderIdForRequest('a', 'bcAAAAAAAAAAAAAAAAAA'),
    );
  });

  it('answers a repeat within a day, and calls an older one (or one with no time) expired', () => {
    const placed = new Date('2026-11-24T10:00:00Z');
    expect(requestExpired(placed, new Date(placed.getTime() + 60_000))).toBe(false);
    expect(requestExpired(placed, new Date(placed.getTime() + ORDER_REQUEST_TTL_MS + 1))).toBe(true);
    expect(requestExpired(null, placed)).toBe(true);
  });
});
