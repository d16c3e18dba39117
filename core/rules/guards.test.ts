import { describe, expect, it } from 'vitest';
import { FLASH_MESSAGES, isFlashKey } from './flash-messages';
import { FLASH_COOKIE, flashCookie, guestRedirectFor } from './guards';

describe('guestRedirectFor', () => {
  it('sends a guest on an order path to the basket with the warning', () => {
    for (const path of ['/order', '/order/', '/order/A-1024', '/orders', '/ORDER/x']) {
      expect(guestRedirectFor(path), path).toEqual({ redirectTo: '/basket', flash: 'auth-required' });
    }
    expect(FLASH_MESSAGES['auth-required'].title).toBe('Необходимо авторизоваться');
  });

  it('sends a guest in the cabinet home', () => {
    for (const path of ['/lk', '/lk/', '/lk/settings']) {
      expect(guestRedirectFor(path), path).toEqual({ redirectTo: '/' });
    }
  });

  it('reads the path case-insensitively', () => {
    expect(guestRedirectFor('/ORDER/A-1')).toEqual({ redirectTo: '/basket', flash: 'auth-required' });
    expect(guestRedirectFor('/LK')).toEqual({ redirectTo: '/' });
  });

  it('prefers the order rule when both apply', () => {
    expect(guestRedirectFor('/lk/orders')).toEqual({ redirectTo: '/basket', flash: 'auth-required' });
  });

  it('leaves every other page alone, including slugs that merely contain the letters', () => {
    for (const path of [
      '/',
      '/basket',
      '/catalog',
      '/product/belki-molochnye',
      '/catalog/ferma/1/polki',
      '/blog/border-collie',
      '/recorder',
      '/milk',
    ]) {
      expect(guestRedirectFor(path), path).toBeNull();
    }
  });
});

describe('isFlashKey', () => {
  it('knows only the flash messages it has', () => {
    expect(isFlashKey('auth-required')).toBe(true);
    expect(isFlashKey('toString')).toBe(false);
    expect(isFlashKey(undefined)).toBe(false);
    expect(isFlashKey('<img src=x>')).toBe(false);
    expect(FLASH_COOKIE).toBe('fresh_flash');
  });
});

describe('flash messages of page actions', () => {
  it('say what the action did, on the page it led to', () => {
    expect(FLASH_MESSAGES).toEqual({
      'auth-required': { type: 'warning', title: 'Необходимо авторизоваться' },
      'order-placed': { type: 'success', title: 'Заказ оформлен' },
      'orders-placed': { type: 'success', title: 'Заказы оформлены' },
      'order-cancelled': { type: 'success', title: 'Заказ отменён' },
      'order-repeated': { type: 'success', title: 'Товары добавлены в корзину' },
      'replacement-accepted': { type: 'success', title: 'Замена принята' },
      'replacement-rejected': { type: 'success', title: 'Товар убран из заказа' },
      'address-saved': { type: 'success', title: 'Адрес успешно сохранен' },
      'pickup-chosen': { type: 'success', title: 'Пункт самовывоза выбран' },
      'address-deleted': { type: 'success', title: 'Адрес удалён' },
      'address-default': { type: 'success', title: 'Основной адрес изменён' },
      'card-removed': { type: 'success', title: 'Карта удалена' },
    });
  });

  it('travel in a short-lived cookie the page can read, for every path', () => {
    expect(flashCookie('orders-placed')).toBe('fresh_flash=orders-placed; Path=/; Max-Age=60; SameSite=Lax');
  });
});
