import { escapeHtml } from '../../../lib/html';
import { formatTaka } from '../../../lib/numbers';
import { catalogTexts } from '../texts';
import type { Product } from './product';

export interface ProductMeta {
  title: string;
  description: string;
}

/** The page's title and description: its name and ৳ price, so a link preview says what the jar costs. */
export function productMeta(product: Product, shopName: string): ProductMeta {
  const price = formatTaka(product.price);
  return {
    title: catalogTexts.page.title(product.name, price, shopName),
    description: catalogTexts.page.description(price, product.description),
  };
}

/**
 * The <head> tags a crawler that runs no JavaScript (Facebook's, WhatsApp's) builds a link preview from:
 * canonical URL, Open Graph and Twitter card, the photo as an absolute URL. Title and description replace the
 * shop's own in the template (they are in it already).
 */
export function productHeadTags(product: Product, canonicalUrl: string, shopName: string): string[] {
  const { title, description } = productMeta(product, shopName);
  const tag = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  return [
    `<link rel="canonical" href="${escapeHtml(canonicalUrl)}">`,
    tag('property', 'og:type', 'product'),
    tag('property', 'og:site_name', shopName),
    tag('property', 'og:locale', 'bn_BD'),
    tag('property', 'og:title', title),
    tag('property', 'og:description', description),
    tag('property', 'og:url', canonicalUrl),
    ...(product.image_url
      ? [tag('property', 'og:image', product.image_url), tag('property', 'og:image:alt', product.name)]
      : []),
    tag('property', 'product:price:amount', String(product.price)),
    tag('property', 'product:price:currency', 'BDT'),
    tag('name', 'twitter:card', product.image_url ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', title),
    tag('name', 'twitter:description', description),
    ...(product.image_url ? [tag('name', 'twitter:image', product.image_url)] : []),
  ];
}

/** The template's <title> and description replaced by `meta`'s. */
export function withTitleAndDescription(html: string, meta: ProductMeta): string {
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"[^>]*>/,
      () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    );
}
