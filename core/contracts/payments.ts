/** Online payment, saved cards and the discount card (issue 25, docs/decisions/046): what the pages read. */
import { BONUS_ENTRY_KINDS } from '@core/rules/discount-card';
import { ONLINE_PAYMENT_STATUSES } from '@core/rules/payments';
import type { FormFields } from './form-fields';
import { z } from './z';

export const BonusEntrySchema = z.object({
  kind: z.enum(BONUS_ENTRY_KINDS),
  /** Kopecks, signed: earned and returned points positive, spent and revoked ones negative. */
  amount: z.number().int(),
  order: z.number().int().nullable(),
  at: z.string(),
});
export type BonusEntry = z.infer<typeof BonusEntrySchema>;

/** The cabinet's 'Дисконтные карты' tab: the card, its balance (kopecks; 1 point = 1 ₽) and its history. */
export const DiscountCardSchema = z.object({
  number: z.string().regex(/^\d{13}$/),
  balance: z.number().int(),
  history: z.array(BonusEntrySchema),
});
export type DiscountCard = z.infer<typeof DiscountCardSchema>;

/** A saved card as the cabinet's 'Способы оплаты' lists it. */
export const SavedCardSchema = z.object({
  _id: z.string(),
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expiry: z.string().regex(/^\d{2}\/\d{2}$/),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;

/** The order page's online payment (issue 25): its state, the amounts in kopecks, the link while unpaid. */
export const OrderPaymentSchema = z.object({
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  label: z.string(),
  amount: z.number().int(),
  /** Refunded, and sent but not yet done. */
  refunded: z.number().int(),
  refunding: z.number().int(),
  confirmationUrl: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

/** The cabinet's 'Способы оплаты' post (ADR 042): remove a saved card. */
export const SavedCardFormSchema = z.discriminatedUnion(
  'intent',
  [z.object({ intent: z.literal('remove-card'), card: z.uuid('Карта не найдена — обновите страницу') })],
  { error: 'Неизвестное действие' },
);
export type SavedCardForm = FormFields<z.input<typeof SavedCardFormSchema>>;
