import { Copy, CreditCard, User } from 'lucide-react';
import type { Key } from 'react-aria-components';
import { Button, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { badgeLabel, CounterBadge } from '~/components/ui/counter-badge';
import { useToast } from '~/components/ui/toast';
import { useAuth } from '~/features/auth/auth-context';
import { copyText } from '~/lib/clipboard';
import { cx } from '~/lib/cx';
import {
  CABINET_BADGE_PLACEHOLDER,
  CABINET_LOGOUT_LABEL,
  CABINET_SECTIONS,
  CABINET_SETTINGS_LABEL,
  LOYALTY_CARD_LABEL,
  LOYALTY_CARD_NUMBER,
} from './cabinet';

const ITEM =
  'flex cursor-pointer items-center rounded-xl px-3 py-2.5 text-[15px] text-ink outline-none data-[focused]:bg-brand-50 data-[focused]:text-brand-800';

/** Copies the fixed card number and says so in a toast. */
export function useCopyCardNumber(): () => Promise<void> {
  const toast = useToast();
  return async () => {
    const copied = await copyText(LOYALTY_CARD_NUMBER.replace(/\s+/g, ''));
    if (copied) toast.show({ type: 'success', title: 'Номер карты скопирован' });
    else toast.show({ type: 'error', title: 'Не удалось скопировать номер карты' });
  };
}

/**
 * The header's cabinet dropdown (SPEC §2): the card number with a copy action, then the six cabinet sections
 * and 'Настройки'. A guest choosing any of them gets the login popup.
 */
export function CabinetMenu({ count = CABINET_BADGE_PLACEHOLDER }: { count?: number }) {
  const { isAuthenticated, openLogin, openProfileSettings, logout } = useAuth();
  const copyCardNumber = useCopyCardNumber();

  const onAction = (key: Key) => {
    if (key === 'card') {
      void copyCardNumber();
      return;
    }
    if (key === 'settings') {
      openProfileSettings();
      return;
    }
    if (key === 'logout') {
      void logout();
      return;
    }
    // A signed-in customer's items are links (href) that react-aria's RouterProvider follows.
    if (!isAuthenticated && CABINET_SECTIONS.some((section) => section.key === key)) openLogin();
  };

  return (
    <MenuTrigger>
      <Button
        aria-label={badgeLabel('Личный кабинет', count)}
        className="relative inline-flex flex-col items-center gap-1 rounded-xl px-2.5 py-1.5 text-xs font-medium text-muted transition-colors hover:bg-brand-50 hover:text-brand-700 data-[pressed]:bg-brand-50"
      >
        <span className="relative">
          <User aria-hidden="true" className="size-6 text-ink" />
          <CounterBadge count={count} className="absolute -top-1.5 -right-2.5" />
        </span>
        <span>Кабинет</span>
      </Button>
      <Popover
        placement="bottom end"
        offset={8}
        className="w-80 rounded-3xl border border-line bg-white p-2 shadow-pop outline-none data-[entering]:animate-fade-in"
      >
        <Menu aria-label="Личный кабинет" onAction={onAction} className="outline-none">
          <MenuSection aria-label={LOYALTY_CARD_LABEL}>
            <MenuItem
              id="card"
              textValue={`${LOYALTY_CARD_LABEL} ${LOYALTY_CARD_NUMBER}, скопировать номер`}
              aria-label={`Скопировать номер карты ${LOYALTY_CARD_NUMBER}`}
              className="mb-1 block cursor-pointer rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 p-4 text-white outline-none data-[focused]:ring-4 data-[focused]:ring-brand-200"
            >
              <span className="flex items-center justify-between text-sm text-brand-50">
                <span className="inline-flex items-center gap-2">
                  <CreditCard aria-hidden="true" className="size-4" />
                  {LOYALTY_CARD_LABEL}
                </span>
                <span className="inline-flex items-center gap-1 rounded-full bg-white/15 px-2 py-0.5 text-xs font-medium">
                  <Copy aria-hidden="true" className="size-3.5" />
                  Скопировать
                </span>
              </span>
              <span className="mt-3 block text-lg font-semibold tracking-wider tabular-nums">
                {LOYALTY_CARD_NUMBER}
              </span>
            </MenuItem>
          </MenuSection>
          <MenuSection>
            {CABINET_SECTIONS.map((section) => (
              <MenuItem
                key={section.key}
                id={section.key}
                className={ITEM}
                {...(isAuthenticated ? { href: section.href } : {})}
              >
                {section.label}
              </MenuItem>
            ))}
          </MenuSection>
          <Separator className="mx-3 my-1 border-t border-line" />
          <MenuSection>
            <MenuItem id="settings" className={cx(ITEM)}>
              {CABINET_SETTINGS_LABEL}
            </MenuItem>
            {isAuthenticated ? (
              <MenuItem id="logout" className={cx(ITEM)}>
                {CABINET_LOGOUT_LABEL}
              </MenuItem>
            ) : null}
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
