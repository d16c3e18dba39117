import { getFormProps } from '@conform-to/react';
import type { BasketItem } from '@core/contracts/basket';
import type { Point, Store } from '@core/contracts/catalog';
import type { SavedAddress } from '@core/contracts/geo';
import type { CheckoutFormSchema, SlotView } from '@core/contracts/orders';
import type { SavedCard } from '@core/contracts/payments';
import type { DeliveryArea } from '@core/rules/delivery-area';
import {
  deliveryTermsOf,
  minimumOrderText,
  missingForFreeDelivery,
  orderTotals,
  sumTotals,
  type OrderTotals as Totals,
} from '@core/rules/order-totals';
import { type Fulfilment, PAYMENT_METHODS, type PaymentMethod } from '@core/rules/orders';
import { PAYMENT_WINDOW_MIN } from '@core/rules/payments';
import { formatPhone, formatPhoneInput } from '@core/rules/phone';
import { pluralForm } from '@core/rules/plural';
import { formatRoubles } from '@core/rules/price';
import { formatSchedule } from '@core/rules/schedule';
import { formatLineAmount, linePriceKopecks } from '@core/rules/sold-by-weight';
import { DEFAULT_ON_MISSING, ON_MISSING, ON_MISSING_LABELS, type OnMissing } from '@core/rules/substitution';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useFetcher, useNavigation } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { AddAddressLink } from '~/features/delivery/add-address-link';
import { type DeliveryMode, useDelivery } from '~/features/delivery/delivery-context';
import type { ActionFailure } from '~/lib/action-result';
import { useContractForm } from '~/lib/contract-form';
import { cx } from '~/lib/cx';
import { CHECKOUT_FORM } from '~/lib/form-contracts';
import {
  type CheckoutBonus,
  CheckoutDiscounts,
  type PromoCheck,
  previewDiscounts,
} from './checkout-discounts';
import { OrderTotals } from './order-totals';

export type CheckoutGroup = {
  point: Point;
  store: Store;
  items: BasketItem[];
  slots: SlotView[];
};

/** A basket group below its shop's minimum order: not in the form, it waits in the basket (issue 21). */
export type WaitingGroup = { point: Point; store: Store; missing: number };

/** What a group posted last (a refused post's values, Conform's `initialValue`), read loosely. */
type PostedGroup = {
  fulfilment?: unknown;
  slot?: unknown;
  address?: { id?: unknown; flat?: unknown; entrance?: unknown; floor?: unknown; comment?: unknown };
};

/** The posted value of a field as text, or the fallback. */
function textOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

type GroupState = {
  fulfilment: Fulfilment;
  addressId: string;
  flat: string;
  entrance: string;
  floor: string;
  courier: string;
  slot: string;
};

const ORDER_FORMS = ['заказ', 'заказа', 'заказов'] as const;
const FIELD = 'h-11 w-full rounded-xl border border-line bg-white px-3 text-[15px] text-ink';
const LABEL = 'mb-1.5 block text-sm font-semibold';
const ERROR = 'mt-1.5 text-sm font-medium text-berry';

/** The customer's saved addresses this point delivers to. */
function servedAddresses(group: CheckoutGroup, addresses: readonly SavedAddress[]): SavedAddress[] {
  return addresses.filter((address) => group.point.zones.includes(address.deliveryArea));
}

/**
 * The address a delivery starts with: the one the header shows (the area's zone and label), else the
 * default, else the first this point delivers to.
 */
function preferredAddress(
  served: readonly SavedAddress[],
  area: DeliveryArea | null,
): SavedAddress | undefined {
  const current =
    area?.mode === 'delivery'
      ? served.find(
          (item) =>
            item.deliveryArea === area.zoneId &&
            (area.label === undefined || item.shortAddress === area.label || item.address === area.label),
        )
      : undefined;
  return current ?? served.find((item) => item.is_default) ?? served[0];
}

/** The header's delivery/pickup toggle decides, where the point offers it. */
function fulfilmentFor(group: CheckoutGroup, mode: DeliveryMode): Fulfilment {
  return mode === 'pickup' && group.point.is_pickup ? 'pickup' : 'delivery';
}

function addressDetails(address: SavedAddress | undefined) {
  return {
    addressId: address?._id ?? '',
    flat: address?.flat ?? '',
    entrance: address?.entrance ?? '',
    floor: address?.floor ?? '',
    courier: address?.comment ?? '',
  };
}

function initialState(
  group: CheckoutGroup,
  addresses: readonly SavedAddress[],
  mode: DeliveryMode,
  area: DeliveryArea | null,
  posted: PostedGroup | undefined,
): GroupState {
  const fresh: GroupState = {
    fulfilment: fulfilmentFor(group, mode),
    ...addressDetails(preferredAddress(servedAddresses(group, addresses), area)),
    slot: group.slots.find((item) => !item.is_full)?.start ?? '',
  };
  if (!posted) return fresh;
  // After a refused post (without JavaScript the page is new): what the customer had chosen and typed.
  const address = posted.address ?? {};
  return {
    fulfilment: posted.fulfilment === 'pickup' ? 'pickup' : 'delivery',
    addressId: textOr(address.id, fresh.addressId),
    flat: textOr(address.flat, fresh.flat),
    entrance: textOr(address.entrance, fresh.entrance),
    floor: textOr(address.floor, fresh.floor),
    courier: textOr(address.comment, fresh.courier),
    slot: textOr(posted.slot, fresh.slot),
  };
}

/** The groups a refused post sent, by point. */
function postedGroups(initialValue: unknown): Map<string, PostedGroup> {
  const orders =
    typeof initialValue === 'object' && initialValue !== null && 'orders' in initialValue
      ? initialValue.orders
      : undefined;
  const byPoint = new Map<string, PostedGroup>();
  if (!Array.isArray(orders)) return byPoint;
  for (const group of orders as unknown[]) {
    if (typeof group === 'object' && group !== null && 'point' in group && typeof group.point === 'string')
      byPoint.set(group.point, group as PostedGroup);
  }
  return byPoint;
}

/** What a group's goods cost (its shop's minimum order is measured against it; the same either way). */
export function checkoutGroupGoods(group: CheckoutGroup): number {
  return groupTotals(group, 'pickup').goods;
}

function groupTotals(group: CheckoutGroup, fulfilment: Fulfilment): Totals {
  return orderTotals(
    group.items.map((item) => ({
      price: item.product.price,
      discount: item.product.discount,
      quantity: item.quantity,
      isByWeight: item.product.by_weight !== undefined,
    })),
    deliveryTermsOf(group.store),
    fulfilment,
  );
}

/** One answer of a radio group, drawn as a bordered chip that is marked while checked. */
function Choice({
  name,
  value,
  isChecked,
  isDisabled = false,
  onChoose,
  className,
  children,
}: {
  name: string;
  value: string;
  isChecked: boolean;
  isDisabled?: boolean;
  onChoose: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label
      className={cx(
        'inline-flex items-center gap-2 rounded-xl border border-line px-4 py-2.5 text-[15px]',
        'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50',
        isDisabled ? 'cursor-not-allowed opacity-50' : 'cursor-pointer',
        className,
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={isChecked}
        disabled={isDisabled}
        onChange={onChoose}
        className="accent-brand-600"
      />
      {children}
    </label>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={ERROR}>
      {message}
    </p>
  ) : null;
}

/** One group's fields of the checkout form: `orders[i]` of CheckoutFormSchema. */
type CheckoutFields = ReturnType<typeof useContractForm<typeof CheckoutFormSchema>>[1];
type GroupFields = ReturnType<CheckoutFields['orders']['getFieldList']>[number];

function GroupSection({
  group,
  field,
  state,
  addresses,
  onChange,
}: {
  group: CheckoutGroup;
  field: GroupFields;
  state: GroupState;
  addresses: readonly SavedAddress[];
  onChange: (patch: Partial<GroupState>) => void;
}) {
  const id = useId();
  const point = group.point._id;
  const served = servedAddresses(group, addresses);
  const totals = groupTotals(group, state.fulfilment);
  const terms = deliveryTermsOf(group.store);
  const toFree = missingForFreeDelivery(totals.goods, terms, state.fulfilment);
  const names = field.getFieldset();
  const addressFields = names.address.getFieldset();
  const addressError = names.address.errors?.[0] ?? addressFields.id.errors?.[0];
  const slotError = names.slot.errors?.[0];
  // Without JavaScript: the location page's form, which saves the address and comes back (ADR 038).
  const addAddress = (
    <AddAddressLink
      back="/order"
      className={buttonStyles({ variant: 'outline', size: 'sm', className: 'self-start' })}
    >
      <Icon name="plus" className="size-4" />
      {served.length === 0 ? 'Добавить адрес' : 'Другой адрес'}
    </AddAddressLink>
  );

  return (
    // `group`: the delivery and pickup parts show by the checked radio in CSS, so the form works without
    // JavaScript too; with it, the radios are React state and the CSS simply follows.
    <section aria-labelledby={`${id}-title`} className="group rounded-3xl bg-white p-5 shadow-card sm:p-6">
      <input type="hidden" name={names.point.name} value={point} />
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {group.store.name}
      </h2>
      <p className="text-[15px] text-muted">
        {group.point.name}, {group.point.address}
      </p>

      <fieldset className="mt-4">
        <legend className={LABEL}>Способ получения</legend>
        <div className="flex flex-wrap gap-2">
          {(['delivery', 'pickup'] as const).map((value) => (
            <Choice
              key={value}
              name={names.fulfilment.name}
              value={value}
              isChecked={state.fulfilment === value}
              isDisabled={value === 'pickup' && !group.point.is_pickup}
              onChoose={() => onChange({ fulfilment: value })}
            >
              {value === 'delivery' ? 'Доставка' : 'Самовывоз'}
            </Choice>
          ))}
        </div>
      </fieldset>

      <div className="mt-4 flex flex-col gap-4 group-has-[[value=pickup]:checked]:hidden">
        {served.length === 0 ? (
          <div className="flex flex-col gap-3 rounded-xl bg-sun-soft px-4 py-3 text-[15px]">
            <p>
              «{group.store.name}» не доставляет по сохранённым адресам. Добавьте адрес в зоне доставки
              магазина{group.point.is_pickup ? ' или выберите самовывоз' : ''}.
            </p>
            {addAddress}
          </div>
        ) : (
          <fieldset aria-describedby={addressError ? `${id}-address-error` : undefined}>
            <legend className={LABEL}>Адрес доставки</legend>
            <div className="flex flex-col gap-2">
              {served.map((address) => (
                <Choice
                  key={address._id}
                  name={addressFields.id.name}
                  value={address._id}
                  isChecked={state.addressId === address._id}
                  onChoose={() => onChange(addressDetails(address))}
                >
                  {address.address}
                </Choice>
              ))}
              {addAddress}
            </div>
          </fieldset>
        )}
        <FieldError id={`${id}-address-error`} message={addressError} />
        <div className="grid grid-cols-3 gap-3">
          {(
            [
              ['flat', 'Квартира'],
              ['entrance', 'Подъезд'],
              ['floor', 'Этаж'],
            ] as const
          ).map(([detail, label]) => (
            <div key={detail}>
              <label htmlFor={`${id}-${detail}`} className={LABEL}>
                {label}
              </label>
              <input
                id={`${id}-${detail}`}
                name={addressFields[detail].name}
                value={state[detail]}
                maxLength={20}
                onChange={(event) => onChange({ [detail]: event.target.value })}
                className={FIELD}
              />
            </div>
          ))}
        </div>
        <div>
          <label htmlFor={`${id}-courier`} className={LABEL}>
            Комментарий курьеру
          </label>
          <input
            id={`${id}-courier`}
            name={addressFields.comment.name}
            value={state.courier}
            maxLength={300}
            onChange={(event) => onChange({ courier: event.target.value })}
            className={FIELD}
          />
        </div>
        <fieldset aria-describedby={slotError ? `${id}-slot-error` : undefined}>
          <legend className={LABEL}>Время доставки</legend>
          {group.slots.length === 0 ? (
            <p className="text-[15px] text-muted">
              На сегодня и завтра свободного времени нет{group.point.is_pickup ? ' — выберите самовывоз' : ''}
              .
            </p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {group.slots.map((slot) => (
                <Choice
                  key={slot.start}
                  name={names.slot.name}
                  value={slot.start}
                  isChecked={state.slot === slot.start}
                  isDisabled={slot.is_full}
                  onChoose={() => onChange({ slot: slot.start })}
                  className={cx('px-3 py-2 text-sm', slot.is_full && 'text-muted line-through')}
                >
                  {slot.label}
                  {slot.is_full ? <span className="sr-only"> (занято)</span> : null}
                </Choice>
              ))}
            </div>
          )}
          <FieldError id={`${id}-slot-error`} message={slotError} />
        </fieldset>
      </div>
      <div className="mt-4 hidden rounded-xl bg-surface px-4 py-3 text-[15px] group-has-[[value=pickup]:checked]:block">
        <p className="font-semibold">
          {group.point.name}, {group.point.address}
        </p>
        <p className="text-muted">{formatSchedule(group.point.schedule)}</p>
      </div>

      <ul className="mt-5 flex flex-col divide-y divide-line" aria-label={`Товары: ${group.store.name}`}>
        {group.items.map((item) => (
          <li key={item.product._id} className="flex items-center justify-between gap-4 py-2.5 text-[15px]">
            <span>
              {item.product.name}
              <span className="text-muted">
                {' '}
                ·{' '}
                {formatLineAmount({
                  ...item.product,
                  quantity: item.quantity,
                  terms: item.product.by_weight,
                })}
              </span>
              {/* The line's own choice for a missing item, made in the basket (ADR 055): it beats the order's. */}
              {item.on_missing ? (
                <span className="block text-sm text-muted">
                  Если не будет: {ON_MISSING_LABELS[item.on_missing]}
                  {item.replacement ? ` — ${item.replacement.name}` : null}
                </span>
              ) : null}
            </span>
            <span className="shrink-0 font-semibold tabular-nums">
              {item.product.by_weight ? '≈ ' : null}
              {formatRoubles(
                linePriceKopecks(item.product.price, item.quantity, item.product.by_weight !== undefined),
              )}
            </span>
          </li>
        ))}
      </ul>
      <OrderTotals
        totals={totals}
        isEstimate={group.items.some((item) => item.product.by_weight !== undefined)}
      />
      {toFree > 0 ? (
        <p className="mt-2 text-sm text-muted">До бесплатной доставки — {formatRoubles(toFree)}</p>
      ) : null}
    </section>
  );
}

/**
 * The checkout (DESIGN.md §3 "Orders"): every basket group that reaches its shop's minimum order in one form,
 * one order per point, placed together by the page's action with one idempotency key; the groups below their
 * minimum (`waiting`) are named beside the button with what they miss, and stay in the basket. A plain `<Form method="post">`: it works before (and
 * without) JavaScript; with it, the router submits it and shows the answer at once. Each group starts with
 * the header's delivery/pickup choice (the area cookie the toggle writes, so the server renders it too).
 */
export function CheckoutForm({
  groups,
  waiting = [],
  addresses,
  phone,
  idempotencyKey,
  online = false,
  savedCards = [],
  bonus = { balance: 0, spendMaxPercents: [] },
  failure,
}: {
  /** The customer's points and each group's shop's share they may pay (issue 25). */
  bonus?: CheckoutBonus;
  /** YooKassa is configured: 'Картой онлайн' and 'СБП' are offered (issue 25). */
  online?: boolean;
  /** The customer's saved cards ('Картой онлайн' in one tap). */
  savedCards?: readonly SavedCard[];
  groups: readonly CheckoutGroup[];
  waiting?: readonly WaitingGroup[];
  addresses: readonly SavedAddress[];
  phone: string;
  idempotencyKey: string;
  /** The action's refusal: its message, and Conform's result (the errors by field, what was posted). */
  failure?: ActionFailure;
}) {
  const { mode, area } = useDelivery();
  const navigation = useNavigation();
  const id = useId();
  // CheckoutFormSchema's fields (ADR 042): their names, and a refusal's messages on them.
  const [form, fields] = useContractForm(CHECKOUT_FORM, {
    id: 'checkout',
    lastResult: failure?.result,
    defaultValue: { orders: groups.map((group) => ({ point: group.point._id })) },
  });
  const groupFields = fields.orders.getFieldList();
  const posted = failure?.result?.initialValue;
  // Each group's choices, by point (a group the loader brings later starts from the defaults).
  const [states, setStates] = useState<Record<string, GroupState>>(() => {
    const sent = postedGroups(posted);
    return Object.fromEntries(
      groups.map((group) => [
        group.point._id,
        initialState(group, addresses, mode, area, sent.get(group.point._id)),
      ]),
    );
  });
  const stateOf = (group: CheckoutGroup): GroupState =>
    states[group.point._id] ?? initialState(group, addresses, mode, area, undefined);
  const update = useCallback(
    (group: CheckoutGroup, patch: (state: GroupState) => Partial<GroupState>) =>
      setStates((current) => {
        const state = current[group.point._id] ?? initialState(group, addresses, mode, area, undefined);
        return { ...current, [group.point._id]: { ...state, ...patch(state) } };
      }),
    [addresses, mode, area],
  );
  const [contactPhone, setContactPhone] = useState(() => textOr(posted?.phone, formatPhone(phone)));
  const [payment, setPayment] = useState<PaymentMethod>(
    () => PAYMENT_METHODS.find((method) => method === posted?.payment) ?? 'card',
  );
  const [onMissing, setOnMissing] = useState<OnMissing>(
    () => ON_MISSING.find((value) => value === posted?.on_missing) ?? DEFAULT_ON_MISSING,
  );
  // Online payment pays one shop's order (a checkout of several shops is paid on receipt).
  const canPayOnline = online && groups.length === 1;
  const [comment, setComment] = useState(() => textOr(posted?.comment, ''));

  // An address added meanwhile (the map popup saved it, the loader brought it): chosen where it is delivered to.
  const knownAddresses = useRef(new Set(addresses.map((address) => address._id)));
  useEffect(() => {
    const added = addresses.filter((address) => !knownAddresses.current.has(address._id));
    knownAddresses.current = new Set(addresses.map((address) => address._id));
    if (added.length === 0) return;
    for (const group of groups) {
      const fresh = servedAddresses(group, added)[0];
      if (fresh) update(group, () => addressDetails(fresh));
    }
  }, [addresses, groups, update]);

  // Promo code and points (issue 25): the loader checks a code on 'Применить'; its answer counts for that code.
  const promoFetcher = useFetcher<{ promo: PromoCheck | null }>();
  const [promoCode, setPromoCode] = useState(() => textOr(posted?.promo, ''));
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const promoCheck =
    appliedCode !== null && appliedCode === promoCode.trim() && promoFetcher.state === 'idle'
      ? (promoFetcher.data?.promo ?? null)
      : null;
  const [spendPoints, setSpendPoints] = useState(() => Boolean(posted?.bonus));

  const totals = groups.map((group) => groupTotals(group, stateOf(group).fulfilment));
  const discounts = previewDiscounts(
    totals.map((one) => one.goods),
    bonus,
    promoCheck,
    spendPoints,
  );
  const promoOff = discounts.promo.reduce((sum, one) => sum + one, 0);
  const bonusOff = discounts.bonus.reduce((sum, one) => sum + one, 0);
  const grand = sumTotals(totals);
  const isSubmitting = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const phoneError = fields.phone.errors?.[0];
  const commentError = fields.comment.errors?.[0];

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
      <input type="hidden" name={fields.key.name} value={idempotencyKey} />
      <div className="flex flex-col gap-6">
        {groups.map((group, index) => {
          const field = groupFields[index];
          return field ? (
            <GroupSection
              key={group.point._id}
              group={group}
              field={field}
              addresses={addresses}
              state={stateOf(group)}
              onChange={(patch) => update(group, () => patch)}
            />
          ) : null;
        })}
      </div>
      <aside
        aria-label="Оплата и подтверждение"
        className="flex flex-col gap-4 self-start rounded-3xl bg-white p-5 shadow-card sm:p-6 lg:sticky lg:top-6"
      >
        {failure || form.errors?.[0] ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-[15px] font-medium text-red-800">
            {form.errors?.[0] ?? failure?.message}
          </p>
        ) : null}
        <div>
          <label htmlFor={`${id}-phone`} className={LABEL}>
            Телефон для связи
          </label>
          <input
            id={`${id}-phone`}
            name={fields.phone.name}
            type="tel"
            autoComplete="tel"
            value={contactPhone}
            onChange={(event) => setContactPhone(formatPhoneInput(event.target.value))}
            aria-invalid={phoneError ? true : undefined}
            aria-describedby={phoneError ? `${id}-phone-error` : undefined}
            className={FIELD}
          />
          <FieldError id={`${id}-phone-error`} message={phoneError} />
        </div>
        {canPayOnline ? (
          <OnlinePayment
            name={fields.payment.name}
            payment={payment}
            onChoose={setPayment}
            savedCards={savedCards}
            saveCardName={fields.save_card.name}
            savedCardName={fields.saved_card.name}
          />
        ) : null}
        <fieldset>
          <legend className={LABEL}>Оплата при получении</legend>
          <div className="flex gap-2">
            {(
              [
                ['card', 'Картой'],
                ['cash', 'Наличными'],
              ] as const
            ).map(([value, label]) => (
              <Choice
                key={value}
                name={fields.payment.name}
                value={value}
                isChecked={payment === value}
                onChoose={() => setPayment(value)}
                className="flex-1 px-3"
              >
                {label}
              </Choice>
            ))}
          </div>
        </fieldset>
        {/* Issue 27 (ADR 055): the orders' choice; a line with its own, chosen in the basket, keeps it. */}
        <fieldset>
          <legend className={LABEL}>Если товара не окажется</legend>
          <div className="flex flex-col gap-2">
            {ON_MISSING.map((value) => (
              <Choice
                key={value}
                name={fields.on_missing.name}
                value={value}
                isChecked={onMissing === value}
                onChoose={() => setOnMissing(value)}
              >
                {ON_MISSING_LABELS[value]}
              </Choice>
            ))}
          </div>
        </fieldset>
        <CheckoutDiscounts
          promoName={fields.promo.name}
          bonusName={fields.bonus.name}
          promoError={fields.promo.errors?.[0]}
          code={promoCode}
          onCode={setPromoCode}
          promoCheck={promoCheck}
          isChecking={promoFetcher.state !== 'idle'}
          onApply={() => {
            const code = promoCode.trim();
            setAppliedCode(code);
            promoFetcher.load(`/order?promo=${encodeURIComponent(code)}`);
          }}
          bonus={bonus}
          spendPoints={spendPoints}
          onSpendPoints={setSpendPoints}
          spendable={bonusOff}
        />
        <div>
          <label htmlFor={`${id}-comment`} className={LABEL}>
            Комментарий к заказу
          </label>
          <textarea
            id={`${id}-comment`}
            name={fields.comment.name}
            value={comment}
            maxLength={300}
            rows={3}
            onChange={(event) => setComment(event.target.value)}
            aria-invalid={commentError ? true : undefined}
            aria-describedby={commentError ? `${id}-comment-error` : undefined}
            className="w-full rounded-xl border border-line bg-white px-3 py-2 text-[15px]"
          />
          <FieldError id={`${id}-comment-error`} message={commentError} />
        </div>
        <section aria-labelledby={`${id}-sum`}>
          <h2 id={`${id}-sum`} className="text-lg font-bold">
            К оплате
          </h2>
          <OrderTotals totals={grand} promo={promoOff} bonus={bonusOff} />
        </section>
        {waiting.length > 0 ? (
          <div id={`${id}-waiting`} className="rounded-xl bg-sun-soft px-4 py-3 text-sm">
            <p className="font-semibold">Останутся в корзине — не набрана минимальная сумма заказа:</p>
            <ul className="mt-1 flex flex-col gap-1">
              {waiting.map((item) => (
                <li key={item.point._id}>
                  «{item.store.name}»: минимум {formatRoubles(item.store.min_order)}.{' '}
                  {minimumOrderText(item.missing)}
                </li>
              ))}
            </ul>
            <Link to="/basket" className="mt-2 inline-block font-semibold text-brand-700 underline">
              Вернуться в корзину
            </Link>
          </div>
        ) : null}
        <button
          type="submit"
          disabled={isSubmitting}
          aria-describedby={waiting.length > 0 ? `${id}-waiting` : undefined}
          className={buttonStyles({ size: 'lg', className: 'w-full' })}
        >
          {isSubmitting
            ? 'Оформляем…'
            : groups.length > 1
              ? `Оформить ${groups.length} ${pluralForm(groups.length, ORDER_FORMS)}`
              : 'Оформить заказ'}
        </button>
      </aside>
    </Form>
  );
}

/**
 * 'Оплата онлайн' (issue 25): by card through YooKassa's page (the card saved with the customer's consent),
 * a saved card in one tap, or СБП. The order waits for its payment for PAYMENT_WINDOW_MIN minutes.
 */
function OnlinePayment({
  name,
  payment,
  onChoose,
  savedCards,
  saveCardName,
  savedCardName,
}: {
  name: string;
  payment: PaymentMethod;
  onChoose: (method: PaymentMethod) => void;
  savedCards: readonly SavedCard[];
  saveCardName: string;
  savedCardName: string;
}) {
  const [savedCard, setSavedCard] = useState('');
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={LABEL}>Оплата онлайн</legend>
      <div className="flex gap-2">
        {(
          [
            ['online', 'Картой онлайн'],
            ['sbp', 'СБП'],
          ] as const
        ).map(([value, label]) => (
          <Choice
            key={value}
            name={name}
            value={value}
            isChecked={payment === value}
            onChoose={() => onChoose(value)}
            className="flex-1 px-3"
          >
            {label}
          </Choice>
        ))}
      </div>
      {payment === 'online' ? (
        <div className="flex flex-col gap-2 text-[15px]">
          {savedCards.length > 0 ? (
            <label className="flex flex-col gap-1">
              <span className="text-sm text-muted">Карта</span>
              <select
                name={savedCardName}
                value={savedCard}
                onChange={(event) => setSavedCard(event.target.value)}
                className="rounded-xl border border-line bg-white px-3 py-2"
              >
                <option value="">Новая карта</option>
                {savedCards.map((card) => (
                  <option key={card._id} value={card._id}>
                    {card.brand} •••• {card.last4}, до {card.expiry}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {savedCard === '' ? (
            <label className="inline-flex items-center gap-2">
              <input type="checkbox" name={saveCardName} value="on" className="size-4 accent-brand-600" />
              Сохранить карту для следующих покупок
            </label>
          ) : null}
        </div>
      ) : null}
      {payment === 'online' || payment === 'sbp' ? (
        <p className="text-sm text-muted">Заказ ждёт оплаты {PAYMENT_WINDOW_MIN} минут, потом отменяется.</p>
      ) : null}
    </fieldset>
  );
}
