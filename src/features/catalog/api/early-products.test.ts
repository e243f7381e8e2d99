import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeProductsRequest } from './active-products-rest';
import { loadActiveProductsEarly, shopWindowRequestScript, takeEarlyRequest } from './early-products';

const runQueryAnswer = () =>
  new Response(
    JSON.stringify([
      {
        document: {
          name: 'projects/p/databases/(default)/documents/products/mango',
          fields: {
            name: { stringValue: 'আমের আচার' },
            price: { integerValue: '250' },
            is_active: { booleanValue: true },
            stock_quantity: { integerValue: '5' },
          },
        },
      },
    ]),
  );

afterEach(() => {
  takeEarlyRequest();
  vi.restoreAllMocks();
});

describe("the shop window's request sent by the prerendered page's HTML", () => {
  it('is the very request the entry would send', () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(runQueryAnswer());
    // As the browser runs the inline <script> of the page's <head>.
    new Function(shopWindowRequestScript())();
    const { url, init } = activeProductsRequest();
    expect(fetch).toHaveBeenCalledExactlyOnceWith(url, init);
  });

  it('is read by the entry instead of asking again', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(runQueryAnswer());
    new Function(shopWindowRequestScript())();
    const products = await loadActiveProductsEarly();
    expect(products.map((product) => product.name)).toEqual(['আমের আচার']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is read once: a later load asks afresh', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => runQueryAnswer());
    new Function(shopWindowRequestScript())();
    await loadActiveProductsEarly();
    takeEarlyRequest();
    await loadActiveProductsEarly();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('cannot end the <script> it is written in', () => {
    expect(shopWindowRequestScript()).not.toMatch(/<\/script/i);
    expect(shopWindowRequestScript()).not.toContain('<');
  });
});
