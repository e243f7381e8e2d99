import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './sitemap';

describe('sitemapXml', () => {
  it('lists each page with its last change, escaped', () => {
    const xml = sitemapXml([
      { loc: 'https://shop.test/', lastmod: null },
      { loc: 'https://shop.test/p/a?x=1&y=2', lastmod: new Date('2026-01-02T03:04:05Z') },
    ]);
    expect(xml).toContain('<url><loc>https://shop.test/</loc></url>');
    expect(xml).toContain(
      '<url><loc>https://shop.test/p/a?x=1&amp;y=2</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod></url>',
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe('robotsTxt', () => {
  it('names the sitemap by its absolute URL and keeps the dashboard out', () => {
    const text = robotsTxt('https://shop.test');
    expect(text).toContain('Sitemap: https://shop.test/sitemap.xml');
    expect(text).toContain('Disallow: /admin');
  });
});
