import { inShop } from '@core/rules/catalog';
import { formatRoubles } from '@core/rules/price';
import { formatSize, formatStock } from '@core/rules/sold-by-weight';
import { Link } from 'react-router';
import { Breadcrumbs, CATALOG_CRUMB } from '~/components/ui/breadcrumbs';
import { Icon } from '~/components/ui/icon';
import { BuyFromPoint } from '~/features/basket/buy-from-point';
import { productCards } from '~/features/catalog/page-data';
import { ProductGrid } from '~/features/catalog/product-card';
import { ProductGallery } from '~/features/catalog/product-gallery';
import { CityChoice } from '~/features/delivery/city-choice';
import { AddToSetButton } from '~/features/favourites/add-to-set-button';
import { FavouriteButton } from '~/features/favourites/favourite-button';
import { jsonLd } from '~/lib/json-ld';
import { orNotFound } from '~/lib/loader-errors.server';
import { shopperLocation } from '~/lib/location.server';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/product';

/**
 * /product/{slug}: by slug, or by id (search results link by id). Sold from the shopper's area; before any
 * address, from their city's points (ADR 038: a fresh visitor was offered another city's point).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const { scope, isCityOnly } = await shopperLocation(context);
  const product = await orNotFound(catalog.getProduct(params.slug, scope));
  const related = await catalog.listRelated(product, scope);
  return { product, related: productCards(related), isCityOnly, origin: context.publicBaseUrl };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const { product } = data;
  return [
    ...seoMeta(null, {
      title: `${product.name} — ${inShop(product.store.name)}`,
      description:
        `${product.name}, ${formatSize(product)}, ${formatRoubles(product.price)}${product.by_weight ? '/кг' : ''}. ${product.description}`.slice(
          0,
          200,
        ),
    }),
    { tagName: 'link', rel: 'canonical', href: `${data.origin}/product/${product.slug}` },
    ...(product.img ? [{ property: 'og:image', content: `${data.origin}${product.img}` }] : []),
  ];
};

export default function ProductPage({
  loaderData: { product, related, isCityOnly, origin },
}: Route.ComponentProps) {
  const inStockPoints = product.warehouse.filter((entry) => entry.count > 0);
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product._id,
    description: product.description,
    image: product.imgs.map((image) => `${origin}${image.path}`),
    brand: { '@type': 'Brand', name: product.store.name },
    weight: { '@type': 'QuantitativeValue', value: product.weight, unitCode: 'GRM' },
    offers: {
      '@type': 'Offer',
      url: `${origin}/product/${product.slug}`,
      priceCurrency: 'RUB',
      price: (product.price / 100).toFixed(2),
      availability: product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: { '@type': 'Organization', name: product.store.name },
    },
    ...(product.reviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.reviews,
          },
        }
      : {}),
  };

  return (
    <div className="mx-auto max-w-[1360px] px-4 pt-4 sm:px-6 sm:pt-6">
      <Breadcrumbs
        items={[
          CATALOG_CRUMB,
          ...(product.category
            ? [{ label: product.category.name, href: `/catalog?category=${product.category.slug}` }]
            : []),
          { label: product.name },
        ]}
      />
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-10">
        <ProductGallery images={product.imgs.map((image) => image.path)} name={product.name} />
        <div className="flex flex-col gap-5">
          <div>
            <h1 className="text-2xl leading-tight font-extrabold tracking-tight sm:text-4xl">
              {product.name}
            </h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-[15px] text-muted">
              <span>{formatSize(product)}</span>
              {product.reviews > 0 ? (
                <span className="inline-flex items-center gap-1">
                  <Icon name="star" className="size-4 fill-sun text-sun" />
                  <span>
                    <span className="sr-only">Рейтинг </span>
                    {product.rating.toFixed(1)} · {product.reviews} отз.
                  </span>
                </span>
              ) : null}
              <Link
                to={`/store/${product.store.slug}`}
                className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
              >
                <Icon name="store" className="size-4" />
                {product.store.name}
              </Link>
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <FavouriteButton type="product" id={product._id} name={product.name} variant="labelled" />
              <AddToSetButton product={product} variant="inline" />
            </div>
          </div>
          <div className="rounded-3xl bg-white p-5 shadow-card sm:p-6">
            {isCityOnly ? <CityChoice className="mb-4" /> : null}
            <BuyFromPoint product={product} />
          </div>
          <section aria-labelledby="points-title" className="rounded-3xl bg-white p-5 shadow-card sm:p-6">
            <h2 id="points-title" className="text-lg font-bold">
              Где есть в наличии
            </h2>
            {inStockPoints.length > 0 ? (
              <ul className="mt-3 flex flex-col divide-y divide-line">
                {product.warehouse.map((entry) => (
                  <li key={entry.point._id} className="flex items-start justify-between gap-4 py-3">
                    <span className="flex items-start gap-2">
                      <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                      <span>
                        <Link
                          to={`/catalog/${product.store.slug}/${entry.point.slug}`}
                          className="font-medium hover:text-brand-700"
                        >
                          {entry.point.name}
                        </Link>
                        <span className="block text-sm text-muted">{entry.point.address}</span>
                        {entry.in_area ? null : (
                          <span className="block text-sm text-muted">
                            {isCityOnly ? 'В другом городе' : 'Не обслуживает ваш район'}
                          </span>
                        )}
                      </span>
                    </span>
                    <span className="shrink-0 text-right text-sm">
                      {entry.count > 0 ? (
                        <span className="font-semibold text-brand-700">
                          {formatStock(entry.count, product.by_weight)}
                        </span>
                      ) : (
                        <span className="text-muted">нет в наличии</span>
                      )}
                      {entry.price !== product.price ? (
                        <span className="block text-muted">{formatRoubles(entry.price)}</span>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-[15px] text-muted">Сейчас товара нет ни в одной точке.</p>
            )}
          </section>
          {product.description ? (
            <section aria-labelledby="about-title">
              <h2 id="about-title" className="text-lg font-bold">
                Описание
              </h2>
              <p className="mt-2 text-[15px] leading-relaxed text-ink">{product.description}</p>
            </section>
          ) : null}
        </div>
      </div>
      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="mt-12">
          <h2 id="related-title" className="text-2xl font-extrabold tracking-tight">
            Похожие товары
          </h2>
          <ProductGrid products={related} className="mt-5" />
        </section>
      ) : null}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every < escaped by jsonLd().
        dangerouslySetInnerHTML={{ __html: jsonLd(structured) }}
      />
    </div>
  );
}
