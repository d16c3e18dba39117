import type { ReactNode } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { locationHref, useDelivery } from './delivery-context';

/**
 * 'Добавить адрес' (checkout, the cabinet): a button that opens the address popup in new mode. Before
 * hydration and without JavaScript it is a link to the location page that comes back to `back`: the same
 * choice as a plain form, which saves a signed-in customer's address to the account (ADR 038). A link, not a
 * form: at checkout it sits inside the checkout's form.
 */
export function AddAddressLink({
  back,
  className,
  children,
}: {
  back: string;
  className?: string;
  children: ReactNode;
}) {
  const { openAddressDialog } = useDelivery();
  const isHydrated = useHydrated();
  const open = () => openAddressDialog({ mode: 'new' });
  return (
    <a
      href={locationHref(back)}
      // With JavaScript it does what a button does: Enter and Space open the popup.
      role={isHydrated ? 'button' : undefined}
      onClick={(event) => {
        event.preventDefault();
        open();
      }}
      onKeyDown={(event) => {
        if (event.key !== ' ') return;
        event.preventDefault();
        open();
      }}
      className={className}
    >
      {children}
    </a>
  );
}
