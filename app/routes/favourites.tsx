import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { buttonStyles } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { LinkTabs } from '~/components/ui/link-tabs';
import { LoginButton } from '~/features/auth/login-button';
import { ArticlesPanel, ProductsPanel, SetsPanel, StoresPanel } from '~/features/favourites/favourite-panels';
import {
  FAVOURITE_TABS,
  type FavouriteTab,
  favouritesTabHref,
  isFavouriteTab,
} from '~/features/favourites/favourite-routes';
import { useSavedFavourites } from '~/features/favourites/use-favourites';
import { getOptionalUser } from '~/lib/auth.server';
import { shopperLocation } from '~/lib/location.server';
import type { Route } from './+types/favourites';

export const meta: Route.MetaFunction = () => [
  { title: 'Избранное — Фреш' },
  { name: 'robots', content: 'noindex' },
];

function tabOf(url: URL): FavouriteTab {
  const tab = url.searchParams.get('tab');
  return isFavouriteTab(tab) ? tab : 'products';
}

/**
 * /favourites?tab=products|stores|articles|sets (SPEC §2, §3): one list per tab, read only for the tab shown;
 * products in the shopper's area. A guest gets no data, only the invitation to log in.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = getOptionalUser(context);
  const tab = tabOf(new URL(request.url));
  if (!user) return { isSignedIn: false as const, tab };
  const { favourites } = context.services;
  const { scope } = await shopperLocation(context);
  const empty = { products: [], stores: [], articles: [], sets: [] };
  switch (tab) {
    case 'products': {
      const list = await favourites.listFavourites(user._id, 'product', scope);
      return {
        isSignedIn: true as const,
        tab,
        ...empty,
        products: list.type === 'product' ? list.favorites : [],
      };
    }
    case 'stores': {
      const list = await favourites.listFavourites(user._id, 'store');
      return {
        isSignedIn: true as const,
        tab,
        ...empty,
        stores: list.type === 'store' ? list.favorites : [],
      };
    }
    case 'articles': {
      const list = await favourites.listFavourites(user._id, 'article');
      return {
        isSignedIn: true as const,
        tab,
        ...empty,
        articles: list.type === 'article' ? list.favorites : [],
      };
    }
    case 'sets': {
      const list = await favourites.listFavourites(user._id, 'category', scope);
      return {
        isSignedIn: true as const,
        tab,
        ...empty,
        sets: list.type === 'category' ? list.favorites : [],
      };
    }
  }
}

export default function FavouritesPage({ loaderData }: Route.ComponentProps) {
  const saved = useSavedFavourites();
  const counts: Partial<Record<FavouriteTab, number>> = {
    products: saved.product.length,
    stores: saved.store.length,
    articles: saved.article.length,
  };

  return (
    <div className="mx-auto flex max-w-[1360px] flex-col gap-6 px-4 pt-4 pb-6 sm:px-6 sm:pt-6">
      <Breadcrumbs items={[{ label: 'Избранное' }]} />
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Избранное</h1>
      {loaderData.isSignedIn ? (
        <LinkTabs
          label="Разделы избранного"
          selected={loaderData.tab}
          tabs={FAVOURITE_TABS.map((tab) => ({
            key: tab.key,
            href: favouritesTabHref(tab.key),
            label: (
              <>
                {tab.label}
                {counts[tab.key] ? (
                  <span className="ml-1.5 tabular-nums opacity-80">
                    <span className="sr-only">, </span>
                    {counts[tab.key]}
                  </span>
                ) : null}
              </>
            ),
          }))}
          className="flex flex-col gap-6"
        >
          {(key) =>
            key === 'products' ? (
              <ProductsPanel products={loaderData.products} />
            ) : key === 'stores' ? (
              <StoresPanel stores={loaderData.stores} />
            ) : key === 'articles' ? (
              <ArticlesPanel articles={loaderData.articles} />
            ) : (
              <SetsPanel sets={loaderData.sets} />
            )
          }
        </LinkTabs>
      ) : (
        <section
          aria-labelledby="favourites-login-title"
          className="flex flex-col items-center gap-4 rounded-3xl bg-white px-6 py-12 text-center shadow-card"
        >
          <Icon name="heart" className="size-12 text-berry" />
          <h2 id="favourites-login-title" className="text-xl font-bold">
            Войдите, чтобы видеть избранное
          </h2>
          <p className="max-w-md text-[15px] text-muted">
            Товары, магазины, статьи и наборы с сердечком сохраняются в вашем профиле и видны на любом
            устройстве.
          </p>
          <LoginButton className={buttonStyles({ size: 'lg' })} />
        </section>
      )}
    </div>
  );
}
