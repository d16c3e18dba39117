import { GUEST_REDIRECTS } from '@core/rules/guards';
import { formatPhone } from '@core/rules/phone';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { buttonStyles } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { LinkTabs } from '~/components/ui/link-tabs';
import { useAuthDialogs } from '~/features/auth/auth-dialogs';
import { Avatar } from '~/features/auth/avatar';
import { LoginButton } from '~/features/auth/login-button';
import { LogoutForm } from '~/features/auth/logout';
import { useOptionalUser, useUser } from '~/features/auth/user';
import { addressAskedToDelete } from '~/features/cabinet/address-delete';
import { CABINET_SECTIONS, type CabinetSection } from '~/features/cabinet/cabinet';
import { runCabinetPost } from '~/features/cabinet/cabinet-actions.server';
import { LkSectionEmptyState } from '~/features/cabinet/lk-sections';
import { OrdersList } from '~/features/cabinet/orders-list';
import { SavedAddresses } from '~/features/cabinet/saved-addresses';
import { loadChatTab } from '~/features/chat/chat-actions.server';
import { CHAT_BEFORE_PARAM } from '~/features/chat/chat-links';
import { ean13DataUrl } from '~/features/discount/barcode.server';
import { DiscountCardPanel } from '~/features/discount/discount-card-panel';
import { NotificationsPanel } from '~/features/notifications/notifications-panel';
import { SavedCards } from '~/features/payments/saved-cards';
import { failureOf } from '~/lib/action-result';
import { runFormAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import { lazyFirstUse, onFirstUse } from '~/lib/on-first-use';
import type { Route } from './+types/cabinet';

/**
 * The support chat's tab, the only one with a form of the contract (Zod and Conform, 41 KB) and an upload
 * button: its code loads with that tab, not with every tab of the cabinet (ADR 044). The server renders it
 * in place; the browser hydrates it once its code is here, and a move to the tab waits for it (a navigation
 * is a transition, so the tab before it stays until then).
 */
const chatPanel = onFirstUse(() => import('~/features/chat/chat-panel'));
const ChatPanel = lazyFirstUse(chatPanel, (module) => module.ChatPanel);

export const meta: Route.MetaFunction = () => [
  { title: 'Личный кабинет — Фреш' },
  { name: 'robots', content: 'noindex' },
];

/** SPEC §6: the cabinet is for signed-in customers; a guest goes home. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, GUEST_REDIRECTS.cabinet);
  const url = new URL(request.url);
  const active = activeSection(url.searchParams.get('active'));
  const [addresses, orders, notifications, chat, discount, savedCards] = await Promise.all([
    active === 'delivery' ? context.services.geo.listAddresses(user._id) : [],
    active === 'orders' ? context.services.orders.listOrders(user._id) : [],
    active === 'notification' ? context.services.notifications.list(user._id) : null,
    active === 'chat'
      ? // The tab's code too, so the page renders it in place (lazyFirstUse).
        chatPanel
          .load()
          .then(() => loadChatTab(context.services, user._id, url.searchParams.get(CHAT_BEFORE_PARAM)))
      : null,
    // The discount card is issued on the tab's first visit (issue 25).
    active === 'discount' ? loadDiscountCard(context, user._id) : null,
    active === 'payment' ? context.services.payments.listSavedCards(user._id) : null,
  ]);
  // The key a browser subscribes to web push with ('Включить уведомления'); null: push is off.
  const vapidPublicKey = active === 'notification' ? context.services.notifications.vapidPublicKey() : null;
  const isOnlinePayment = context.services.payments.isOnlineEnabled();
  return { addresses, orders, notifications, chat, vapidPublicKey, discount, savedCards, isOnlinePayment };
}

async function loadDiscountCard(context: Route.LoaderArgs['context'], userId: string) {
  const card = await context.services.payments.getDiscountCard(userId);
  return { card, barcode: await ean13DataUrl(card.number) };
}

/**
 * The cabinet's forms (SPEC §6: signed in): the delivery tab's (delete once confirmed, make default: the geo
 * service, then back to the tab) and the chat's message (the support service; its answer is data, the loader
 * shows it). A guest gets 401 before the form is read.
 */
export async function action({ context, request }: Route.ActionArgs) {
  return runFormAction(
    request,
    () => requireUser(context),
    (form, user) => runCabinetPost(context, user._id, form),
  );
}

const DEFAULT_SECTION: CabinetSection['key'] = 'orders';

function activeSection(value: string | null): CabinetSection['key'] {
  return CABINET_SECTIONS.find((section) => section.key === value)?.key ?? DEFAULT_SECTION;
}

/** /lk?active=orders|payment|notification|chat|delivery|discount (SPEC §2). */
export default function Cabinet(props: Route.ComponentProps) {
  // The session can end while the cabinet is open (signed out in another tab, or expired): a post then
  // answers 401 and the root reads the viewer again. The page asks to sign in instead of showing stale data.
  if (useOptionalUser() === null) return <SessionEnded />;
  return <SignedInCabinet {...props} />;
}

function SessionEnded() {
  return (
    <div className="mx-auto flex max-w-[1360px] flex-col gap-6 px-4 pt-4 pb-6 sm:px-6 sm:pt-6">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Личный кабинет</h1>
      <section className="flex flex-col items-start gap-4 rounded-3xl bg-white p-5 shadow-card sm:p-6">
        <p className="text-[15px]">Сеанс завершён. Войдите, чтобы открыть личный кабинет.</p>
        <LoginButton className={buttonStyles({ size: 'lg' })} />
      </section>
    </div>
  );
}

function SignedInCabinet({ loaderData, actionData }: Route.ComponentProps) {
  const user = useUser();
  const { openProfileSettings } = useAuthDialogs();
  const [params] = useSearchParams();
  const active = activeSection(params.get('active'));

  return (
    <div className="mx-auto flex max-w-[1360px] flex-col gap-6 px-4 pt-4 pb-6 sm:px-6 sm:pt-6">
      <Breadcrumbs items={[{ label: 'Личный кабинет' }]} />
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Личный кабинет</h1>

      <section
        aria-label="Профиль"
        className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-card sm:flex-row sm:items-center sm:p-6"
      >
        <Avatar user={user} size="lg" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-xl font-bold">{user.name}</p>
          <p className="text-[15px] text-muted tabular-nums">{formatPhone(user.phone)}</p>
          {user.email ? <p className="truncate text-[15px] text-muted">{user.email}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={openProfileSettings}
            className={buttonStyles({ variant: 'outline' })}
          >
            <Icon name="pencil" className="size-4" />
            Настройки профиля
          </button>
          <LogoutForm className="contents">
            <button type="submit" className={buttonStyles({ variant: 'ghost' })}>
              <Icon name="log-out" className="size-4" />
              Выйти
            </button>
          </LogoutForm>
        </div>
      </section>

      <LinkTabs
        label="Разделы личного кабинета"
        selected={active}
        tabs={CABINET_SECTIONS}
        className="flex flex-col gap-5"
      >
        {(key) =>
          key === 'delivery' ? (
            <SavedAddresses
              addresses={loaderData.addresses}
              error={actionData?.ok === false ? actionData.message : undefined}
              askingToDelete={addressAskedToDelete(actionData)}
            />
          ) : key === 'orders' ? (
            <OrdersList orders={loaderData.orders} />
          ) : key === 'notification' && loaderData.notifications ? (
            <NotificationsPanel
              notifications={loaderData.notifications.notifications}
              unread={loaderData.notifications.unread}
              vapidPublicKey={loaderData.vapidPublicKey}
            />
          ) : key === 'chat' && loaderData.chat ? (
            <Suspense>
              <ChatPanel
                history={loaderData.chat.history}
                orders={loaderData.chat.orders}
                isOperatorTyping={loaderData.chat.isOperatorTyping}
                messageKey={loaderData.chat.messageKey}
                isOlderPage={params.has(CHAT_BEFORE_PARAM)}
                failure={failureOf(actionData)}
              />
            </Suspense>
          ) : key === 'payment' && loaderData.savedCards ? (
            <SavedCards
              cards={loaderData.savedCards}
              isOnline={loaderData.isOnlinePayment}
              error={actionData?.ok === false ? actionData.message : undefined}
            />
          ) : key === 'discount' && loaderData.discount ? (
            <DiscountCardPanel card={loaderData.discount.card} barcode={loaderData.discount.barcode} />
          ) : (
            <LkSectionEmptyState section={key} />
          )
        }
      </LinkTabs>
    </div>
  );
}
