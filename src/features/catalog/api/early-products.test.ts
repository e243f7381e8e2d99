import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeProductsRequest } from './active-products-rest';
import {
  loadActiveProductsEarly,
  SHOP_WINDOW_REQUEST_CODE,
  shopWindowRequestScript,
  takeEarlyRequest,
} from './early-products';

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

/** Runs the inline script as the browser does: its code, with its own element as document.currentScript. */
function runInlineScript() {
  const { code, data } = shopWindowRequestScript();
  const element = document.createElement('script');
  Object.assign(element.dataset, data);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(element);
  new Function(code)();
}

afterEach(() => {
  takeEarlyRequest();
  vi.restoreAllMocks();
});

describe("the shop window's request sent by the prerendered page's HTML", () => {
  it('is the very request the entry would send', () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(runQueryAnswer());
    // As the browser runs the inline <script> of the page's <head>.
    runInlineScript();
    const { url, init } = activeProductsRequest();
    expect(fetch).toHaveBeenCalledExactlyOnceWith(url, init);
  });

  it('is read by the entry instead of asking again', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(runQueryAnswer());
    runInlineScript();
    const products = await loadActiveProductsEarly();
    expect(products.map((product) => product.name)).toEqual(['আমের আচার']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is read once: a later load asks afresh', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => runQueryAnswer());
    runInlineScript();
    await loadActiveProductsEarly();
    takeEarlyRequest();
    await loadActiveProductsEarly();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('cannot end the <script> it is written in', () => {
    expect(shopWindowRequestScript().code).not.toContain('<');
  });

  it('is the same code in every build, the request it sends apart in its data', () => {
    const { code, data } = shopWindowRequestScript();
    expect(code).toBe(SHOP_WINDOW_REQUEST_CODE);
    expect(code).not.toContain('runQuery');
    expect(JSON.parse(data.request)).toEqual(JSON.parse(JSON.stringify(activeProductsRequest())));
  });
});
