import { describe, expect, it } from 'vitest';
import { aProduct } from '@/testing/products';
import {
  parsePaymentMethodsData,
  paymentMethodsDataScript,
  paymentMethodsOnPage,
  parseProductPageData,
  PRODUCT_PAGE_DATA_ID,
  productPageDataOnPage,
  productPageDataScript,
} from './product-page-data';

describe('the product page data the server hands the app', () => {
  it('reads back what it wrote, dates included', () => {
    const product = aProduct('p1', { name: 'আমের আচার', created_at: new Date(5), slug: 'আমের-আচার' });
    const script = productPageDataScript({ path: '/p/x', product });
    const json = script.slice(script.indexOf('>') + 1, script.lastIndexOf('</script>'));
    expect(script).toContain(`id="${PRODUCT_PAGE_DATA_ID}"`);
    expect(parseProductPageData(json)).toEqual({ path: '/p/x', product });
  });

  it('cannot be closed early by a product’s text', () => {
    const script = productPageDataScript({ path: '/p/x', product: aProduct('p1', { name: '</script><b>' }) });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
  });

  it('reads a 404’s data, and refuses what is not page data', () => {
    expect(parseProductPageData('{"path":"/p/x","product":null}')).toEqual({ path: '/p/x', product: null });
    expect(parseProductPageData('{"path":"/p/x"}')).toBeNull();
    expect(parseProductPageData('not json')).toBeNull();
  });

  it('is read off the page the server sent, and is null on any other', () => {
    expect(productPageDataOnPage()).toBeNull();
    const product = aProduct('p1', { name: 'আমের আচার' });
    document.body.innerHTML = productPageDataScript({ path: '/p/x', product });
    expect(productPageDataOnPage()).toEqual({ path: '/p/x', product });
    document.body.replaceChildren();
  });
});

describe('the payment methods the server hands the order form', () => {
  it('are read off the page the server sent, and are null on any other', () => {
    expect(paymentMethodsOnPage()).toBeNull();
    document.body.innerHTML = paymentMethodsDataScript(['cash_on_delivery', 'nagad']);
    expect(paymentMethodsOnPage()).toEqual(['cash_on_delivery', 'nagad']);
    document.body.replaceChildren();
  });

  it('refuse anything but a list of known methods, none of them empty', () => {
    for (const json of ['[]', '["cash_on_delivery","cheque"]', '{"bkash":true}', '"bkash"', 'not json'])
      expect(parsePaymentMethodsData(json), json).toBeNull();
  });
});
