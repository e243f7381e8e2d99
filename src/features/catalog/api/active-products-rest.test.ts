/**
 * The storefront's first request as the browser sends it (plain fetch, no SDK) and how its answer is read.
 * What it returns from the emulator with the shop's real rules and indexes: active-products.emulator.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firebaseConfig } from '@/lib/firebase-config';
import { fetchActiveProducts, fromRestValue, productsFromRunQuery } from './active-products-rest';

const answer = (body: unknown, status = 200) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the shop window in one request', () => {
  it('sends a CORS "simple" request (no preflight round trip): a text/plain POST with no other headers', async () => {
    const sent = answer([{ readTime: '2026-11-23T00:00:00Z' }]);
    await expect(fetchActiveProducts('http://127.0.0.1:1')).resolves.toEqual([]);
    const [url, init] = sent.mock.calls[0];
    expect(String(url)).toBe(
      `http://127.0.0.1:1/v1/projects/${firebaseConfig.projectId}/databases/(default)/documents:runQuery?key=${firebaseConfig.apiKey}`,
    );
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'Content-Type': 'text/plain' });
  });

  it("fails with the server's reason when the request is refused", async () => {
    answer([{ error: { code: 403, message: 'Missing or insufficient permissions.' } }], 403);
    await expect(fetchActiveProducts('http://127.0.0.1:1')).rejects.toThrow(
      'Missing or insufficient permissions.',
    );
  });

  it("fails with the HTTP status when the answer is not Firestore's", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('<html>bad gateway</html>', { status: 502 }),
    );
    await expect(fetchActiveProducts('http://127.0.0.1:1')).rejects.toThrow('HTTP 502');
  });
});

describe('reading a runQuery answer', () => {
  it('reads every kind of value a product holds', () => {
    expect(fromRestValue({ integerValue: '12' })).toBe(12);
    expect(fromRestValue({ doubleValue: 99.5 })).toBe(99.5);
    expect(fromRestValue({ doubleValue: 'NaN' })).toBeNaN();
    expect(fromRestValue({ stringValue: 'আম' })).toBe('আম');
    expect(fromRestValue({ booleanValue: false })).toBe(false);
    expect(fromRestValue({ nullValue: null })).toBeNull();
    expect(fromRestValue({ timestampValue: '2026-11-03T10:00:00.123456Z' })).toEqual(
      new Date('2026-11-03T10:00:00.123Z'),
    );
    expect(
      fromRestValue({ mapValue: { fields: { a: { arrayValue: { values: [{ integerValue: '1' }] } } } } }),
    ).toEqual({ a: [1] });
  });

  it('skips the read-time-only answer of an empty result and malformed products', () => {
    expect(productsFromRunQuery([{}])).toEqual([]);
    expect(
      productsFromRunQuery([
        { document: { name: 'projects/p/databases/(default)/documents/products/x', fields: {} } },
      ]),
    ).toEqual([]);
  });
});
