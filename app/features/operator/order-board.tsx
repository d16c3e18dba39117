import { fieldName } from '@core/contracts/form-fields';
import type { BoardMoveForm, BoardOrder, BoardWeighForm } from '@core/contracts/support';
import { formatDayMonthTime, formatMoscowTime } from '@core/rules/date';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@core/rules/orders';
import { formatCount } from '@core/rules/plural';
import { formatRoubles } from '@core/rules/price';
import { isBeingAssembled } from '@core/rules/substitution';
import { formatWeight } from '@core/rules/weight';
import { PackageOpen } from 'lucide-react';
import { useId, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { HiddenFields } from '~/components/ui/hidden-fields';
import { PRODUCTS_FORMS } from '~/features/content/words';
import { cx } from '~/lib/cx';
import { useActionOutcome } from '~/lib/use-action-outcome';
import { boardOrderId, moveLabel, OPERATOR_ORDERS_HREF } from './operator-links';
import { assemblyHref } from './order-assembly';

/** The board's move: BoardMoveFormSchema's status, the button's value. */
const STATUS_FIELD = fieldName<BoardMoveForm>('status');
/** A weighing's grams: BoardWeighFormSchema's. */
const GRAMS_FIELD = fieldName<BoardWeighForm>('grams');

const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

const ORDERS: readonly [string, string, string] = ['активный заказ', 'активных заказа', 'активных заказов'];

/** The board: the active orders of the operator's shops, oldest first, each with the moves it may make. */
export function OrderBoard({ orders }: { orders: readonly BoardOrder[] }) {
  return (
    <section aria-labelledby="operator-board-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="operator-board-title" className="text-xl font-bold">
          Заказы
        </h2>
        <p className="text-[15px] text-muted">{formatCount(orders.length, ORDERS)}</p>
      </div>
      {orders.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-3xl bg-white px-6 py-12 text-center text-muted shadow-card">
          <PackageOpen aria-hidden="true" className="size-8" />
          <p className="text-[15px]">Активных заказов нет</p>
        </div>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {orders.map((order) => (
            <BoardCard key={order.number} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One order: a button per status it may go to. The move is a fetcher post to the board's action (a plain
 * form without JavaScript); while it is on its way the card shows the new status. After a move the buttons
 * change, so the focus goes to the card's heading, not to the top of the page.
 */
function BoardCard({ order }: { order: BoardOrder }) {
  const fetcher = useFetcher();
  const heading = useRef<HTMLHeadingElement>(null);
  const moving = fetcher.formData?.get(STATUS_FIELD);
  const status = isOrderStatus(moving) ? moving : order.status;
  // A refused move says why under the card (no toast: the board is the operator's whole screen). Either way
  // the buttons change once the board is loaded again, and the pressed one may be gone with the focus: the
  // focus then goes to the card's heading. Not when the operator has already moved it (to the next status's
  // button, which can appear before this runs): taking it from there would lose their next press.
  const focusHeading = () => {
    const active = document.activeElement;
    if (active === null || active === document.body || !active.isConnected) heading.current?.focus();
  };
  const { failure } = useActionOutcome(fetcher, {
    failureToast: false,
    onSuccess: focusHeading,
    onFailure: focusHeading,
    onRedirect: focusHeading,
  });

  // A second move waits only while the first is on its way. Once the server has answered, the buttons shown
  // are the board's latest (a socket event can load them before this fetcher's own reload ends), and a press
  // is a new move the server checks against the order's status as it is.
  const isSending = fetcher.state === 'submitting';
  const titleId = `${boardOrderId(order.number)}-title`;
  return (
    <li
      id={boardOrderId(order.number)}
      className="flex scroll-mt-24 flex-col gap-3 rounded-3xl bg-white p-4 shadow-card target:ring-2 target:ring-brand-600 sm:p-5"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
          Заказ №{order.number}
        </h3>
        <p
          className={cx(
            'shrink-0 rounded-full px-3 py-1 text-sm font-semibold',
            status === 'cancelled' ? 'bg-red-50 text-red-800' : 'bg-brand-50 text-brand-800',
          )}
        >
          <span className="sr-only">Статус: </span>
          {ORDER_STATUS_LABELS[status]}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Магазин</dt>
        <dd>
          {order.store.name}
          {order.point ? `, ${order.point}` : ''}
        </dd>
        <dt className="text-muted">Получение</dt>
        <dd>{order.fulfilment === 'delivery' ? 'Доставка' : 'Самовывоз'}</dd>
        {order.slot ? (
          <>
            <dt className="text-muted">Время</dt>
            <dd>
              {formatDayMonthTime(order.slot.start)}–{formatMoscowTime(new Date(order.slot.end))}
            </dd>
          </>
        ) : null}
        <dt className="text-muted">Состав</dt>
        <dd>
          {formatCount(order.items, PRODUCTS_FORMS)} на {formatRoubles(order.total)}
        </dd>
        <dt className="text-muted">Оформлен</dt>
        <dd>{formatDayMonthTime(order.created_at)}</dd>
      </dl>
      {isBeingAssembled(order.status) && fetcher.state === 'idle' ? (
        // The lines to mark missing or replace (ADR 055), on a page of their own. Not while a move is on its
        // way: its redirect would take the operator back to the board from the assembly page just opened.
        <Link
          to={assemblyHref(order.number)}
          aria-describedby={titleId}
          className={buttonStyles({ variant: 'outline', size: 'sm', className: 'self-start' })}
        >
          Сборка
        </Link>
      ) : null}
      {order.next.length > 0 ? (
        <fetcher.Form method="post" action={OPERATOR_ORDERS_HREF} preventScrollReset>
          <HiddenFields<BoardMoveForm> values={{ intent: 'move', number: order.number }} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-semibold">Перевести в статус</legend>
            <div className="flex flex-wrap gap-2">
              {order.next.map((next) =>
                next === 'new' ? null : (
                  <button
                    key={next}
                    type="submit"
                    name={STATUS_FIELD}
                    value={next}
                    aria-disabled={isSending}
                    onClick={(event) => {
                      if (isSending) event.preventDefault();
                    }}
                    className={buttonStyles({
                      variant: next === 'cancelled' ? 'danger' : 'outline',
                      size: 'sm',
                    })}
                  >
                    {moveLabel(next)}
                  </button>
                ),
              )}
            </div>
          </fieldset>
        </fetcher.Form>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm font-medium text-berry">
          {failure.message}
        </p>
      ) : null}
      {order.weighed && (status === 'confirmed' || status === 'assembling') ? (
        <WeighLines number={order.number} lines={order.weighed} />
      ) : null}
    </li>
  );
}

/**
 * The order's lines sold by weight (ADR 054): the grams ordered and, at assembly, a field for the grams the
 * scales show. Each line its own form: a plain post without JavaScript, a fetcher with it; a weight past the
 * tolerance is refused with what to do instead.
 */
function WeighLines({ number, lines }: { number: number; lines: NonNullable<BoardOrder['weighed']> }) {
  return (
    <section
      aria-label={`Взвешивание: заказ №${number}`}
      className="flex flex-col gap-2 border-t border-line pt-3"
    >
      <h4 className="text-sm font-semibold">Весовые товары</h4>
      {lines.map((line) => (
        <WeighLineForm key={line.product} number={number} line={line} />
      ))}
    </section>
  );
}

function WeighLineForm({
  number,
  line,
}: {
  number: number;
  line: NonNullable<BoardOrder['weighed']>[number];
}) {
  const fetcher = useFetcher();
  const { failure } = useActionOutcome(fetcher, { failureToast: false });
  const fieldId = useId();
  return (
    <fetcher.Form
      method="post"
      action={OPERATOR_ORDERS_HREF}
      preventScrollReset
      className="flex flex-col gap-1"
    >
      <HiddenFields<BoardWeighForm> values={{ intent: 'weigh', number, product: line.product }} />
      <label htmlFor={fieldId} className="text-sm">
        {line.name}: заказано {formatWeight(line.ordered)}
        {line.actual !== null ? `, взвешено ${formatWeight(line.actual)}` : ''}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={fieldId}
          name={GRAMS_FIELD}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          defaultValue={line.actual ?? undefined}
          aria-describedby={failure ? `${fieldId}-error` : undefined}
          className="w-28 rounded-xl border border-line px-3 py-1.5 text-sm tabular-nums"
        />
        <span className="text-sm text-muted">г</span>
        <button type="submit" className={buttonStyles({ variant: 'outline', size: 'sm' })}>
          Взвесить
        </button>
      </div>
      {failure ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm font-medium text-berry">
          {failure.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
