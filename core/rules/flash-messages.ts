/**
 * The words of the flash messages (guards.ts: their keys and cookie), apart from the rules every page loads:
 * a page imports this only when a flash waits for it (app/components/layout/flash-toasts.tsx).
 */

/** Flash messages that survive a redirect, by the key the server puts in the flash cookie. */
export const FLASH_MESSAGES = {
  'auth-required': { type: 'warning', title: 'Необходимо авторизоваться' },
  // After a page action redirected (post, redirect, get): what it did, said on the page it led to.
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
} as const;

export function isFlashKey(value: string | undefined): value is keyof typeof FLASH_MESSAGES {
  // Stryker disable next-line ConditionalExpression: hasOwn would look up the key 'undefined', which is no flash; the check narrows the type
  return value !== undefined && Object.hasOwn(FLASH_MESSAGES, value);
}
