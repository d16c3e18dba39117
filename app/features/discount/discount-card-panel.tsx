import type { DiscountCard } from '@core/contracts/payments';
import { formatDate } from '@core/rules/date';
import {
  BONUS_EARN_PERCENT,
  BONUS_ENTRY_LABELS,
  BONUS_SPEND_MAX_PERCENT,
  formatCardNumber,
} from '@core/rules/discount-card';
import { formatRoubles } from '@core/rules/price';
import { buttonStyles } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { useToast } from '~/components/ui/toast';

/** What the points are worth, signed: '+18 ₽', '−70 ₽'. */
function signed(kopecks: number): string {
  return `${kopecks < 0 ? '−' : '+'}${formatRoubles(Math.abs(kopecks))}`;
}

/**
 * /lk?active=discount (issue 25): the customer's card as text and as an EAN-13 barcode for the till, copied
 * with one press (the toast says so), the bonus balance and its history.
 */
export function DiscountCardPanel({ card, barcode }: { card: DiscountCard; barcode: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(card.number);
      toast.show({ type: 'success', title: 'Номер карты скопирован' });
    } catch {
      toast.show({
        type: 'warning',
        title: 'Не удалось скопировать номер. Выделите его и скопируйте вручную',
      });
    }
  };
  return (
    <div className="flex flex-col gap-5">
      <section
        aria-labelledby="discount-card-title"
        className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-card sm:p-6"
      >
        <h2 id="discount-card-title" className="text-xl font-bold">
          Дисконтная карта «Фреш»
        </h2>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <img
            src={barcode}
            alt={`Штрихкод карты ${card.number}`}
            className="h-28 w-64 rounded-xl bg-white p-2 ring-1 ring-line"
            data-testid="discount-barcode"
          />
          <div className="flex flex-col gap-2">
            <p className="text-[15px] text-muted">Номер карты</p>
            <p className="text-2xl font-bold tracking-wider tabular-nums" data-testid="discount-number">
              {formatCardNumber(card.number)}
            </p>
            <button
              type="button"
              onClick={copy}
              className={buttonStyles({ variant: 'outline', className: 'self-start' })}
            >
              <Icon name="copy" className="size-4" />
              Скопировать номер
            </button>
          </div>
        </div>
        <p className="text-[15px] leading-relaxed text-muted">
          Покажите штрихкод на кассе или назовите номер. За выполненный заказ начисляем {BONUS_EARN_PERCENT}%
          от суммы товаров баллами; баллами можно оплатить до {BONUS_SPEND_MAX_PERCENT}% заказа (1 балл = 1
          ₽).
        </p>
      </section>
      <section
        aria-labelledby="bonus-title"
        className="flex flex-col gap-3 rounded-3xl bg-white p-5 shadow-card sm:p-6"
      >
        <h2 id="bonus-title" className="text-xl font-bold">
          Бонусные баллы: <span className="tabular-nums">{formatRoubles(card.balance)}</span>
        </h2>
        {card.history.length === 0 ? (
          <p className="text-[15px] text-muted">
            Баллов пока нет: они появятся после первого выполненного заказа.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label="История баллов">
            {card.history.map((entry) => (
              <li
                key={`${entry.kind}-${entry.order}-${entry.at}`}
                className="flex items-center justify-between gap-3 py-2.5"
              >
                <span className="text-[15px]">
                  {BONUS_ENTRY_LABELS[entry.kind]}
                  {entry.order ? ` №${entry.order}` : ''}
                  <span className="block text-sm text-muted">{formatDate(entry.at)}</span>
                </span>
                <span
                  className={`font-semibold tabular-nums ${entry.amount < 0 ? 'text-ink' : 'text-brand-700'}`}
                >
                  {signed(entry.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
