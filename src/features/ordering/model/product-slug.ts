/**
 * A product's address on the web, `/p/<slug>`: the words of its name, joined by dashes. Bengali names keep their
 * Bengali letters (a browser, Facebook and WhatsApp show `/p/আমের-আচার` as it is written; on the wire and in the
 * sitemap it is percent-encoded): a Latin transliteration of Bengali is lossy and reads worse to the shop's
 * customers than their own script. The slug is written with the product (admin-products/api/products.ts, the
 * seed) and kept in `slugs/{slug}` → `{ product_id }`; a renamed product gets a new slug and its old one keeps
 * naming it, so an old link answers a redirect to the new address. A slug is never given to another product.
 */

/** At most this many letters (graphemes): a shared link stays short enough to read. */
export const SLUG_MAX_GRAPHEMES = 60;

/** How many numbered variants (`-2`, `-3`…) are tried before the save is refused. */
export const SLUG_MAX_VARIANTS = 50;

/** The slug a name asks for: its words (letters, marks and digits of any script) lower-cased, joined by `-`. */
export function slugFromName(name: string): string {
  const words =
    name
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const joined = words.join('-');
  const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(joined)].map(
    (part) => part.segment,
  );
  const slug = graphemes.slice(0, SLUG_MAX_GRAPHEMES).join('').replace(/-+$/, '');
  return slug === '' ? 'product' : slug;
}

/** The slugs tried for a name, in order: the name's own, then `-2`, `-3`… */
export function slugCandidates(name: string): string[] {
  const base = slugFromName(name);
  return [base, ...Array.from({ length: SLUG_MAX_VARIANTS - 1 }, (_, i) => `${base}-${i + 2}`)];
}

export class NoFreeSlugError extends Error {
  constructor(readonly name: string) {
    super(`no free address for a product named "${name}" after ${SLUG_MAX_VARIANTS} tries`);
  }
}

/**
 * The slug a product named `name` gets: the first candidate no other product holds (one this product already
 * holds is kept, so saving an unchanged name keeps its address). `ownerOf` reads `slugs/{slug}` in the caller's
 * transaction (web SDK or admin SDK), so two saves cannot take the same slug.
 */
export async function chooseSlug(
  name: string,
  productId: string,
  ownerOf: (slug: string) => Promise<string | null>,
): Promise<string> {
  for (const slug of slugCandidates(name)) {
    const owner = await ownerOf(slug);
    if (owner === null || owner === productId) return slug;
  }
  throw new NoFreeSlugError(name);
}

/** The path of a product's page; a product saved before slugs existed is found by its id (and redirected). */
export function productPath(product: { id: string; slug: string | null }): string {
  return `/p/${encodeURIComponent(product.slug ?? product.id)}`;
}
