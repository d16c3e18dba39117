import { ChevronDown, MapPin } from 'lucide-react';
import type { ComponentType } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { Link } from 'react-router';
import { BadgedLabel, CounterBadge } from '~/components/ui/counter-badge';
import { CabinetLink } from '~/features/auth/cabinet-link';
import {
  ADDRESS_PLACEHOLDER,
  DELIVERY_MODE_LABELS,
  DELIVERY_MODES,
  PICKUP_PLACEHOLDER,
  useDelivery,
} from '~/features/delivery/delivery-context';
import { cx } from '~/lib/cx';

type IconComponent = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

const ICON_LINK =
  'relative inline-flex flex-col items-center gap-1 rounded-xl px-2.5 py-1.5 text-xs font-medium text-muted transition-colors hover:bg-brand-50 hover:text-brand-700';

function IconLinkBody({
  icon: Icon,
  label,
  count,
  what,
}: {
  icon: IconComponent;
  label: string;
  count: number;
  what?: string;
}) {
  return (
    <>
      <span className="relative">
        <Icon aria-hidden="true" className="size-6 text-ink" />
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
  icon: IconComponent;
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

/** 'Доставка' / 'Самовывоз' (SPEC §2), delivery by default. */
export function DeliveryModeToggle({ className, size = 'sm' }: { className?: string; size?: 'sm' | 'md' }) {
  const { mode, setMode } = useDelivery();
  return (
    <ToggleButtonGroup
      aria-label="Способ получения"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[mode]}
      onSelectionChange={(keys) => {
        const [next] = [...keys];
        if (next === 'delivery' || next === 'pickup') setMode(next);
      }}
      className={cx('inline-flex shrink-0 rounded-full bg-surface p-0.5', className)}
    >
      {DELIVERY_MODES.map((key) => (
        <ToggleButton
          key={key}
          id={key}
          className={cx(
            'rounded-full font-medium text-muted transition-colors hover:text-ink data-[selected]:bg-white data-[selected]:text-brand-700 data-[selected]:shadow-sm',
            size === 'sm' ? 'px-3 py-1 text-[13px]' : 'flex-1 px-4 py-2 text-sm',
          )}
        >
          {DELIVERY_MODE_LABELS[key]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** The address line: 'Укажите адрес доставки' until one is chosen; opens the address popup. */
export function AddressButton({ className, onActivate }: { className?: string; onActivate?: () => void }) {
  const { address, area, mode, openAddressDialog, openPickupDialog } = useDelivery();
  const isPickup = mode === 'pickup';
  const label = isPickup
    ? area?.mode === 'pickup'
      ? (area.label ?? PICKUP_PLACEHOLDER)
      : PICKUP_PLACEHOLDER
    : (address ?? ADDRESS_PLACEHOLDER);
  return (
    <button
      type="button"
      onClick={() => {
        onActivate?.();
        if (isPickup) openPickupDialog();
        else openAddressDialog();
      }}
      className={cx(
        'inline-flex min-w-0 items-center gap-1.5 rounded-lg text-left font-medium hover:text-brand-700',
        className,
      )}
    >
      <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
      <span className="truncate">{label}</span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted" />
    </button>
  );
}
