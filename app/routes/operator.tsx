import { isRouteErrorResponse, Link, Outlet, useLocation } from 'react-router';
import { ErrorPage, NotFoundPage } from '~/components/layout/error-pages';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { LinkButton } from '~/components/ui/button';
import { requireOperatorPage } from '~/features/operator/operator.server';
import {
  OPERATOR_HREF,
  OPERATOR_ORDERS_HREF,
  OPERATOR_PROMO_HREF,
  OPERATOR_REQUESTS_HREF,
  OPERATOR_REVIEWS_HREF,
} from '~/features/operator/operator-links';
import { OperatorLiveProvider } from '~/features/operator/use-operator-live';
import { type SocketStatus, useRealtime } from '~/features/realtime/use-realtime';
import { cx } from '~/lib/cx';
import type { Route } from './+types/operator';

export const meta: Route.MetaFunction = ({ error }) => [
  {
    title:
      isRouteErrorResponse(error) && error.status === 403 ? 'Нет доступа — Фреш' : 'Консоль оператора — Фреш',
  },
  { name: 'robots', content: 'noindex' },
];

/**
 * /operator (DESIGN.md §3, issue 15, ADR 034): the support operators' console — conversations and the order
 * board of their shops. A guest logs in first; anyone without the operator role gets the 403 page.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireOperatorPage(context, request);
  const storeIds = await context.services.support.storesOf(user._id);
  const stores = storeIds
    ? (await context.services.catalog.listStores())
        .filter((store) => storeIds.includes(store._id))
        .map((store) => store.name)
    : null;
  return { stores };
}

const SECTIONS = [
  {
    label: 'Диалоги',
    href: OPERATOR_HREF,
    isCurrent: (path: string) =>
      ![OPERATOR_ORDERS_HREF, OPERATOR_REVIEWS_HREF, OPERATOR_REQUESTS_HREF, OPERATOR_PROMO_HREF].some(
        (href) => path.startsWith(href),
      ),
  },
  {
    label: 'Заказы',
    href: OPERATOR_ORDERS_HREF,
    isCurrent: (path: string) => path.startsWith(OPERATOR_ORDERS_HREF),
  },
  {
    label: 'Отзывы',
    href: OPERATOR_REVIEWS_HREF,
    isCurrent: (path: string) => path.startsWith(OPERATOR_REVIEWS_HREF),
  },
  {
    label: 'Обращения',
    href: OPERATOR_REQUESTS_HREF,
    isCurrent: (path: string) => path.startsWith(OPERATOR_REQUESTS_HREF),
  },
  {
    label: 'Промокоды',
    href: OPERATOR_PROMO_HREF,
    isCurrent: (path: string) => path.startsWith(OPERATOR_PROMO_HREF),
  },
] as const;

export default function OperatorConsole({ loaderData: { stores } }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <OperatorLiveProvider>
      <div className="mx-auto flex max-w-[1360px] flex-col gap-5 px-4 pt-4 pb-8 sm:px-6 sm:pt-6">
        <Breadcrumbs items={[{ label: 'Консоль оператора' }]} />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Консоль оператора</h1>
            <p className="mt-1 text-[15px] text-muted">
              {stores ? `Магазины: ${stores.join(', ')}` : 'Все магазины'}
            </p>
          </div>
          <ConnectionState />
        </div>
        <nav aria-label="Разделы консоли">
          <ul className="flex gap-1">
            {SECTIONS.map((section) => (
              <li key={section.href}>
                <Link
                  to={section.href}
                  aria-current={section.isCurrent(pathname) ? 'page' : undefined}
                  className={cx(
                    'inline-flex rounded-full px-4 py-2.5 text-[15px] font-medium text-muted outline-none transition-colors',
                    'hover:bg-white hover:text-ink focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2',
                    'aria-[current=page]:bg-brand-600 aria-[current=page]:text-white',
                  )}
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Outlet />
      </div>
    </OperatorLiveProvider>
  );
}

const CONNECTION_TEXT: Record<SocketStatus, string> = {
  open: 'Обновления приходят сразу',
  connecting: 'Подключаемся…',
  waiting: 'Нет связи, переподключаемся…',
  stopped: 'Подключаемся…',
  ended: 'Сеанс завершён, войдите снова',
};

/** Whether new messages arrive by themselves right now (the tab's socket, ADR 033). */
function ConnectionState() {
  const { status } = useRealtime();
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted">
      <span
        aria-hidden="true"
        className={cx('size-2.5 rounded-full', status === 'open' ? 'bg-brand-500' : 'bg-sun')}
      />
      {CONNECTION_TEXT[status]}
    </p>
  );
}

/** A customer: 403 with the reason; a conversation that is not theirs to see: 404; anything else: the error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (!isRouteErrorResponse(error) || error.status !== 403) return <ErrorPage error={error} />;
  return (
    <section className="mx-auto flex max-w-[1360px] flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Нет доступа</h1>
      <p className="mt-4 max-w-md text-base leading-relaxed text-muted sm:text-lg">
        {typeof error.data === 'string' ? error.data : 'Раздел доступен только операторам поддержки'}
      </p>
      <LinkButton to="/" size="lg" className="mt-8">
        На главную
      </LinkButton>
    </section>
  );
}
