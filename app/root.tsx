import '@fontsource-variable/inter';
import './app.css';
import type { SiteSettings } from '@core/contracts/content';
import { flashCookie, guestRedirectFor } from '@core/rules/guards';
import type { LayoutName } from '@core/rules/layout';
import interCyrillicUrl from '@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2?url';
import interLatinUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import type { ReactNode } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  replace,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useHref,
  useNavigate,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import faviconUrl from './assets/favicon.svg?no-inline';
import { AppShell } from './components/layout/app-shell';
import { ErrorPage, NotFoundPage } from './components/layout/error-pages';
import { NOSCRIPT_LOADER_STYLE, PAGE_LOADED_SCRIPT, PageLoader } from './components/layout/page-loader';
import { ToastProvider } from './components/ui/toast';
import { AuthProvider } from './features/auth/auth-context';
import { BasketProvider, useBasketCount } from './features/basket/basket-context';
import { BASKET_ACTION, BASKET_PAGE, pendingChangeOf } from './features/basket/basket-form';
import { DeliveryProvider } from './features/delivery/delivery-context';
import { useFavouritesCount } from './features/favourites/use-favourites';
import { useNonce } from './lib/nonce';

/** The brand green of the browser chrome on phones. */
const THEME_COLOR = '#147a3c';

const DEFAULT_TITLE = 'Фреш — продукты с доставкой';
const DEFAULT_DESCRIPTION =
  'Свежие продукты от фермеров и магазинов вашего города: овощи, молочное, мясо, выпечка. Доставка и самовывоз.';

const EMPTY_SETTINGS: SiteSettings = { header: [], footer: [], socials: {}, cities: [] };
/** Only used when the root loader itself failed (its data then is missing); matches the config default. */
const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** Only used when the root loader itself failed (its data then is missing); matches the config default. */
const FALLBACK_SELLER_SITE_URL = 'https://seller.fresh-market.ru';

export const links: Route.LinksFunction = () => [
  // The Cyrillic and Latin slices of the variable Inter: every page needs both at first paint.
  { rel: 'preload', href: interCyrillicUrl, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: interLatinUrl, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: faviconUrl, type: 'image/svg+xml' },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = context.viewer.user;
  // SPEC §6 on the server: a guest on an order path goes to the basket with a warning that survives the
  // redirect (flash cookie, shown by GuestGuard), a guest in the cabinet goes home. The redirect replaces
  // the history entry: one 'Назад' then leaves the basket, not the same basket again (issue 11 item 7).
  const guard = user ? null : guestRedirectFor(new URL(request.url).pathname);
  if (guard) {
    throw replace(guard.to, {
      headers: guard.flash ? { 'Set-Cookie': flashCookie(guard.flash) } : {},
    });
  }
  // SPEC §8: a settings failure is logged and the shell renders without the settings' links.
  const settings = await context.services.content.getSiteSettings().catch((error: unknown) => {
    console.error('site settings failed to load', error);
    return EMPTY_SETTINGS;
  });
  // The signed-in basket is rendered with the page (counters and badge right at first paint) and is what
  // every basket control shows (docs/decisions/030); a failure renders without it and /basket says so.
  const basket = user
    ? await context.services.basket.getBasket(user._id).catch((error: unknown) => {
        console.error('basket failed to load', error);
        return null;
      })
    : null;
  // The header's badges: active orders and unread notifications, only for a signed-in customer.
  const badges = user
    ? await Promise.all([
        context.services.orders.countActiveOrders(user._id),
        context.services.notifications.countUnread(user._id),
      ])
        .then(([orders, cabinet]) => ({ orders, cabinet }))
        .catch((error: unknown) => {
          console.error('header badges failed to load', error);
          return null;
        })
    : null;
  // The hearts and the favourites badge: the customer's favourite ids by type (SPEC §8: a failure is
  // ignored, the page renders with empty hearts).
  const favourites = user
    ? await context.services.favourites.listFavouriteKeys(user._id).catch((error: unknown) => {
        console.error('favourites failed to load', error);
        return null;
      })
    : null;
  return {
    settings,
    sellerSiteUrl: context.sellerSiteUrl,
    user,
    basket,
    badges,
    favourites,
    area: context.area ?? null,
    mapTileUrl: context.mapTileUrl,
  };
}

/**
 * Settings only change when edited: reload them after a form submission, not on every navigation. The
 * viewer changes at login and logout, which revalidate explicitly (same URL); guarded paths always ask
 * the server, which redirects a guest (SPEC §6). The basket widgets' changes say that only this loader
 * needs to run again (docs/decisions/030): it has the basket, even after a refusal (a guest again); and
 * the way to /basket reads it again, for today's prices and stock.
 */
export function shouldRevalidate({
  formMethod,
  formAction,
  formData,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction === BASKET_ACTION) return pendingChangeOf(formData) !== null;
  if (formMethod !== undefined && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  // The basket page shows today's prices and stock: its basket is read again on the way there.
  if (nextUrl.pathname === BASKET_PAGE && currentUrl.pathname !== BASKET_PAGE) return true;
  return guestRedirectFor(nextUrl.pathname) !== null;
}

export const meta: Route.MetaFunction = ({ error }) => {
  if (error) {
    const isNotFound = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: isNotFound ? 'Страница не найдена' : 'Что-то пошло не так' }];
  }
  return [{ title: DEFAULT_TITLE }, { name: 'description', content: DEFAULT_DESCRIPTION }];
};

/** react-aria links and menu items navigate through React Router. */
function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}

/** Header, main and footer around a page, with the root loader's settings (empty when it failed). */
function Shell({ layout, children }: { layout?: LayoutName; children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const basketCount = useBasketCount();
  const favouritesCount = useFavouritesCount();
  return (
    <AppShell
      counts={{
        basket: basketCount,
        orders: data?.badges?.orders ?? 0,
        cabinet: data?.badges?.cabinet ?? 0,
        favourites: favouritesCount,
      }}
      settings={data?.settings ?? EMPTY_SETTINGS}
      sellerSiteUrl={data?.sellerSiteUrl ?? FALLBACK_SELLER_SITE_URL}
      layout={layout}
    >
      {children}
    </AppShell>
  );
}

/** The document and the app-wide providers, for pages and error pages alike. */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={THEME_COLOR} />
        <Meta />
        <Links nonce={nonce} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant one-line script, no input. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PAGE_LOADED_SCRIPT }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant style for browsers without JS. */}
        <noscript dangerouslySetInnerHTML={{ __html: NOSCRIPT_LOADER_STYLE }} />
      </head>
      <body>
        <I18nProvider locale="ru-RU">
          <AriaRouter>
            <ToastProvider>
              <AuthProvider user={data?.user ?? null}>
                <BasketProvider>
                  <DeliveryProvider
                    cities={data?.settings.cities ?? EMPTY_SETTINGS.cities}
                    initialArea={data?.area ?? null}
                    mapTileUrl={data?.mapTileUrl ?? DEFAULT_MAP_TILE_URL}
                  >
                    <PageLoader />
                    {children}
                  </DeliveryProvider>
                </BasketProvider>
              </AuthProvider>
            </ToastProvider>
          </AriaRouter>
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** Unmatched routes and loaders throwing 404 get the 404 page; anything else the error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isNotFound && typeof window !== 'undefined') console.error(error);
  // Error pages always use the default layout, even under /basket or /order.
  return <Shell layout="default">{isNotFound ? <NotFoundPage /> : <ErrorPage error={error} />}</Shell>;
}
