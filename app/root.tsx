import './assets/fonts/inter.css';
import './app.css';
import { guestRedirectFor } from '@core/rules/guards';
import type { LayoutName } from '@core/rules/layout';
import { lazy, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import faviconUrl from './assets/favicon.svg?no-inline';
import interUrl from './assets/fonts/inter-subset.woff2?url';
import { AppShell } from './components/layout/app-shell';
import { FlashToasts } from './components/layout/flash-toasts';
import { NOSCRIPT_LOADER_STYLE, PAGE_LOADED_SCRIPT, PageLoader } from './components/layout/page-loader';
import { copyrightYear } from './components/layout/site-footer';
import { SharedLabels } from './components/ui/shared-labels';
import { ToastProvider } from './components/ui/toast';
import { AuthDialogsProvider } from './features/auth/auth-dialogs';
import { BasketProvider, useBasketCount } from './features/basket/basket-context';
import { BASKET_PAGE } from './features/basket/basket-form';
import { BasketStepForm } from './features/basket/basket-step-form';
import { DeliveryProvider } from './features/delivery/delivery-provider';
import { FavouritesForm } from './features/favourites/favourites-form';
import { useFavouritesCount } from './features/favourites/use-favourites';
import { RealtimeToasts } from './features/realtime/realtime-toasts';
import { RealtimeProvider, useHeaderBadges } from './features/realtime/use-realtime';
import { useNonce } from './lib/nonce';
import { useRootData } from './lib/root-data';
import { loadRootData } from './lib/root-data.server';
import { EMPTY_SETTINGS } from './lib/root-defaults';

/** The brand green of the browser chrome on phones. */
const THEME_COLOR = '#147a3c';

const DEFAULT_TITLE = 'Фреш — продукты с доставкой';
const DEFAULT_DESCRIPTION =
  'Свежие продукты от фермеров и магазинов вашего города: овощи, молочное, мясо, выпечка. Доставка и самовывоз.';

/** Only used when the root loader itself failed (its data then is missing); matches the config default. */
const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** Only used when the root loader itself failed (its data then is missing); matches the config default. */
const FALLBACK_SELLER_SITE_URL = 'https://seller.fresh-market.ru';

export const links: Route.LinksFunction = () => [
  // The one font file: Inter cut to what the site writes (scripts/build-font.ts, ADR 040).
  { rel: 'preload', href: interUrl, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: faviconUrl, type: 'image/svg+xml' },
  // The installable app (public/manifest.webmanifest, ADR 050); iOS takes its home-screen icon from here.
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

/** The shell's data (app/lib/root-data.server.ts): settings, who is signed in, their basket, badges, hearts. */
export function loader({ context }: Route.LoaderArgs) {
  return loadRootData(context);
}

/**
 * Settings only change when edited: reload them after a form submission (login, logout and profile changes
 * are actions, so the user follows), not on every navigation. A basket control's post answers the whole basket
 * and asks for no loader (docs/decisions/043); any action refused with 401 means the session ended, so the
 * viewer is read again. The way to /basket reads the basket again, for today's prices and stock. Going to or
 * leaving a page that needs a signed-in customer reads the viewer again: the header agrees with the page the
 * server let through, and when that page's loader sends a guest away (after 'Выйти' there, or a session that
 * ended), the root's data of the redirected request was dropped with it, so the page the guest lands on must
 * read it anew.
 */
export function shouldRevalidate({
  formMethod,
  actionStatus,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 401) return true;
  if (formMethod !== undefined && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  // The basket page shows today's prices and stock: its basket is read again on the way there.
  if (nextUrl.pathname === BASKET_PAGE && currentUrl.pathname !== BASKET_PAGE) return true;
  return guestRedirectFor(nextUrl.pathname) !== null || guestRedirectFor(currentUrl.pathname) !== null;
}

export const meta: Route.MetaFunction = ({ error }) => {
  if (error) {
    const isNotFound = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: isNotFound ? 'Страница не найдена' : 'Что-то пошло не так' }];
  }
  return [{ title: DEFAULT_TITLE }, { name: 'description', content: DEFAULT_DESCRIPTION }];
};

/**
 * The error pages load when one is shown (ADR 044): few visits see one, and every page's first load carried
 * them. A page rendered on the server waits for them there; hydrating one waits for its file. A file missing
 * after a deploy (this one included) reloads the page: the entry's listener (chunk-reload.client.ts).
 */
const NotFoundPage = lazy(() =>
  import('./components/layout/error-pages').then((pages) => ({ default: pages.NotFoundPage })),
);
const ErrorPage = lazy(() =>
  import('./components/layout/error-pages').then((pages) => ({ default: pages.ErrorPage })),
);

/** Header, main and footer around a page, with the root loader's settings (empty when it failed). */
function Shell({ layout, children }: { layout?: LayoutName; children: ReactNode }) {
  const data = useRootData();
  const basketCount = useBasketCount();
  const favouritesCount = useFavouritesCount();
  // The socket's `badges` events win until the root loader answers again (ADR 033).
  const badges = useHeaderBadges(data?.badges ?? null);
  return (
    <AppShell
      counts={{
        basket: basketCount,
        orders: badges?.orders ?? 0,
        cabinet: badges?.cabinet ?? 0,
        favourites: favouritesCount,
      }}
      settings={data?.settings ?? EMPTY_SETTINGS}
      sellerSiteUrl={data?.sellerSiteUrl ?? FALLBACK_SELLER_SITE_URL}
      year={data?.year ?? copyrightYear()}
      layout={layout}
    >
      {children}
    </AppShell>
  );
}

/** The document and the app-wide providers, for pages and error pages alike. */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
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
        {/* react-aria's locale and router: around each of its components (components/ui/aria-providers.tsx). */}
        <ToastProvider>
          <FlashToasts />
          <AuthDialogsProvider>
            <BasketProvider>
              <DeliveryProvider
                cities={data?.settings.cities ?? EMPTY_SETTINGS.cities}
                initialArea={data?.area ?? null}
                cityId={data?.cityId ?? null}
                mapTileUrl={data?.mapTileUrl ?? DEFAULT_MAP_TILE_URL}
              >
                <PageLoader />
                <RealtimeProvider
                  userId={data?.user?._id ?? null}
                  since={data?.socketSince ?? null}
                  badges={data?.badges ?? null}
                >
                  <RealtimeToasts />
                  <SharedLabels />
                  <FavouritesForm />
                  <BasketStepForm />
                  {children}
                </RealtimeProvider>
              </DeliveryProvider>
            </BasketProvider>
          </AuthDialogsProvider>
        </ToastProvider>
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
