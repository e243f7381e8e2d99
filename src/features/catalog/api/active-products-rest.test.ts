// @vitest-environment node
/**
 * The storefront's first request, sent as the browser sends it (plain fetch, no SDK) to this repository's
 * Firestore emulator with the shop's real rules and indexes: a visitor gets exactly the products on sale,
 * newest first, and the composite index in firestore.indexes.json serves the query.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../../emulators/src/firestore/server';
import { firebaseConfig } from '@/lib/firebase-config';
import { fetchActiveProducts, fromRestValue, productsFromRunQuery } from './active-products-rest';

// Through node:path: jsdom's URL class would resolve a relative URL against http://localhost instead.
const repoFile = (name: string) => resolve(dirname(fileURLToPath(import.meta.url)), '../../../..', name);
let emulator: FirestoreEmulator;
let origin = '';

async function putProduct(id: string, fields: Record<string, unknown>) {
  const path = `projects/${firebaseConfig.projectId}/databases/(default)/documents/products/${id}`;
  const response = await fetch(`${origin}/v1/${path}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ fields }),
  });
  expect(response.status).toBe(200);
}

const product = (name: string, createdAt: string, active: boolean, stock: number) => ({
  name: { stringValue: name },
  price: { integerValue: '250' },
  original_price: { integerValue: '300' },
  image_url: { stringValue: `https://example.test/${name}.webp` },
  stock_quantity: { integerValue: String(stock) },
  is_active: { booleanValue: active },
  created_at: { timestampValue: createdAt },
});

beforeAll(async () => {
  emulator = await startFirestoreEmulator({
    port: 0,
    rulesFile: repoFile('firestore.rules'),
    // Enforced for this project, as production would: a query the indexes do not serve is refused.
    indexes: { file: repoFile('firestore.indexes.json'), projectId: firebaseConfig.projectId },
  });
  origin = `http://${emulator.host}:${emulator.port}`;
  await putProduct('mango', product('আম', '2026-11-01T10:00:00Z', true, 5));
  await putProduct('olive', product('জলপাই', '2026-11-03T10:00:00Z', true, 2));
  await putProduct('garlic', product('রসুন', '2026-11-02T10:00:00Z', true, 9));
  await putProduct('hidden', product('লুকানো', '2026-11-04T10:00:00Z', false, 9));
  await putProduct('sold-out', product('শেষ', '2026-11-05T10:00:00Z', true, 0));
});

afterAll(async () => {
  await emulator?.stop();
});

describe('the shop window in one request', () => {
  it('gives a visitor the active products in stock, newest first, read as the cards need them', async () => {
    const products = await fetchActiveProducts(origin);
    expect(products.map((p) => p.id)).toEqual(['olive', 'garlic', 'mango']);
    expect(products[0]).toEqual({
      id: 'olive',
      name: 'জলপাই',
      description: null,
      price: 250,
      original_price: 300,
      image_url: 'https://example.test/জলপাই.webp',
      image_path: null,
      category: null,
      stock_quantity: 2,
      is_active: true,
      created_at: new Date('2026-11-03T10:00:00Z'),
      updated_at: null,
    });
  });

  it('sends a CORS "simple" request (no preflight round trip): a text/plain POST with no other headers', async () => {
    const sent = vi.spyOn(globalThis, 'fetch');
    try {
      await fetchActiveProducts(origin);
      const init = sent.mock.calls[0][1]!;
      expect(init.method).toBe('POST');
      expect(init.headers).toEqual({ 'Content-Type': 'text/plain' });
      expect(String(sent.mock.calls[0][0])).toContain(`?key=${firebaseConfig.apiKey}`);
    } finally {
      sent.mockRestore();
    }
  });

  it("fails with the server's reason when the request is refused", async () => {
    const refused = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify([{ error: { code: 403, message: 'Missing or insufficient permissions.' } }]),
        {
          status: 403,
        },
      ),
    );
    try {
      await expect(fetchActiveProducts(origin)).rejects.toThrow('Missing or insufficient permissions.');
    } finally {
      refused.mockRestore();
    }
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
