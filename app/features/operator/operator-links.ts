/**
 * The operator console's addresses and labels (ADR 034). Its pages post ConversationFormSchema's and
 * BoardMoveFormSchema's forms (core/contracts/support, ADR 042) to their route actions, with a fetcher when
 * JavaScript is there and as plain forms when it is not.
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from '@core/rules/orders';

export const OPERATOR_HREF = '/operator';
export const OPERATOR_ORDERS_HREF = '/operator/board';
export const OPERATOR_CLOSED_HREF = '/operator?status=closed';

export const conversationHref = (id: string) => `${OPERATOR_HREF}/chats/${id}`;

/** The board's anchor of an order: a quick link from a conversation scrolls to it. */
export const boardOrderId = (number: number) => `order-${number}`;
export const boardOrderHref = (number: number) => `${OPERATOR_ORDERS_HREF}#${boardOrderId(number)}`;

/** The button of a move on the board: the status the order goes to, or 'Отменить заказ'. */
export const moveLabel = (to: OrderStatus): string =>
  to === 'cancelled' ? 'Отменить заказ' : ORDER_STATUS_LABELS[to];

export const CONVERSATION_STATUSES = [
  { key: 'open', label: 'Открытые', href: OPERATOR_HREF },
  { key: 'closed', label: 'Закрытые', href: OPERATOR_CLOSED_HREF },
] as const;
export type ConversationStatusFilter = (typeof CONVERSATION_STATUSES)[number]['key'];

/** The console's reviews (ADR 045): all, the visible, the hidden. */
export const OPERATOR_REVIEWS_HREF = '/operator/reviews';
export const REVIEW_FILTERS = [
  { key: 'all', label: 'Все' },
  { key: 'visible', label: 'Видимые' },
  { key: 'hidden', label: 'Скрытые' },
] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number]['key'];
export const reviewsHref = (filter: ReviewFilter, page = 1): string => {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('status', filter);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${OPERATOR_REVIEWS_HREF}?${text}` : OPERATOR_REVIEWS_HREF;
};

/** The console's inbox of the feedback popup's questions and the vacancies' applications (ADR 045). */
export const OPERATOR_REQUESTS_HREF = '/operator/requests';
export const INBOX_KINDS = [
  { key: 'questions', label: 'Обратная связь' },
  { key: 'applications', label: 'Отклики на вакансии' },
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number]['key'];
export const INBOX_STATUSES = [
  { key: 'open', label: 'Новые' },
  { key: 'answered', label: 'Отвеченные' },
  { key: 'closed', label: 'Закрытые' },
  { key: 'all', label: 'Все' },
] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number]['key'];
export const requestsHref = (kind: InboxKind, status: InboxStatus = 'open', page = 1): string => {
  const query = new URLSearchParams();
  if (kind !== 'questions') query.set('kind', kind);
  if (status !== 'open') query.set('status', status);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${OPERATOR_REQUESTS_HREF}?${text}` : OPERATOR_REQUESTS_HREF;
};

/** The console's promo codes (issue 25): created by `npm run promo:create`, listed here. */
export const OPERATOR_PROMO_HREF = '/operator/promo';
