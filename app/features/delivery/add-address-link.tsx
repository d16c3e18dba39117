import type { ReactNode } from 'react';
import { locationHref, useDelivery } from './delivery-context';

/**
 * 'Добавить адрес' (checkout, the cabinet): opens the address popup in new mode. Underneath it is a link to
 * the location page that comes back to `back`, so before hydration and without JavaScript it leads to the same
 * choice as a plain form, which saves a signed-in customer's address to the account (ADR 038).
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
  return (
    <a
      href={locationHref(back)}
      onClick={(event) => {
        event.preventDefault();
        openAddressDialog({ mode: 'new' });
      }}
      className={className}
    >
      {children}
    </a>
  );
}
