/** The first product page the shop's sitemap.xml lists (its path, percent-encoded): the benchmarks' product page. */
export async function firstProductPath(shopUrl: string): Promise<string> {
  const sitemap = await (await fetch(`${shopUrl}/sitemap.xml`)).text();
  const page = /<loc>([^<]*\/p\/[^<]*)<\/loc>/.exec(sitemap);
  if (!page) throw new Error('the sitemap lists no product page');
  return new URL(page[1]).pathname;
}
