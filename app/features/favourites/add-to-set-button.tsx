import { lazy, Suspense, useRef, useState } from 'react';
import { Icon } from '~/components/ui/icon';
import { labelProps } from '~/components/ui/shared-labels';
import { preloadLoginDialogs, useAuthDialogs } from '~/features/auth/auth-dialogs';
import { useOptionalUser } from '~/features/auth/user';
import { cx } from '~/lib/cx';
import { ADD_TO_SET_TITLE } from './favourite-routes';

const loadFlow = () => import('./add-to-set-dialog');
const AddToSetFlow = lazy(() => loadFlow().then((module) => ({ default: module.AddToSetFlow })));

/**
 * 'Добавить в набор' on a product card or page: opens the popup listing the customer's sets; a guest gets the
 * login popup. The popups' code loads on hover or focus, or with the first click.
 */
export function AddToSetButton({
  product,
  variant = 'overlay',
  className,
  nameId,
}: {
  product: { _id: string; name: string };
  /**
   * 'overlay': a round icon button over a picture; 'card': the same on a product card, without classes (the
   * card styles it by its place, app.css: a grid writes dozens, ADR 044); 'inline': an icon and the words.
   */
  variant?: 'overlay' | 'card' | 'inline';
  className?: string;
  /** The id of the element with the product's name (a grid's card): the button's name refers to it. */
  nameId?: string;
}) {
  const isSignedIn = useOptionalUser() !== null;
  const { openLogin } = useAuthDialogs();
  const [isOpen, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const preload = () => {
    if (isSignedIn) void loadFlow().catch(() => undefined);
    else preloadLoginDialogs();
  };
  return (
    <>
      <button
        ref={trigger}
        // On a card it is in no form (the card's last child, beside the heart's form), so without a type it
        // submits nothing: a grid's cards leave it out (dozens a page, ADR 044).
        type={variant === 'card' ? undefined : 'button'}
        {...(variant === 'inline' ? {} : labelProps('addToSet', product.name, nameId))}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => (isSignedIn ? setOpen(true) : openLogin())}
        className={
          cx(
            // Over a picture (a grid's cards): one component class (app.css, ADR 040).
            // Its tooltip is the class's (app.css), not a title per card.
            variant === 'card'
              ? undefined
              : variant === 'overlay'
                ? 'icon-btn tip-set'
                : 'inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-full border border-line bg-white px-4 text-[15px] font-semibold text-ink transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            className,
          ) || undefined
        }
      >
        {/* Over a picture the class draws the icon (.tip-set), no markup per card. */}
        {variant === 'inline' ? (
          <>
            <Icon name="list-plus" className="size-5" />
            {ADD_TO_SET_TITLE}
          </>
        ) : null}
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <AddToSetFlow
            product={{ _id: product._id, name: product.name }}
            onClose={() => {
              setOpen(false);
              // After the create popup the list's trigger is gone: focus goes back to this button.
              requestAnimationFrame(() => trigger.current?.focus());
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
