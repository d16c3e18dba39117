import type { Route } from './+types/sitemap';

/** One sitemap file holds at most 50,000 URLs (sitemaps.org); larger catalogues list their newest products. */
const MAX_URLS = 50_000;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** /sitemap.xml: the catalogue, shops, products, and the content (recipes, blog, news, pages). */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalog, content } = context.services;
  const [stores, categories, contentEntries, productEntries] = await Promise.all([
    catalog.listStores(),
    catalog.listCategories(),
    content.listSitemapEntries(),
    catalog.listSitemapProducts(MAX_URLS),
  ]);
  const entries: { path: string; updatedAt?: Date }[] = [
    { path: '/' },
    { path: '/catalog' },
    { path: '/shops' },
    ...categories.map((category) => ({ path: `/catalog?category=${category.slug}` })),
    ...stores.flatMap((store) => [{ path: `/store/${store.slug}` }, { path: `/catalog/${store.slug}` }]),
    ...contentEntries,
    ...productEntries.map((product) => ({ path: `/product/${product.slug}`, updatedAt: product.updatedAt })),
  ].slice(0, MAX_URLS);
  const urls = entries
    .map(
      (entry) =>
        `<url><loc>${escapeXml(`${context.publicBaseUrl}${entry.path}`)}</loc>${
          entry.updatedAt ? `<lastmod>${entry.updatedAt.toISOString().slice(0, 10)}</lastmod>` : ''
        }</url>`,
    )
    .join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
