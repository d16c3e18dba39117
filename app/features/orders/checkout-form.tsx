import type { BasketItem } from '@core/contracts/basket';
import type { Point, Store } from '@core/contracts/catalog';
import type { SavedAddress } from '@core/contracts/geo';
import type { PlacedOrders, SlotView } from '@core/contracts/orders';
import { deliveryFee, type Fulfilment } from '@core/rules/orders';
import { pluralForm } from '@core/rules/plural';
import { formatRoubles, priceBeforeDiscountRoubles } from '@core/rules/price';
import { formatSchedule } from '@core/rules/schedule';
import { formatWeight } from '@core/rules/weight';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { useToast } from '~/components/ui/toast';
import { useBasketStore } from '~/features/basket/basket-context';
import { api, errorMessage } from '~/lib/api-client';
import { cx } from '~/lib/cx';
import { OrderTotals } from './order-totals';

export type CheckoutGroup = {
  point: Point;
  store: Store;
  items: BasketItem[];
  slots: SlotView[];
};

type GroupState = {
  fulfilment: Fulfilment;
  addressId: string;
  flat: string;
  entrance: string;
  floor: string;
  comment: string;
  slot: string;
};

const ORDER_FORMS = ['заказ', 'заказа', 'заказов'] as const;
const FIELD = 'h-11 w-full rounded-xl border border-line bg-white px-3 text-[15px] text-ink';
const LABEL = 'mb-1.5 block text-sm font-semibold';

function totals(group: CheckoutGroup, fulfilment: Fulfilment) {
  const items = group.items.reduce((sum, item) => sum + item.product.price * item.quantity, 0);
  const savings = group.items.reduce(
    (sum, item) =>
      item.product.discount > 0
        ? sum +
          (priceBeforeDiscountRoubles(item.product.price, item.product.discount) * 100 - item.product.price) *
            item.quantity
        : sum,
    0,
  );
  const fee = deliveryFee(
    items,
    { deliveryFeeKopecks: group.store.delivery_fee, freeDeliveryFromKopecks: group.store.free_delivery_from },
    fulfilment,
  );
  return { items, savings, fee, total: items + fee };
}

function initialState(group: CheckoutGroup, addresses: readonly SavedAddress[]): GroupState {
  const served = addresses.filter((address) => group.point.zones.includes(address.deliveryArea));
  const address = served.find((item) => item.is_default) ?? served[0];
  const slot = group.slots.find((item) => !item.is_full);
  const fulfilment: Fulfilment = address && slot ? 'delivery' : group.point.is_pickup ? 'pickup' : 'delivery';
  return {
    fulfilment,
    addressId: address?._id ?? '',
    flat: address?.flat ?? '',
    entrance: address?.entrance ?? '',
    floor: address?.floor ?? '',
    comment: address?.comment ?? '',
    slot: slot?.start ?? '',
  };
}

function GroupSection({
  group,
  state,
  addresses,
  onChange,
}: {
  group: CheckoutGroup;
  state: GroupState;
  addresses: readonly SavedAddress[];
  onChange: (patch: Partial<GroupState>) => void;
}) {
  const id = useId();
  const served = addresses.filter((address) => group.point.zones.includes(address.deliveryArea));
  const sums = totals(group, state.fulfilment);
  const toFree =
    state.fulfilment === 'delivery' && group.store.free_delivery_from !== null && sums.fee > 0
      ? group.store.free_delivery_from - sums.items
      : 0;
  const belowMinimum = sums.items < group.store.min_order;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl bg-white p-5 shadow-card sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {group.store.name}
      </h2>
      <p className="text-[15px] text-muted">{group.point.name}</p>

      <fieldset className="mt-4">
        <legend className={LABEL}>Способ получения</legend>
        <div className="flex flex-wrap gap-2">
          {(['delivery', 'pickup'] as const).map((value) => {
            const isDisabled = value === 'pickup' && !group.point.is_pickup;
            return (
              <label
                key={value}
                className={cx(
                  'inline-flex cursor-pointer items-center gap-2 rounded-xl border px-4 py-2.5 text-[15px]',
                  state.fulfilment === value ? 'border-brand-600 bg-brand-50' : 'border-line',
                  isDisabled && 'cursor-not-allowed opacity-50',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-fulfilment`}
                  value={value}
                  checked={state.fulfilment === value}
                  disabled={isDisabled}
                  onChange={() => onChange({ fulfilment: value })}
                  className="accent-brand-600"
                />
                {value === 'delivery' ? 'Доставка' : 'Самовывоз'}
              </label>
            );
          })}
        </div>
      </fieldset>

      {state.fulfilment === 'delivery' ? (
        <div className="mt-4 flex flex-col gap-4">
          {served.length === 0 ? (
            <p className="rounded-xl bg-sun-soft px-4 py-3 text-[15px]">
              Магазин не доставляет по сохранённым адресам. Укажите адрес в его зоне доставки или выберите
              самовывоз.
            </p>
          ) : (
            <div>
              <label htmlFor={`${id}-address`} className={LABEL}>
                Адрес доставки
              </label>
              <select
                id={`${id}-address`}
                value={state.addressId}
                onChange={(event) => {
                  const address = served.find((item) => item._id === event.target.value);
                  onChange({
                    addressId: event.target.value,
                    flat: address?.flat ?? '',
                    entrance: address?.entrance ?? '',
                    floor: address?.floor ?? '',
                    comment: address?.comment ?? '',
                  });
                }}
                className={FIELD}
              >
                {served.map((address) => (
                  <option key={address._id} value={address._id}>
                    {address.address}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="grid grid-cols-3 gap-3">
            {(
              [
                ['flat', 'Квартира'],
                ['entrance', 'Подъезд'],
                ['floor', 'Этаж'],
              ] as const
            ).map(([field, label]) => (
              <div key={field}>
                <label htmlFor={`${id}-${field}`} className={LABEL}>
                  {label}
                </label>
                <input
                  id={`${id}-${field}`}
                  value={state[field]}
                  maxLength={20}
                  onChange={(event) => onChange({ [field]: event.target.value })}
                  className={FIELD}
                />
              </div>
            ))}
          </div>
          <div>
            <label htmlFor={`${id}-comment`} className={LABEL}>
              Комментарий курьеру
            </label>
            <input
              id={`${id}-comment`}
              value={state.comment}
              maxLength={300}
              onChange={(event) => onChange({ comment: event.target.value })}
              className={FIELD}
            />
          </div>
          <fieldset>
            <legend className={LABEL}>Время доставки</legend>
            {group.slots.length === 0 ? (
              <p className="text-[15px] text-muted">
                На сегодня и завтра свободного времени нет — выберите самовывоз.
              </p>
            ) : (
              <div className="flex flex-wrap gap-2">
                {group.slots.map((slot) => (
                  <label
                    key={slot.start}
                    className={cx(
                      'inline-flex items-center gap-2 rounded-xl border px-3 py-2 text-sm',
                      slot.is_full
                        ? 'cursor-not-allowed border-line text-muted line-through'
                        : 'cursor-pointer',
                      state.slot === slot.start ? 'border-brand-600 bg-brand-50' : 'border-line',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-slot`}
                      value={slot.start}
                      checked={state.slot === slot.start}
                      disabled={slot.is_full}
                      onChange={() => onChange({ slot: slot.start })}
                      className="accent-brand-600"
                    />
                    {slot.label}
                    {slot.is_full ? <span className="sr-only"> (занято)</span> : null}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
        </div>
      ) : (
        <div className="mt-4 rounded-xl bg-surface px-4 py-3 text-[15px]">
          <p className="font-semibold">{group.point.address}</p>
          <p className="text-muted">{formatSchedule(group.point.schedule)}</p>
        </div>
      )}

      <ul className="mt-5 flex flex-col divide-y divide-line" aria-label={`Товары: ${group.store.name}`}>
        {group.items.map((item) => (
          <li key={item.product._id} className="flex items-center justify-between gap-4 py-2.5 text-[15px]">
            <span>
              {item.product.name}
              <span className="text-muted">
                {' '}
                · {formatWeight(item.product.weight)} × {item.quantity}
              </span>
            </span>
            <span className="shrink-0 font-semibold">
              {formatRoubles(item.product.price * item.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <OrderTotals items={sums.items} savings={sums.savings} fee={sums.fee} total={sums.total} />
      {toFree > 0 ? (
        <p className="mt-2 text-sm text-muted">до бесплатной доставки осталось {formatRoubles(toFree)}</p>
      ) : null}
      {belowMinimum ? (
        <p className="mt-2 text-sm font-medium text-berry">
          Минимальная сумма заказа в этом магазине — {formatRoubles(group.store.min_order)}
        </p>
      ) : null}
    </section>
  );
}

/** The checkout (DESIGN.md §3 "Orders"): one order per point, placed together with one Idempotency-Key. */
export function CheckoutForm({
  groups,
  addresses,
  phone,
}: {
  groups: readonly CheckoutGroup[];
  addresses: readonly SavedAddress[];
  phone: string;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const basket = useBasketStore();
  const id = useId();
  // One key per page: a double click or a retry after a lost answer cannot place the orders twice.
  const idempotencyKey = useRef(
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now()}-${Math.random()}`,
  );
  const [states, setStates] = useState(() => groups.map((group) => initialState(group, addresses)));
  const [contactPhone, setContactPhone] = useState(phone);
  const [payment, setPayment] = useState<'card' | 'cash'>('card');
  const [comment, setComment] = useState('');
  const [isSubmitting, setSubmitting] = useState(false);
  const grandTotal = groups.reduce(
    (sum, group, index) => sum + totals(group, states[index]?.fulfilment ?? 'pickup').total,
    0,
  );

  async function submit() {
    setSubmitting(true);
    try {
      const body = {
        orders: groups.map((group, index) => {
          const state = states[index] as GroupState;
          return state.fulfilment === 'pickup'
            ? { point: group.point._id, fulfilment: 'pickup' }
            : {
                point: group.point._id,
                fulfilment: 'delivery',
                slot: state.slot || undefined,
                address: state.addressId
                  ? {
                      id: state.addressId,
                      flat: state.flat,
                      entrance: state.entrance,
                      floor: state.floor,
                      comment: state.comment,
                    }
                  : undefined,
              };
        }),
        phone: contactPhone,
        payment,
        comment,
      };
      const placed = (await api.post('/api/orders', body, undefined, {
        'Idempotency-Key': idempotencyKey.current,
      })) as PlacedOrders;
      await basket.refresh();
      toast.show({
        type: 'success',
        title: placed.orders.length > 1 ? 'Заказы оформлены' : 'Заказ оформлен',
      });
      const [first] = placed.orders;
      void navigate(placed.orders.length === 1 && first ? `/order/${first.slug}` : '/lk?active=orders');
    } catch (error) {
      toast.show({ type: 'warning', title: errorMessage(error) });
      setSubmitting(false);
    }
  }

  return (
    <form
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex flex-col gap-6">
        {groups.map((group, index) => (
          <GroupSection
            key={group.point._id}
            group={group}
            addresses={addresses}
            state={states[index] as GroupState}
            onChange={(patch) =>
              setStates((current) => current.map((item, i) => (i === index ? { ...item, ...patch } : item)))
            }
          />
        ))}
      </div>
      <aside className="flex flex-col gap-4 self-start rounded-3xl bg-white p-5 shadow-card sm:p-6 lg:sticky lg:top-6">
        <div>
          <label htmlFor={`${id}-phone`} className={LABEL}>
            Телефон для связи
          </label>
          <input
            id={`${id}-phone`}
            type="tel"
            autoComplete="tel"
            value={contactPhone}
            onChange={(event) => setContactPhone(event.target.value)}
            className={FIELD}
          />
        </div>
        <fieldset>
          <legend className={LABEL}>Оплата при получении</legend>
          <div className="flex gap-2">
            {(
              [
                ['card', 'Картой'],
                ['cash', 'Наличными'],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className={cx(
                  'inline-flex flex-1 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2.5 text-[15px]',
                  payment === value ? 'border-brand-600 bg-brand-50' : 'border-line',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-payment`}
                  value={value}
                  checked={payment === value}
                  onChange={() => setPayment(value)}
                  className="accent-brand-600"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-comment`} className={LABEL}>
            Комментарий к заказу
          </label>
          <textarea
            id={`${id}-comment`}
            value={comment}
            maxLength={300}
            rows={3}
            onChange={(event) => setComment(event.target.value)}
            className="w-full rounded-xl border border-line bg-white px-3 py-2 text-[15px]"
          />
        </div>
        <p className="flex justify-between text-xl font-extrabold">
          <span>К оплате</span>
          <span>{formatRoubles(grandTotal)}</span>
        </p>
        <button
          type="submit"
          disabled={isSubmitting}
          className={buttonStyles({ size: 'lg', className: 'w-full' })}
        >
          {isSubmitting
            ? 'Оформляем…'
            : groups.length > 1
              ? `Оформить ${groups.length} ${pluralForm(groups.length, ORDER_FORMS)}`
              : 'Оформить заказ'}
        </button>
      </aside>
    </form>
  );
}
