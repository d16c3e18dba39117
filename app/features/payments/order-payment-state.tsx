import { fieldName } from '@core/contracts/form-fields';
import type { OrderPageForm } from '@core/contracts/orders';
import type { OrderPayment } from '@core/contracts/payments';
import { PAYMENT_WINDOW_MIN } from '@core/rules/payments';
import { formatRoubles } from '@core/rules/price';
import { Form } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';

/**
 * The order page's online payment (issue 25): paid, waiting (with the way back to YooKassa's page), refused,
 * and what was refunded or is on its way back.
 */
export function OrderPaymentState({ payment }: { payment: OrderPayment }) {
  return (
    <section
      aria-label="Оплата онлайн"
      className="flex flex-col gap-2 rounded-3xl bg-white p-5 shadow-card sm:p-6"
      data-payment-status={payment.status}
    >
      <p className="flex items-center gap-2 text-[15px] font-semibold">
        <Icon name="credit-card" className="size-5 text-brand-700" />
        Оплата онлайн: {payment.label}, {formatRoubles(payment.amount)}
      </p>
      {payment.status === 'pending' ? (
        <>
          <p className="text-[15px] text-muted">
            Заказ ждёт оплаты {PAYMENT_WINDOW_MIN} минут с момента оформления, потом отменяется и товары
            возвращаются в продажу.
          </p>
          <Form method="post" className="self-start">
            <input type="hidden" name={fieldName<OrderPageForm>('intent')} value="pay" />
            <button type="submit" className={buttonStyles()}>
              Оплатить
            </button>
          </Form>
        </>
      ) : null}
      {payment.refunded > 0 ? (
        <p className="text-[15px]">Возвращено на карту: {formatRoubles(payment.refunded)}</p>
      ) : null}
      {payment.refunding > 0 ? (
        <p className="text-[15px] text-muted">Возврат {formatRoubles(payment.refunding)} оформляется</p>
      ) : null}
    </section>
  );
}
