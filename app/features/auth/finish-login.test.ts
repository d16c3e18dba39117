import { flashToastId } from '@core/rules/guards';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastApi, ToastInput } from '~/components/ui/toast';
import { MemoryStorage } from '../../../tests/setup/memory-storage';
import { AUTH_REQUIRED_TOAST_ID, BASKET_SHORT_TOAST, finishLogin } from './finish-login';
import type { SignedIn } from './login';

/** A toast API that keeps what it was asked to do. */
function recordingToasts() {
  const shown: ToastInput[] = [];
  const closed: string[] = [];
  const api: ToastApi = {
    show: (toast) => {
      shown.push(toast);
      return toast.id ?? 'toast';
    },
    close: (id) => {
      closed.push(id);
    },
  };
  return { api, shown, closed };
}

const signedIn = (guestBasket: SignedIn['guestBasket']): SignedIn => ({
  ok: true,
  intent: 'login',
  user: { _id: 'u1', name: 'Анна', phone: '+79990001122', email: null, img: null, house: null },
  guestBasket,
});

describe('finishLogin', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { sessionStorage: new MemoryStorage(), localStorage: new MemoryStorage() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('closes the stale "Необходимо авторизоваться" a guest was shown on an order path (issue 21)', () => {
    const toasts = recordingToasts();
    finishLogin(signedIn('merged'), toasts.api);
    // The id FlashToasts gives the toast of the 'auth-required' flash.
    expect(AUTH_REQUIRED_TOAST_ID).toBe(flashToastId('auth-required'));
    expect(AUTH_REQUIRED_TOAST_ID).toBe('flash-auth-required');
    expect(toasts.closed).toEqual([AUTH_REQUIRED_TOAST_ID]);
    expect(toasts.shown).toEqual([]);
  });

  it('says when part of the guest basket could not be added', () => {
    const toasts = recordingToasts();
    finishLogin(signedIn('short'), toasts.api);
    expect(toasts.shown).toEqual([BASKET_SHORT_TOAST]);
  });
});
