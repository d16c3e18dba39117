/** The basket's own refusals, in the words a customer reads (used by its use cases and their tests). */
export const NOT_SOLD_AT_POINT = 'Этот товар не продаётся в выбранной точке';
export const NOT_IN_BASKET = 'Этого товара уже нет в корзине';
export const SOLD_OUT_AT_POINT = 'В этой точке товар закончился';
