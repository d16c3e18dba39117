import type { ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { ExternalLinkButton, LinkButton } from '~/components/ui/button';
import { Icon, type IconName } from '~/components/ui/icon';
import { Thumb } from '~/components/ui/thumb';
import { categoryTiles, productCards, storeTiles } from '~/features/catalog/page-data';
import { ProductGrid } from '~/features/catalog/product-card';
import { RecipeCard } from '~/features/content/recipe-card';
import { cx } from '~/lib/cx';
import { shopperLocation } from '~/lib/location.server';
import { loadSeo, seoMeta } from '~/lib/seo';
import { sellerLinks } from '~/lib/site-links';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/home';

const SHELF_SIZE = 10;
/** Shops on the home page's shelf; 'Смотреть все' leads to the rest. */
const STORE_SHELF_SIZE = 8;

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog, content } = context.services;
  const { scope } = await shopperLocation(context);
  const [categories, stores, offers, arrivals, recipes, seo] = await Promise.all([
    catalog.listCategories(),
    catalog.listStores(),
    catalog.listShelf({ order: 'discount', limit: SHELF_SIZE, isDiscounted: true }, scope),
    catalog.listShelf({ order: 'new', limit: SHELF_SIZE }, scope),
    content.listRecipes({ limit: 4 }),
    loadSeo(content, '/home'),
  ]);
  // Only what the page renders goes into its HTML as loader data (ADR 044); the two shelves share shops.
  const shops = new Map<string, (typeof offers)[number]['store']>();
  return {
    categories: categoryTiles(categories),
    stores: storeTiles(stores, STORE_SHELF_SIZE),
    offers: productCards(offers, shops),
    arrivals: productCards(arrivals, shops),
    recipes: recipes.items,
    seo,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta(data?.seo, {
    title: 'Фреш — продукты с доставкой',
    description:
      'Фреш — маркетплейс свежих продуктов: фермерское молоко, мясо, овощи, хлеб из пекарен. Доставка по вашему городу и самовывоз из магазинов.',
  });

/** A home page section with a heading and a "see all" link; `isBelowFold`: rendered when scrolled near. */
function Shelf({
  id,
  title,
  href,
  isBelowFold = false,
  children,
}: {
  id: string;
  title: string;
  href: string;
  isBelowFold?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={isBelowFold ? 'below-fold' : undefined}>
      <div className="flex items-end justify-between gap-4">
        <h2 id={id} className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <Link
          to={href}
          className="inline-flex items-center gap-1 text-[15px] font-semibold text-brand-700 hover:underline"
        >
          Смотреть все
          <Icon name="arrow-right" className="size-4" />
        </Link>
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

const BENEFITS: readonly { icon: IconName; title: string; text: string }[] = [
  { icon: 'truck', title: 'Доставка в удобное время', text: 'Выберите интервал при оформлении' },
  { icon: 'store', title: 'Самовывоз', text: 'Заберите заказ в магазине рядом' },
  { icon: 'leaf', title: 'Фермерские продукты', text: 'Напрямую от хозяйств региона' },
  { icon: 'wallet', title: 'Оплата при получении', text: 'Картой или наличными' },
];

const PRODUCE: readonly { icon: IconName; tone: string }[] = [
  { icon: 'apple', tone: 'bg-red-50 text-red-600' },
  { icon: 'milk', tone: 'bg-sky-50 text-sky-700' },
  { icon: 'carrot', tone: 'bg-orange-50 text-orange-600' },
  { icon: 'croissant', tone: 'bg-amber-50 text-amber-700' },
  { icon: 'egg', tone: 'bg-yellow-50 text-yellow-700' },
  { icon: 'beef', tone: 'bg-rose-50 text-rose-700' },
  { icon: 'fish', tone: 'bg-cyan-50 text-cyan-700' },
  { icon: 'leaf', tone: 'bg-brand-50 text-brand-600' },
  { icon: 'apple', tone: 'bg-lime-50 text-lime-700' },
];

export default function Home({ loaderData: data }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const sellers = root ? sellerLinks(root.sellerSiteUrl) : undefined;

  return (
    <div className="mx-auto flex max-w-[1360px] flex-col gap-10 px-4 pt-4 sm:px-6 sm:pt-6 lg:gap-14">
      <section
        aria-labelledby="hero-title"
        className="relative overflow-hidden rounded-[28px] bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 px-6 py-10 text-white sm:px-10 sm:py-14 lg:px-14 lg:py-16"
      >
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 size-80 rounded-full bg-brand-400/25 blur-2xl lg:size-[28rem]"
        />
        <div className="relative grid items-center gap-10 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium">
              <Icon name="leaf" className="size-4" />
              Маркетплейс свежих продуктов
            </p>
            <h1
              id="hero-title"
              className="mt-5 text-[32px] leading-[1.1] font-extrabold tracking-tight sm:text-5xl lg:text-[56px]"
            >
              Свежие продукты от фермеров и магазинов вашего города
            </h1>
            <p className="mt-5 max-w-xl text-base leading-relaxed text-brand-50 sm:text-lg">
              Молоко с фермы, хлеб из пекарни, овощи с грядки. Привезём к двери или соберём заказ к
              самовывозу.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <LinkButton to="/catalog" variant="sun" size="lg">
                Перейти в каталог
                <Icon name="arrow-right" className="size-5" />
              </LinkButton>
              <LinkButton
                to="/shops"
                size="lg"
                className="bg-white/10 text-white ring-1 ring-white/40 hover:bg-white/20"
              >
                Все магазины
              </LinkButton>
            </div>
          </div>
          <div aria-hidden="true" className="hidden grid-cols-3 gap-4 lg:grid">
            {PRODUCE.map(({ icon, tone }, index) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list.
                key={index}
                className={cx(
                  'flex aspect-square items-center justify-center rounded-3xl bg-white shadow-card',
                  index % 3 === 1 && 'translate-y-5',
                )}
              >
                <span
                  className={cx(
                    'inline-flex size-16 items-center justify-center rounded-full lg:size-20',
                    tone,
                  )}
                >
                  <Icon name={icon} className="size-8 lg:size-10" />
                </span>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          Категории
        </h2>
        <ul className="mt-5 grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-7 lg:gap-4">
          {data.categories.map((category) => (
            <li key={category._id}>
              <Link
                to={`/catalog?category=${category.slug}`}
                className="flex h-full flex-col items-center gap-2 rounded-3xl bg-white p-3 text-center shadow-card transition-colors hover:bg-brand-50"
              >
                <Thumb
                  src={category.img}
                  size={96}
                  tone="none"
                  placeholder="none"
                  className="size-16 rounded-2xl sm:size-20"
                />
                <span className="text-[13px] leading-tight font-semibold sm:text-sm">{category.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {data.offers.length > 0 ? (
        <Shelf id="offers-title" title="Скидки и акции" href="/catalog?discount=1&sort=discount">
          <ProductGrid products={data.offers} />
        </Shelf>
      ) : null}

      <Shelf id="arrivals-title" title="Новинки" href="/catalog?sort=new" isBelowFold>
        <ProductGrid products={data.arrivals} />
      </Shelf>

      <Shelf id="stores-title" title="Магазины и фермы" href="/shops" isBelowFold>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:gap-4">
          {data.stores.map((store) => (
            <li key={store._id}>
              <Link
                to={`/store/${store.slug}`}
                className="flex h-full items-center gap-3 rounded-3xl bg-white p-3 shadow-card transition-colors hover:bg-brand-50 sm:p-4"
              >
                <Thumb
                  src={store.logo}
                  size={56}
                  tone="none"
                  placeholder="none"
                  className="size-12 rounded-full sm:size-14"
                />
                <span className="min-w-0">
                  <span className="block truncate text-[15px] font-bold">{store.name}</span>
                  <span className="block text-[13px] text-muted">★ {store.rating.toFixed(1)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Shelf>

      {data.recipes.length > 0 ? (
        <Shelf id="recipes-title" title="Рецепты" href="/recipes" isBelowFold>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {data.recipes.map((recipe) => (
              <li key={recipe._id}>
                <RecipeCard recipe={recipe} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </Shelf>
      ) : null}

      <section aria-label="Преимущества" className="below-fold">
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
          {BENEFITS.map(({ icon, title, text }) => (
            <li
              key={title}
              className="flex flex-col items-start gap-3 rounded-2xl bg-white p-4 shadow-card sm:flex-row sm:p-5"
            >
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={icon} className="size-5" />
              </span>
              <span>
                <span className="block text-sm font-semibold sm:text-[15px]">{title}</span>
                <span className="mt-0.5 block text-[13px] text-muted sm:text-sm">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      {sellers ? (
        <section
          aria-labelledby="sellers-title"
          className="below-fold flex flex-col items-start justify-between gap-6 rounded-3xl bg-white p-6 shadow-card sm:flex-row sm:items-center sm:p-8"
        >
          <div>
            <h2 id="sellers-title" className="text-xl font-extrabold tracking-tight sm:text-2xl">
              Продаёте продукты?
            </h2>
            <p className="mt-1.5 max-w-xl text-[15px] text-muted">
              Подключите свой магазин или ферму к Фреш и получайте заказы от покупателей вашего города.
            </p>
          </div>
          <ExternalLinkButton href={sellers.register} variant="outline" size="lg">
            Стать продавцом
          </ExternalLinkButton>
        </section>
      ) : null}
    </div>
  );
}
