import type { LinkGroup } from '@core/contracts/content';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonStyles, LinkButton } from '~/components/ui/button';
import { badgeLabel, CounterBadge } from '~/components/ui/counter-badge';
import { Icon } from '~/components/ui/icon';
import { CabinetLink } from '~/features/auth/cabinet-link';
import { LoginButton } from '~/features/auth/login-button';
import { useOptionalUser } from '~/features/auth/user';
import { UserChip } from '~/features/auth/user-chip';
import { BASKET_HREF, FAVOURITES_HREF, ORDERS_BADGE_WHAT, ORDERS_HREF } from '~/features/cabinet/cabinet';
import { CabinetMenu } from '~/features/cabinet/cabinet-menu';
import { SearchBox } from '~/features/search/search-box';
import { onFirstUse, useFirstUse } from '~/lib/on-first-use';
import { sellerLinks as buildSellerLinks } from '~/lib/site-links';
import { AddressButton, DeliveryModeToggle, HeaderIconLink } from './header-parts';
import { Logo } from './logo';
import { SiteLink } from './site-link';

// The burger panel (react-aria's modal and its focus handling) loads on first use (ADR 044).
const mobileMenu = onFirstUse(() => import('./mobile-menu'));

/**
 * Counter badges of the header: the customer's active orders, unread notifications ('Кабинет') and
 * favourites of every type (with the hearts' clicks on their way) from the root loader, the basket's lines;
 * nothing for guests.
 */
export type HeaderCounts = {
  orders: number;
  favourites: number;
  basket: number;
  cabinet: number;
};

export const DEFAULT_HEADER_COUNTS: HeaderCounts = { orders: 0, favourites: 0, basket: 0, cabinet: 0 };

export type SiteHeaderProps = {
  /** settings.header: the navigation entries (label and slug). */
  navigation: readonly LinkGroup[];
  sellerSiteUrl: string;
  counts?: Partial<HeaderCounts>;
};

/** A component class (app.css): every page's header and footer repeat it. */
const TOP_LINK = 'site-link';

/** The storefront header (SPEC §2): a two-row bar from lg up; below it a compact bar with a burger menu. */
export function SiteHeader({ navigation, sellerSiteUrl, counts }: SiteHeaderProps) {
  const user = useOptionalUser();
  const { orders, favourites, basket, cabinet } = { ...DEFAULT_HEADER_COUNTS, ...counts };
  const sellers = buildSellerLinks(sellerSiteUrl);
  const pages = navigation.flatMap((group) => group.pages);

  const [menu, requestMenu] = useFirstUse(mobileMenu);
  const { key: locationKey } = useLocation();
  // The burger menu is open on the page it was opened on: a route change (a new location key) closes it...
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const isMenuOpen = menuOpenAt === locationKey;
  const setMenuOpen = (isOpen: boolean) => setMenuOpenAt(isOpen ? locationKey : null);
  // ...and when the customer switches to another tab or app.
  useEffect(() => {
    if (!isMenuOpen) return;
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') setMenuOpenAt(null);
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [isMenuOpen]);

  return (
    <header className="bg-white shadow-[0_1px_0_var(--color-line)]">
      {/* Desktop */}
      <div className="hidden lg:block">
        <div className="border-b border-line">
          <div className="mx-auto flex min-h-11 max-w-[1360px] flex-wrap items-center gap-x-6 gap-y-1 px-6 py-1.5 text-[13px]">
            <div className="flex shrink-0 items-center gap-4">
              <DeliveryModeToggle />
              <AddressButton className="max-w-72 text-[13px] text-ink" />
            </div>
            <nav aria-label="Информация для покупателей" className="ml-auto">
              <ul className="flex flex-wrap items-center gap-x-5 gap-y-1 whitespace-nowrap">
                {pages.map((page) => (
                  <li key={`${page.slug}-${page.label}`}>
                    <SiteLink page={page} className={TOP_LINK} />
                  </li>
                ))}
              </ul>
            </nav>
            <ul
              aria-label="Продавцам"
              className="flex shrink-0 items-center gap-5 xl:border-l xl:border-line xl:pl-5"
            >
              <li>
                <a
                  href={sellers.register}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="rounded-md font-semibold text-brand-700 hover:text-brand-800"
                >
                  Стать продавцом
                </a>
              </li>
              <li>
                <a href={sellers.business} target="_blank" rel="noopener noreferrer" className={TOP_LINK}>
                  Для юр. лиц
                </a>
              </li>
            </ul>
          </div>
        </div>
        <div className="mx-auto flex h-[76px] max-w-[1360px] items-center gap-4 px-6">
          <Logo className="mr-2" />
          <LinkButton to="/catalog" size="lg">
            <Icon name="layout-grid" className="size-5" />
            Каталог
          </LinkButton>
          <SearchBox id="header-search" placeholder="Искать товары" className="min-w-0 flex-1" />
          <nav aria-label="Покупки" className="flex items-center gap-1">
            <HeaderIconLink
              to={ORDERS_HREF}
              icon="package"
              label="Заказы"
              count={orders}
              what={ORDERS_BADGE_WHAT}
              needsLogin
            />
            <HeaderIconLink
              to={FAVOURITES_HREF}
              icon="heart"
              label="Избранное"
              count={favourites}
              needsLogin
            />
            <HeaderIconLink to={BASKET_HREF} icon="shopping-basket" label="Корзина" count={basket} />
            <CabinetMenu count={cabinet} />
          </nav>
          {user ? (
            <UserChip user={user} className="ml-1" />
          ) : (
            <LoginButton className={buttonStyles({ className: 'ml-1 h-12' })} />
          )}
        </div>
      </div>

      {/* Phones and tablets */}
      <div className="lg:hidden">
        <div className="flex h-14 items-center gap-2 px-3">
          <button
            type="button"
            aria-label="Меню"
            aria-haspopup="dialog"
            aria-expanded={isMenuOpen}
            onClick={() => {
              requestMenu();
              setMenuOpen(true);
            }}
            onPointerEnter={requestMenu}
            onTouchStart={requestMenu}
            onFocus={requestMenu}
            className="head-icon"
          >
            <Icon name="menu" />
          </button>
          <Logo compact />
          <div className="ml-auto flex items-center">
            {user ? (
              <UserChip user={user} compact />
            ) : (
              <LoginButton className="h-10 rounded-xl px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50" />
            )}
            <CabinetLink
              to={FAVOURITES_HREF}
              aria-label={badgeLabel('Избранное', favourites)}
              className="head-icon"
            >
              <Icon name="heart" />
              <CounterBadge count={favourites} className="absolute top-1 right-0.5" />
            </CabinetLink>
            <Link to={BASKET_HREF} aria-label={badgeLabel('Корзина', basket)} className="head-icon">
              <Icon name="shopping-basket" />
              <CounterBadge count={basket} className="absolute top-1 right-0.5" />
            </Link>
          </div>
        </div>
        <div className="px-3 pb-2">
          <SearchBox id="header-search-mobile" placeholder="Найти во Фреш..." />
        </div>
        <div className="flex items-center px-3 pb-3">
          <AddressButton className="max-w-full text-sm text-ink" />
        </div>
        {menu ? (
          <menu.MobileMenu
            isOpen={isMenuOpen}
            onOpenChange={setMenuOpen}
            navigation={navigation}
            sellerLinks={sellers}
            counts={{ orders, cabinet }}
          />
        ) : null}
      </div>
    </header>
  );
}
