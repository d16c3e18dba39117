/** Online payment, saved cards and the discount card (issue 25, docs/decisions/046): what the pages read. */
import { BONUS_ENTRY_KINDS } from '@core/rules/discount-card';
import { ONLINE_PAYMENT_STATUSES } from '@core/rules/payments';
import { isPromoCode, normalizePromoCode, PROMO_KINDS } from '@core/rules/promo';
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

// Promo codes (issue 25) ------------------------------------------------------------------------------------

/** The most a fixed promo code may take off (kopecks): a typo in the CLI must not give away 1 000 000 ₽. */
export const PROMO_FIXED_MAX_KOPECKS = 10_000_000;
export const PROMO_USES_MAX = 1_000_000;

const promoDate = z.iso.datetime({
  offset: true,
  error: 'Дата — в формате ISO 8601, например 2026-12-01T00:00:00+07:00',
});

/** `npm run promo:create`: a new code (money in kopecks). */
export const PromoCodeCreateSchema = z
  .object({
    code: z
      .string('Укажите промокод')
      .trim()
      .refine(isPromoCode, 'Промокод — от 3 до 32 букв, цифр, «-» или «_»')
      .transform(normalizePromoCode),
    store: z.uuid('Некорректный магазин').nullable().default(null),
    kind: z.enum(PROMO_KINDS, { error: 'Вид скидки — percent или fixed' }),
    value: z.coerce.number().int('Скидка — целым числом').positive('Скидка — больше нуля'),
    min_order: z.coerce.number().int().min(0).max(PROMO_FIXED_MAX_KOPECKS).default(0),
    starts_at: promoDate.nullable().default(null),
    ends_at: promoDate.nullable().default(null),
    max_uses: z.coerce.number().int().positive().max(PROMO_USES_MAX).nullable().default(null),
    max_uses_per_customer: z.coerce.number().int().positive().max(PROMO_USES_MAX).nullable().default(1),
  })
  .superRefine((input, context) => {
    if (input.kind === 'percent' && input.value > 100)
      context.addIssue({ code: 'custom', path: ['value'], message: 'Скидка в процентах — не больше 100' });
    if (input.kind === 'fixed' && input.value > PROMO_FIXED_MAX_KOPECKS)
      context.addIssue({ code: 'custom', path: ['value'], message: 'Скидка — не больше 100 000 ₽' });
    if (input.starts_at && input.ends_at && input.starts_at >= input.ends_at)
      context.addIssue({ code: 'custom', path: ['ends_at'], message: 'Окончание — позже начала' });
  });
export type PromoCodeCreate = z.infer<typeof PromoCodeCreateSchema>;

/** A code as the operator console lists it. */
export const PromoCodeViewSchema = z.object({
  _id: z.string(),
  code: z.string(),
  store: z.string().nullable(),
  kind: z.enum(PROMO_KINDS),
  value: z.number().int(),
  min_order: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_customer: z.number().int().nullable(),
  used: z.number().int(),
});
export type PromoCodeView = z.infer<typeof PromoCodeViewSchema>;
