/** What search engines read first: `/robots.txt` and `/sitemap.xml`, served by the `pages` Cloud Function. */
import { escapeHtml } from '../../../lib/html';

export interface SitemapEntry {
  /** An absolute URL, percent-encoded. */
  loc: string;
  lastmod: Date | null;
}

/** The sitemap protocol's XML: one <url> per page, its last change as a W3C date-time. */
export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map(({ loc, lastmod }) => {
    const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
    return `  <url><loc>${escapeHtml(loc)}</loc>${modified}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Everything may be crawled but the seller's dashboard and a shopper's own pages; the sitemap is named. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /orders',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
