import { describe, expect, it } from 'vitest';
import { aProduct } from '@/testing/products';
import { productHeadTags, withTitleAndDescription } from './product-meta';

describe('a product page’s head', () => {
  const product = aProduct('p1', {
    name: 'আমের "আচার"',
    price: 250,
    description: 'টক-ঝাল',
    image_url: 'https://img.test/a.webp',
  });

  it('carries canonical, Open Graph and Twitter tags with the name, ৳ price and photo, escaped', () => {
    const tags = productHeadTags(product, 'https://shop.test/p/a', 'দোকান').join('\n');
    expect(tags).toContain('<link rel="canonical" href="https://shop.test/p/a">');
    expect(tags).toContain('<meta property="og:title" content="আমের &quot;আচার&quot; — ৳২৫০ | দোকান">');
    expect(tags).toContain('<meta property="og:image" content="https://img.test/a.webp">');
    expect(tags).toMatch(/<meta property="og:description" content="দাম ৳২৫০। টক-ঝাল/);
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('leaves the photo tags out for a product without one', () => {
    const tags = productHeadTags({ ...product, image_url: null }, 'https://shop.test/p/a', 'দোকান').join(
      '\n',
    );
    expect(tags).not.toContain('og:image');
    expect(tags).toContain('<meta name="twitter:card" content="summary">');
  });

  it('replaces the shop’s title and description in the template', () => {
    const html = withTitleAndDescription(
      '<title>দোকান</title>\n<meta\n  name="description"\n  content="পুরনো"\n/>',
      { title: 'নতুন', description: 'বিবরণ' },
    );
    expect(html).toBe('<title>নতুন</title>\n<meta name="description" content="বিবরণ" />');
  });
});
