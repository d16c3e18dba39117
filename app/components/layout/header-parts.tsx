import type { LocationQuery } from '@core/contracts/geo';
import type { KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { BadgedLabel, CounterBadge } from '~/components/ui/counter-badge';
import { HiddenFields } from '~/components/ui/hidden-fields';
import { Icon, type IconName } from '~/components/ui/icon';
import { CabinetLink } from '~/features/auth/cabinet-link';
import {
  ADDRESS_PLACEHOLDER,
  DELIVERY_MODE_LABELS,
  DELIVERY_MODES,
  LOCATION_PAGE,
  PICKUP_PLACEHOLDER,
  useDelivery,
} from '~/features/delivery/delivery-context';
import { cx } from '~/lib/cx';

/** A component class (app.css): every page's header repeats it. */
const ICON_LINK = 'head-tool';

function IconLinkBody({
  icon,
  label,
  count,
  what,
}: {
  icon: IconName;
  label: string;
  count: number;
  what?: string;
}) {
  return (
    <>
      <span className="relative">
        <Icon name={icon} className="text-ink" />
        <CounterBadge count={count} className="absolute -top-1.5 -right-2.5" />
      </span>
      <BadgedLabel label={label} count={count} what={what} />
    </>
  );
}

/**
 * Header link with an icon, a caption and a counter badge ('Заказы', 'Избранное', 'Корзина'). Its name comes
 * from the caption and the badge's hidden text, so it starts with what is on screen.
 */
export function HeaderIconLink({
  to,
  icon,
  label,
  count,
  what,
  needsLogin = false,
}: {
  to: string;
  icon: IconName;
  label: string;
  count: number;
  /** What the badge counts, for screen readers ('активных'); default: just the number. */
  what?: string;
  /** Cabinet pages ('Заказы'): guests get the login popup. */
  needsLogin?: boolean;
}) {
  const body = <IconLinkBody icon={icon} label={label} count={count} what={what} />;
  return needsLogin ? (
    <CabinetLink to={to} className={ICON_LINK}>
      {body}
    </CabinetLink>
  ) : (
    <Link to={to} prefetch="intent" className={ICON_LINK}>
      {body}
    </Link>
  );
}

/** Arrow keys move between the options of a radio group of buttons (the focus only, as react-aria's did). */
function moveFocusWithArrows(event: KeyboardEvent<HTMLElement>) {
  const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return;
  const options = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]')];
  const index = options.indexOf(document.activeElement as HTMLElement);
  if (index === -1) return;
  event.preventDefault();
  options[(index + step + options.length) % options.length]?.focus();
}

/**
 * 'Доставка' / 'Самовывоз' (SPEC §2), delivery by default: a radio group of two buttons (role, checked state,
 * arrow keys and one tab stop as react-aria's ToggleButtonGroup gave it), written out so the header carries no
 * react-aria on first load (ADR 044).
 */
export function DeliveryModeToggle({ className, size = 'sm' }: { className?: string; size?: 'sm' | 'md' }) {
  const { mode, setMode } = useDelivery();
  return (
    <div
      role="radiogroup"
      aria-label="Способ получения"
      onKeyDown={moveFocusWithArrows}
      className={cx('inline-flex shrink-0 rounded-full bg-surface p-0.5', className)}
    >
      {DELIVERY_MODES.map((key) => (
        // biome-ignore lint/a11y/useSemanticElements: a native radio selects as the arrows move; choosing 'Самовывоз' opens the pickup popup, which must wait for a press.
        <button
          key={key}
          type="button"
          role="radio"
          aria-checked={mode === key}
          data-selected={mode === key || undefined}
          tabIndex={mode === key ? 0 : -1}
          onClick={() => {
            if (key !== mode) setMode(key);
          }}
          className={cx('mode-opt', size === 'sm' ? 'px-3 py-1 text-[13px]' : 'flex-1 px-4 py-2 text-sm')}
        >
          {DELIVERY_MODE_LABELS[key]}
        </button>
      ))}
    </div>
  );
}

/**
 * The address line: 'Укажите адрес доставки' until one is chosen; opens the address popup (the pickup popup
 * in pickup mode). Underneath it is a GET form to the location page that brings the shopper back here, so
 * before hydration and without JavaScript it leads to the same choice as plain forms (ADR 038).
 */
export function AddressButton({ className, onActivate }: { className?: string; onActivate?: () => void }) {
  const { address, area, mode, openAddressDialog, openPickupDialog } = useDelivery();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const isPickup = mode === 'pickup';
  const label = isPickup
    ? area?.mode === 'pickup'
      ? (area.label ?? PICKUP_PLACEHOLDER)
      : PICKUP_PLACEHOLDER
    : (address ?? ADDRESS_PLACEHOLDER);
  return (
    <form method="get" action={LOCATION_PAGE} className="contents">
      <HiddenFields<LocationQuery>
        values={{ ...(here === '/' ? {} : { back: here }), ...(isPickup ? { mode: 'pickup' } : {}) }}
      />
      <button
        type="submit"
        onClick={(event) => {
          event.preventDefault();
          onActivate?.();
          if (isPickup) openPickupDialog();
          else openAddressDialog();
        }}
        className={cx('addr-btn', className)}
      >
        <Icon name="map-pin" className="size-4 text-brand-600" />
        <span className="truncate">{label}</span>
        <Icon name="chevron-down" className="size-4 text-muted" />
      </button>
    </form>
  );
}
