import { buttonStyles } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { LoginButton } from '~/features/auth/login-button';
import { useOptionalUser } from '~/features/auth/user';

/**
 * The basket's 'back' layout has no header login button, and the order step needs a signed-in customer
 * (SPEC §6): a guest gets 'Войти' here, which opens the login popup; the basket is kept and merged at login.
 */
export function GuestLoginNotice() {
  if (useOptionalUser()) return null;
  return (
    // Not a region: the basket's regions are its shops' groups.
    <div className="mt-6 flex flex-col gap-3 rounded-3xl bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="text-lg font-bold">Войдите, чтобы оформить заказ</h2>
        <p className="mt-1 text-[15px] text-muted">
          Понадобится только номер телефона. Товары из корзины сохранятся.
        </p>
      </div>
      <LoginButton className={buttonStyles({ size: 'lg', className: 'shrink-0' })}>
        <Icon name="log-in" className="size-5" />
        Войти
      </LoginButton>
    </div>
  );
}
