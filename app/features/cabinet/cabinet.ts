/** The personal cabinet's sections as the header dropdown and the mobile menu list them (SPEC §2). */
export type CabinetSection = {
  key: 'orders' | 'payment' | 'notification' | 'chat' | 'delivery' | 'discount';
  label: string;
  href: string;
};

export const CABINET_SECTIONS: readonly CabinetSection[] = [
  { key: 'orders', label: 'Заказы', href: '/lk?active=orders' },
  { key: 'payment', label: 'Способы оплаты', href: '/lk?active=payment' },
  { key: 'notification', label: 'Уведомления', href: '/lk?active=notification' },
  { key: 'chat', label: 'Чат поддержки', href: '/lk?active=chat' },
  { key: 'delivery', label: 'Адреса доставки', href: '/lk?active=delivery' },
  { key: 'discount', label: 'Дисконтные карты', href: '/lk?active=discount' },
];

/** The seventh entry: opens the profile settings popup rather than a page. */
export const CABINET_SETTINGS_LABEL = 'Настройки';

/** Operators also get this entry: the support console (ADR 034). */
export const CABINET_OPERATOR_LABEL = 'Консоль поддержки';
export const CABINET_OPERATOR_HREF = '/operator';

/** Signed-in customers also get this entry: ends the session. */
export const CABINET_LOGOUT_LABEL = 'Выйти';

export const ORDERS_HREF = '/lk?active=orders';
export const FAVOURITES_HREF = '/favourites';
export const BASKET_HREF = '/basket';

/**
 * What the header badges count, for screen readers: the customer's active orders (not done or cancelled) and
 * their unread notifications. SPEC §9's hard-coded badge values and fixed card number stood for real ones: we
 * show the real counts (root loader) and the customer's own discount card number (ADR 046), none for a guest.
 */
export const ORDERS_BADGE_WHAT = 'активных';
export const CABINET_BADGE_WHAT = 'непрочитанных уведомлений';
