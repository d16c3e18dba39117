import { formatCardNumber } from '@core/rules/discount-card';
import { useEffect } from 'react';
import type { Key } from 'react-aria-components';
import { Button, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useFetcher } from 'react-router';
import { AriaProviders } from '~/components/ui/aria-providers';
import { useAuthDialogs } from '~/features/auth/auth-dialogs';
import { useLogout } from '~/features/auth/logout';
import { useIsOperator, useOptionalUser } from '~/features/auth/user';
import { cx } from '~/lib/cx';
import {
  CABINET_LOGOUT_LABEL,
  CABINET_OPERATOR_HREF,
  CABINET_OPERATOR_LABEL,
  CABINET_SECTIONS,
  CABINET_SETTINGS_LABEL,
} from './cabinet';
import { CABINET_MENU_BUTTON_CLASS, CabinetMenuButtonBody } from './cabinet-menu';

const DISCOUNT_CARD_RESOURCE = '/resources/discount-card';

const ITEM =
  'flex cursor-pointer items-center rounded-xl px-3 py-2.5 text-[15px] text-ink outline-none data-[focused]:bg-brand-50 data-[focused]:text-brand-800';

/**
 * The header's cabinet dropdown (SPEC §2): the six cabinet sections and 'Настройки'. A guest choosing any of
 * them gets the login popup. The badge counts unread notifications. SPEC §9's fixed card number is a
 * placeholder of the original: a signed-in customer sees their own card's number (issue 25), loaded by a
 * fetcher when the dropdown first shows; a guest sees none. It loads on first
 * use and takes the light button's place (cabinet-menu.tsx, ADR 044): open when that was pressed, focused
 * when that had the focus.
 */
export function CabinetMenuPopup({
  count = 0,
  defaultOpen = false,
  autoFocus = false,
}: {
  count?: number;
  defaultOpen?: boolean;
  autoFocus?: boolean;
}) {
  const isSignedIn = useOptionalUser() !== null;
  const isOperator = useIsOperator();
  const { openLogin, openProfileSettings } = useAuthDialogs();
  const { logout } = useLogout();
  const card = useFetcher<{ number: string | null }>({ key: 'discount-card' });
  useEffect(() => {
    if (isSignedIn && card.state === 'idle' && card.data === undefined) card.load(DISCOUNT_CARD_RESOURCE);
  }, [isSignedIn, card]);
  const cardNumber = isSignedIn ? (card.data?.number ?? null) : null;

  const onAction = (key: Key) => {
    if (key === 'settings') {
      openProfileSettings();
      return;
    }
    if (key === 'logout') {
      logout();
      return;
    }
    // A signed-in customer's items are links (href) that react-aria's RouterProvider follows.
    if (!isSignedIn && CABINET_SECTIONS.some((section) => section.key === key)) openLogin();
  };

  return (
    <AriaProviders>
      <MenuTrigger defaultOpen={defaultOpen}>
        <Button autoFocus={autoFocus} className={CABINET_MENU_BUTTON_CLASS}>
          <CabinetMenuButtonBody count={count} />
        </Button>
        <Popover
          placement="bottom end"
          offset={8}
          className="w-80 rounded-3xl border border-line bg-white p-2 shadow-pop outline-none data-[entering]:animate-fade-in"
        >
          {isSignedIn ? (
            // The card is there from the first frame, its number filling in its own line when it arrives: a
            // line appearing above the items, or growing by a wrap, would move them under a pointer between its
            // press and its release, and the press would be lost (react-aria acts on the release over the
            // same item).
            <p className="mx-3 mt-1 mb-2 rounded-2xl bg-brand-50 px-3 py-2 text-sm text-brand-800">
              Дисконтная карта{' '}
              {cardNumber ? (
                <span className="block font-semibold tabular-nums" data-testid="menu-card-number">
                  {formatCardNumber(cardNumber)}
                </span>
              ) : (
                <span aria-hidden="true" className="block h-5 w-[16ch] rounded bg-brand-100" />
              )}
            </p>
          ) : null}
          <Menu aria-label="Личный кабинет" onAction={onAction} className="outline-none">
            <MenuSection>
              {CABINET_SECTIONS.map((section) => (
                <MenuItem
                  key={section.key}
                  id={section.key}
                  className={ITEM}
                  {...(isSignedIn ? { href: section.href } : {})}
                >
                  {section.label}
                </MenuItem>
              ))}
            </MenuSection>
            <Separator className="mx-3 my-1 border-t border-line" />
            <MenuSection>
              {isOperator ? (
                <MenuItem id="operator" className={ITEM} href={CABINET_OPERATOR_HREF}>
                  {CABINET_OPERATOR_LABEL}
                </MenuItem>
              ) : null}
              <MenuItem id="settings" className={cx(ITEM)}>
                {CABINET_SETTINGS_LABEL}
              </MenuItem>
              {isSignedIn ? (
                <MenuItem id="logout" className={cx(ITEM)}>
                  {CABINET_LOGOUT_LABEL}
                </MenuItem>
              ) : null}
            </MenuSection>
          </Menu>
        </Popover>
      </MenuTrigger>
    </AriaProviders>
  );
}
