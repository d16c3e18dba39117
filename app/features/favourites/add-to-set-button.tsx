import { ListPlus } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { preloadLoginDialogs, useAuthDialogs } from '~/features/auth/auth-dialogs';
import { useOptionalUser } from '~/features/auth/user';
import { cx } from '~/lib/cx';
import { ADD_TO_SET_TITLE } from './favourite-form';

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
}: {
  product: { _id: string; name: string };
  /** 'overlay': a round icon button over a picture; 'inline': an icon and the words. */
  variant?: 'overlay' | 'inline';
  className?: string;
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
        type="button"
        aria-label={variant === 'overlay' ? `${ADD_TO_SET_TITLE}: ${product.name}` : undefined}
        aria-haspopup="dialog"
        title={variant === 'overlay' ? ADD_TO_SET_TITLE : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => (isSignedIn ? setOpen(true) : openLogin())}
        className={cx(
          'inline-flex shrink-0 items-center justify-center gap-2 transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          variant === 'overlay'
            ? 'size-10 rounded-full bg-white/95 text-ink shadow-card hover:bg-white'
            : 'h-11 rounded-full border border-line bg-white px-4 text-[15px] font-semibold text-ink hover:border-brand-300 hover:bg-brand-50',
          className,
        )}
      >
        <ListPlus aria-hidden="true" className="size-5" />
        {variant === 'inline' ? ADD_TO_SET_TITLE : null}
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
