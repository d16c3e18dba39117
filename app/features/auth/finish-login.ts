import { flashToastId } from '@core/rules/guards';
import type { ToastApi } from '~/components/ui/toast';
import { writeGuestBasket } from '~/features/basket/basket-data';
import { clearPendingAddress } from '~/features/delivery/area-storage';
import type { SignedIn } from './login';
import { storeUserAddressIfNone } from './user-address';

export const BASKET_SHORT_TOAST = {
  type: 'info',
  title: 'Часть товаров закончилась',
  content: 'Их нет в наличии, в корзину они не попали',
} as const;

/** The toast of the flash a guest got on an order path (FlashToasts shows it with this id). */
export const AUTH_REQUIRED_TOAST_ID = flashToastId('auth-required');

/**
 * What the browser does after a right code (SPEC §4 Login 3): the customer's saved address becomes the
 * working one unless one is set, the guest's pending address and basket are the account's now (the login
 * action saved and merged them), the customer hears about lines that could not be added, and the warning
 * 'Необходимо авторизоваться' a guest may still have on screen (a toast paused under the pointer in the
 * popup) is closed: it is no longer true.
 */
export function finishLogin(signedIn: SignedIn, toast: ToastApi): void {
  toast.close(AUTH_REQUIRED_TOAST_ID);
  storeUserAddressIfNone(signedIn.user.house);
  clearPendingAddress();
  // A merge that failed leaves the device's copy for the next login.
  if (signedIn.guestBasket !== 'failed') writeGuestBasket(localStorageOrNull(), {});
  if (signedIn.guestBasket === 'short') toast.show(BASKET_SHORT_TOAST);
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
