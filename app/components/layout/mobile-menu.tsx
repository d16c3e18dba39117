import type { LinkGroup } from '@core/contracts/content';
import { Button as AriaButton, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Link } from 'react-router';
import { Button } from '~/components/ui/aria-button';
import { AriaProviders } from '~/components/ui/aria-providers';
import { BadgedLabel, CounterBadge } from '~/components/ui/counter-badge';
import { Icon } from '~/components/ui/icon';
import { MODAL_Z_INDEX } from '~/components/ui/modal';
import { useAuthDialogs } from '~/features/auth/auth-dialogs';
import { CabinetLink } from '~/features/auth/cabinet-link';
import { LogoutForm } from '~/features/auth/logout';
import { useIsOperator, useOptionalUser } from '~/features/auth/user';
import {
  CABINET_LOGOUT_LABEL,
  CABINET_OPERATOR_HREF,
  CABINET_OPERATOR_LABEL,
  CABINET_SECTIONS,
  CABINET_SETTINGS_LABEL,
  type CabinetSection,
  ORDERS_BADGE_WHAT,
} from '~/features/cabinet/cabinet';
import { AddressButton, DeliveryModeToggle } from './header-parts';
import { Logo } from './logo';
import { SiteLink } from './site-link';

const ROW =
  'flex w-full items-center justify-between gap-3 rounded-xl px-3 py-3 text-left text-[15px] font-medium text-ink hover:bg-brand-50';

/** The burger panel on phones: what the desktop header shows, as one scrolling list (SPEC §2). */
export function MobileMenu({
  isOpen,
  onOpenChange,
  navigation,
  sellerLinks,
  counts,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  navigation: readonly LinkGroup[];
  sellerLinks: { register: string; business: string };
  /** The header's badges, shown on 'Заказы' and 'Уведомления'. */
  counts: { orders: number; cabinet: number };
}) {
  const isSignedIn = useOptionalUser() !== null;
  const isOperator = useIsOperator();
  const { openLogin, openProfileSettings } = useAuthDialogs();
  const close = () => onOpenChange(false);
  const pages = navigation.flatMap((group) => group.pages);

  return (
    <AriaProviders>
      <ModalOverlay
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        isDismissable
        style={{ zIndex: MODAL_Z_INDEX - 10 }}
        className="fixed inset-0 bg-[rgb(12_28_18/0.48)] data-[entering]:animate-fade-in"
      >
        <Modal className="h-full w-[min(88vw,360px)] overflow-y-auto bg-white shadow-pop outline-none data-[entering]:animate-slide-in-left">
          <Dialog
            aria-labelledby="mobile-menu-title"
            className="flex min-h-full flex-col gap-5 p-4 outline-none"
          >
            <div className="flex items-center justify-between">
              <Heading id="mobile-menu-title" level={2} className="sr-only">
                Меню
              </Heading>
              <Logo compact />
              <AriaButton
                aria-label="Закрыть меню"
                onPress={close}
                className="inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-ink"
              >
                <Icon name="x" className="size-6" />
              </AriaButton>
            </div>

            {isSignedIn ? null : (
              <Button
                onPress={() => {
                  close();
                  openLogin();
                }}
              >
                Войти
              </Button>
            )}

            <div className="flex flex-col gap-3 rounded-2xl bg-surface p-3">
              <DeliveryModeToggle size="md" className="w-full bg-white/70" />
              <AddressButton className="px-1 text-[15px]" onActivate={close} />
            </div>

            <Link
              to="/catalog"
              className="flex items-center gap-3 rounded-2xl bg-brand-600 px-4 py-3.5 font-semibold text-white hover:bg-brand-700"
            >
              <Icon name="layout-grid" className="size-5" />
              Каталог товаров
            </Link>

            <nav aria-label="Личный кабинет">
              <h3 className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
                Личный кабинет
              </h3>
              <ul>
                {CABINET_SECTIONS.map((section) => (
                  <li key={section.key}>
                    <CabinetLink to={section.href} className={ROW} onActivate={close}>
                      <SectionLabel section={section} counts={counts} />
                      <span className="flex items-center gap-2">
                        <SectionBadge section={section.key} counts={counts} />
                        <Icon name="chevron-right" className="size-4 text-muted" />
                      </span>
                    </CabinetLink>
                  </li>
                ))}
                {isOperator ? (
                  <li>
                    <Link to={CABINET_OPERATOR_HREF} className={ROW} onClick={close}>
                      {CABINET_OPERATOR_LABEL}
                      <Icon name="chevron-right" className="size-4 text-muted" />
                    </Link>
                  </li>
                ) : null}
                <li>
                  <button
                    type="button"
                    className={ROW}
                    onClick={() => {
                      close();
                      openProfileSettings();
                    }}
                  >
                    {CABINET_SETTINGS_LABEL}
                    <Icon name="chevron-right" className="size-4 text-muted" />
                  </button>
                </li>
                {isSignedIn ? (
                  <li>
                    {/* The menu closes when the logout's redirect changes the location (SiteHeader). */}
                    <LogoutForm>
                      <button type="submit" className={ROW}>
                        {CABINET_LOGOUT_LABEL}
                      </button>
                    </LogoutForm>
                  </li>
                ) : null}
              </ul>
            </nav>

            {pages.length > 0 ? (
              <nav aria-label="Покупателям">
                <h3 className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
                  Покупателям
                </h3>
                <ul>
                  {pages.map((page) => (
                    <li key={`${page.slug}-${page.label}`}>
                      <SiteLink page={page} className={ROW} onActivate={close} markExternal />
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}

            <nav aria-label="Продавцам" className="mt-auto border-t border-line pt-3">
              <ul>
                <li>
                  <a href={sellerLinks.register} target="_blank" rel="noopener noreferrer" className={ROW}>
                    Стать продавцом
                    <Icon name="external-link" className="size-4 text-muted" />
                  </a>
                </li>
                <li>
                  <a href={sellerLinks.business} target="_blank" rel="noopener noreferrer" className={ROW}>
                    Для юр. лиц
                    <Icon name="external-link" className="size-4 text-muted" />
                  </a>
                </li>
              </ul>
            </nav>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaProviders>
  );
}

/** Which count a cabinet section's row shows: active orders on 'Заказы', unread on 'Уведомления'. */
function sectionCount(section: CabinetSection['key'], counts: { orders: number; cabinet: number }) {
  if (section === 'orders') return { count: counts.orders, what: ORDERS_BADGE_WHAT };
  if (section === 'notification') return { count: counts.cabinet, what: 'непрочитанных' };
  return null;
}

function SectionBadge(props: {
  section: CabinetSection['key'];
  counts: { orders: number; cabinet: number };
}) {
  const shown = sectionCount(props.section, props.counts);
  return shown ? <CounterBadge count={shown.count} /> : null;
}

function SectionLabel(props: { section: CabinetSection; counts: { orders: number; cabinet: number } }) {
  const shown = sectionCount(props.section.key, props.counts);
  return <BadgedLabel label={props.section.label} count={shown?.count ?? 0} what={shown?.what} />;
}
