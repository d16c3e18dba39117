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

/** Signed-in customers also get this entry: ends the session. */
export const CABINET_LOGOUT_LABEL = 'Выйти';

export const ORDERS_HREF = '/lk?active=orders';
export const FAVOURITES_HREF = '/favourites';
export const BASKET_HREF = '/basket';

/** SPEC §9: the orders and cabinet badge values are hard-coded placeholders until orders exist. */
export const ORDERS_BADGE_PLACEHOLDER = 2;
export const CABINET_BADGE_PLACEHOLDER = 1;

/** SPEC §9: a fixed card number is shown in the cabinet dropdown (the customer's Фреш card). */
export const LOYALTY_CARD_NUMBER = '2200 7301 5512 4821';
export const LOYALTY_CARD_LABEL = 'Карта Фреш';
