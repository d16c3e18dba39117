import { fieldName } from '@core/contracts/form-fields';
import type { SavedCard, SavedCardForm } from '@core/contracts/payments';
import { Form } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';

/**
 * /lk?active=payment (issue 25): the cards the customer agreed to save when paying 'Картой онлайн' (brand,
 * last four digits, expiry), each removable with a plain form. Without online payment: what there is instead.
 */
export function SavedCards({
  cards,
  isOnline,
  error,
}: {
  cards: readonly SavedCard[];
  isOnline: boolean;
  error?: string | undefined;
}) {
  return (
    <section
      aria-labelledby="saved-cards-title"
      className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-card sm:p-6"
    >
      <h2 id="saved-cards-title" className="text-xl font-bold">
        Способы оплаты
      </h2>
      {error ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-[15px] font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {cards.length === 0 ? (
        <p className="text-[15px] leading-relaxed text-muted">
          {isOnline
            ? 'Сохранённых карт пока нет. Оплатите заказ картой онлайн и отметьте «Сохранить карту» — в следующий раз оплата займёт одно нажатие.'
            : 'Заказы оплачиваются при получении — картой или наличными.'}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {cards.map((card) => (
            <li key={card._id} className="flex items-center justify-between gap-3 py-3">
              <span className="flex items-center gap-3 text-[15px]">
                <Icon name="credit-card" className="size-6 text-brand-700" />
                <span>
                  {card.brand} •••• {card.last4}
                  <span className="block text-sm text-muted">Действует до {card.expiry}</span>
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name={fieldName<SavedCardForm>('intent')} value="remove-card" />
                <input type="hidden" name={fieldName<SavedCardForm>('card')} value={card._id} />
                <button
                  type="submit"
                  className={buttonStyles({ variant: 'ghost' })}
                  aria-label={`Удалить карту ${card.brand} •••• ${card.last4}`}
                >
                  <Icon name="trash-2" className="size-4" />
                  Удалить
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
