/** Promo codes (issue 25): created by the operators' CLI (`npm run promo:create`), listed in the console. */
import type { PromoCodeCreate, PromoCodeView } from '@core/contracts/payments';
import { AppError } from '../../errors';
import { nowOf, type PaymentsDeps } from './payments.deps';
import { insertPromoCode, listPromoCodes, type PromoCodeRow } from './payments.repository';

/** The console lists the newest codes. */
export const PROMO_LIST_LIMIT = 200;

function presentPromoCode(row: PromoCodeRow): PromoCodeView {
  return {
    _id: row.id,
    code: row.code,
    store: row.storeId,
    kind: row.kind,
    value: row.value,
    min_order: row.minOrderKopecks,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    max_uses: row.maxUses,
    max_uses_per_customer: row.maxUsesPerCustomer,
    used: row.usedCount,
  };
}

export async function createPromoCode(
  deps: Pick<PaymentsDeps, 'db' | 'clock'>,
  input: PromoCodeCreate,
): Promise<PromoCodeView> {
  const row = await insertPromoCode(deps.db, {
    code: input.code,
    storeId: input.store,
    kind: input.kind,
    value: input.value,
    minOrderKopecks: input.min_order,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    maxUses: input.max_uses,
    maxUsesPerCustomer: input.max_uses_per_customer,
    createdAt: nowOf(deps),
  });
  if (!row) throw new AppError('conflict', `Промокод ${input.code} уже есть`);
  return presentPromoCode(row);
}

export async function listPromoCodeViews(deps: Pick<PaymentsDeps, 'db'>): Promise<PromoCodeView[]> {
  return (await listPromoCodes(deps.db, PROMO_LIST_LIMIT)).map(presentPromoCode);
}
