/**
 * The checkout's discounts (issue 25): 'Промокод' with 'Применить' (the page's loader checks the code and
 * says what it takes off, or why it is refused; nothing is taken until the order is placed) and 'Списать
 * баллы' (up to each shop's share of its order, at most the balance). The server decides both again when the
 * orders are placed; without JavaScript the code and the points are simply posted with the form.
 */
import { splitBonus } from '@core/rules/discount-card';
import { pluralForm } from '@core/rules/plural';
import { formatRoubles, KOPECKS_PER_ROUBLE } from '@core/rules/price';
import { useId } from 'react';

/** What the checkout's loader answers about a promo code it was asked to check. */
export type PromoCheck =
  | { ok: true; code: string; index: number; discount: number }
  | { ok: false; message: string };

export type CheckoutBonus = { balance: number; spendMaxPercents: number[] };

const POINT_FORMS = ['балл', 'балла', 'баллов'] as const;

/** Each order's discounts as the page shows them before placing (kopecks). */
export function previewDiscounts(
  goods: readonly number[],
  bonus: CheckoutBonus,
  promo: PromoCheck | null,
  spendPoints: boolean,
): { promo: number[]; bonus: number[] } {
  const promoByOrder = goods.map((_, index) => (promo?.ok && promo.index === index ? promo.discount : 0));
  const bonusByOrder = spendPoints
    ? splitBonus(
        goods.map((value, index) => ({
          goods: value - (promoByOrder[index] ?? 0),
          spendMaxPercent: bonus.spendMaxPercents[index] ?? 0,
        })),
        bonus.balance,
        bonus.balance,
      )
    : goods.map(() => 0);
  return { promo: promoByOrder, bonus: bonusByOrder };
}

export function CheckoutDiscounts({
  promoName,
  bonusName,
  promoError,
  code,
  onCode,
  promoCheck,
  isChecking,
  onApply,
  bonus,
  spendPoints,
  onSpendPoints,
  spendable,
}: {
  promoName: string;
  bonusName: string;
  promoError: string | undefined;
  code: string;
  onCode: (code: string) => void;
  /** The loader's answer for the code now in the field (null: not asked yet). */
  promoCheck: PromoCheck | null;
  isChecking: boolean;
  onApply: () => void;
  bonus: CheckoutBonus;
  spendPoints: boolean;
  onSpendPoints: (spend: boolean) => void;
  /** What the points would take off now (kopecks). */
  spendable: number;
}) {
  const id = useId();
  const message = promoError ?? (promoCheck && !promoCheck.ok ? promoCheck.message : undefined);
  const points = Math.floor(bonus.balance / KOPECKS_PER_ROUBLE);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <label htmlFor={`${id}-promo`} className="mb-1.5 block text-sm font-semibold">
          Промокод
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-promo`}
            name={promoName}
            value={code}
            maxLength={32}
            autoComplete="off"
            onChange={(event) => onCode(event.target.value)}
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-promo-status`}
            className="h-11 w-full rounded-xl border border-line bg-white px-3 text-[15px] text-ink uppercase"
          />
          <button
            type="button"
            disabled={code.trim() === '' || isChecking}
            onClick={onApply}
            className="h-11 shrink-0 rounded-xl border border-line px-4 text-[15px] font-semibold"
          >
            Применить
          </button>
        </div>
        <p id={`${id}-promo-status`} role="status" className="mt-1.5 text-sm font-medium">
          {message ? (
            <span className="text-berry">{message}</span>
          ) : promoCheck?.ok ? (
            <span className="text-brand-700">
              Промокод {promoCheck.code}: −{formatRoubles(promoCheck.discount)}
            </span>
          ) : null}
        </p>
      </div>
      {points > 0 ? (
        <label className="flex items-start gap-3 text-[15px]">
          <input
            type="checkbox"
            name={bonusName}
            value={String(points)}
            checked={spendPoints}
            onChange={(event) => onSpendPoints(event.target.checked)}
            className="mt-1 size-5 accent-brand-600"
          />
          <span>
            <span className="font-semibold">Списать баллы</span>
            <span className="block text-sm text-muted">
              На карте {points} {pluralForm(points, POINT_FORMS)}
              {spendable > 0 ? `, спишем ${formatRoubles(spendable)}` : ''} — 1 балл = 1 ₽
            </span>
          </span>
        </label>
      ) : null}
    </div>
  );
}
