/**
 * An order's lines on its page with what assembly did to them (issue 27, ADR 055): a line missing, a
 * replacement offered (with the time left to answer and two plain forms), accepted or rejected; the order as
 * placed beside the order as it is now once anything changed; and the order's history. Plain forms, so the
 * answers work before JavaScript loads; the page follows the shop's changes through its `order.status` event.
 */
import { fieldName } from '@core/contracts/form-fields';
import type { Order, OrderPageForm } from '@core/contracts/orders';
import { formatDayMonthTime } from '@core/rules/date';
import { formatRoubles } from '@core/rules/price';
import { formatLineAmount } from '@core/rules/sold-by-weight';
import {
  answerByDefault,
  countsOriginal,
  countsReplacement,
  isAnswerable,
  minutesLeft,
  ON_MISSING_LABELS,
  SUBSTITUTION_STATE_LABELS,
} from '@core/rules/substitution';
import { formatWeight } from '@core/rules/weight';
import { useEffect, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { HiddenFields } from '~/components/ui/hidden-fields';
import { Icon } from '~/components/ui/icon';
import { cx } from '~/lib/cx';

type Item = Order['items'][number];
type Substitution = NonNullable<Item['substitution']>;
type Replacement = NonNullable<Substitution['replacement']>;

/** How often the minutes left to answer are counted again while an offer waits (the server settles it). */
const TICK_MS = 15_000;

/** A line's price as ordered: pieces at their price, goods by weight at the weighed or the ordered grams. */
function originalSum(item: Item): { kopecks: number; isEstimate: boolean } {
  if (!item.by_weight) return { kopecks: item.price * item.quantity, isEstimate: false };
  const { final, estimate } = item.by_weight;
  return final === null ? { kopecks: estimate, isEstimate: true } : { kopecks: final, isEstimate: false };
}

function formatSum({ kopecks, isEstimate }: { kopecks: number; isEstimate: boolean }): string {
  return `${isEstimate ? '≈ ' : ''}${formatRoubles(kopecks)}`;
}

const replacementSum = (replacement: Replacement) => ({
  kopecks: replacement.sum,
  isEstimate: replacement.by_weight !== undefined,
});

function originalAmount(item: Item): string {
  return formatLineAmount({ ...item, terms: item.by_weight && { ...item.by_weight, min: 0 } });
}

function replacementAmount(replacement: Replacement): string {
  return formatLineAmount({
    ...replacement,
    terms: replacement.by_weight && { ...replacement.by_weight, min: 0 },
  });
}

/** Whether assembly changed any line of the order. */
export function hasSubstitutions(order: Pick<Order, 'items'>): boolean {
  return order.items.some((item) => item.substitution !== null);
}

/**
 * The time now, counted again every TICK_MS while `isTicking`: the minutes left to answer go down without a
 * reload. It starts from the loader's time, so the server's markup and the first render agree.
 */
function useNow(loadedAt: number, isTicking: boolean): number {
  const [now, setNow] = useState(loadedAt);
  useEffect(() => {
    setNow(loadedAt);
    if (!isTicking) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [loadedAt, isTicking]);
  return now;
}

/** 'Товары': each line as ordered, and what assembly did to it. */
export function OrderLines({ order, now: loadedAt }: { order: Order; now: number }) {
  const isWaiting = order.items.some((item) => item.substitution?.state === 'offered');
  const now = useNow(loadedAt, isWaiting);
  return (
    <>
      <p className="mt-1 text-[15px] text-muted">
        Если товара не окажется: {ON_MISSING_LABELS[order.on_missing]}
      </p>
      <ul className="mt-3 flex flex-col divide-y divide-line">
        {order.items.map((item) => (
          <li key={item.product} className="flex flex-col gap-2 py-2.5 text-[15px]">
            <OriginalLine item={item} orderChoice={order.on_missing} />
            {item.substitution ? <SubstitutionState item={item} now={now} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The line as ordered: struck through once it no longer counts in the total. */
function OriginalLine({ item, orderChoice }: { item: Item; orderChoice: Order['on_missing'] }) {
  const isCounted = countsOriginal(item.substitution?.state ?? null);
  return (
    <div className="flex items-center justify-between gap-4">
      <div className={cx(!isCounted && 'text-muted')}>
        <Link
          to={`/product/${item.slug}`}
          className={cx('hover:text-brand-700', !isCounted && 'line-through')}
        >
          {item.name}
        </Link>
        <span className="text-muted">
          {' '}
          · {originalAmount(item)}
          {item.by_weight?.actual ? ` · взвешено ${formatWeight(item.by_weight.actual)}` : null}
        </span>
        {item.on_missing !== orderChoice && item.substitution === null ? (
          <span className="block text-[13px] text-muted">
            Если не окажется: {ON_MISSING_LABELS[item.on_missing]}
          </span>
        ) : null}
      </div>
      <span className={cx('shrink-0 font-semibold tabular-nums', !isCounted && 'text-muted line-through')}>
        {formatSum(originalSum(item))}
        {isCounted ? null : <span className="sr-only"> — не входит в сумму</span>}
      </span>
    </div>
  );
}

/** What assembly did to a line: the state, the replacement beside it, and the answer while it is asked for. */
function SubstitutionState({ item, now }: { item: Item; now: number }) {
  const substitution = item.substitution;
  if (!substitution) return null;
  const { state, replacement } = substitution;
  const expiresAt = substitution.expires_at ? new Date(substitution.expires_at) : null;
  const isAsked = isAnswerable(state, expiresAt, new Date(now));
  return (
    <div
      className={cx(
        'flex flex-col gap-2 rounded-2xl px-3 py-2.5',
        state === 'offered' ? 'border-2 border-sun' : state === 'accepted' ? 'bg-brand-50' : 'bg-surface',
      )}
    >
      <p className="font-semibold">
        {SUBSTITUTION_STATE_LABELS[state]}
        {state === 'accepted' && substitution.decided_by === 'default' ? (
          <span className="font-normal text-muted"> — без ответа, по вашему выбору</span>
        ) : null}
        {state === 'rejected' ? (
          <span className="font-normal text-muted"> — товар убран из заказа</span>
        ) : null}
        {state === 'missing' ? <span className="font-normal text-muted"> — убран из заказа</span> : null}
      </p>
      {replacement && state !== 'rejected' ? (
        <div className="flex items-center justify-between gap-4">
          <p className="flex items-start gap-2">
            <Icon name="arrow-right" className="mt-0.5 size-4 shrink-0 text-muted" />
            <span>
              <span className="sr-only">Замена: </span>
              <Link to={`/product/${replacement.slug}`} className="hover:text-brand-700">
                {replacement.name}
              </Link>
              <span className="text-muted"> · {replacementAmount(replacement)}</span>
            </span>
          </p>
          <span className="shrink-0 font-semibold tabular-nums">
            {formatSum(replacementSum(replacement))}
          </span>
        </div>
      ) : null}
      {state === 'offered' && expiresAt ? (
        isAsked ? (
          <AnswerForms
            item={item}
            replacement={replacement}
            minutes={minutesLeft(expiresAt, new Date(now))}
          />
        ) : (
          <p className="text-[14px] text-muted">Время на ответ вышло: {answerText(item)}</p>
        )
      ) : null}
    </div>
  );
}

/** What no answer will do, by the line's choice. */
function answerText(item: Item): string {
  return answerByDefault(item.on_missing) === 'accepted' ? 'замену примем' : 'товар уберём из заказа';
}

/** 'Принять замену' and 'Отказаться': two plain forms, each one post (they work without JavaScript). */
function AnswerForms({
  item,
  replacement,
  minutes,
}: {
  item: Item;
  replacement: Replacement | null;
  minutes: number;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== 'idle' &&
    navigation.formData?.get(fieldName<OrderPageForm>('intent')) === 'answer-replacement' &&
    navigation.formData.get(fieldName<OrderPageForm>('product')) === item.product
      ? navigation.formData.get(fieldName<OrderPageForm>('answer'))
      : null;
  const hintId = `replacement-${item.product}-hint`;
  return (
    <fieldset aria-describedby={hintId} className="flex flex-col gap-2">
      <legend className="sr-only">Замена для товара «{item.name}»</legend>
      <p id={hintId} className="text-[14px] text-muted">
        {replacement ? `Вместо «${item.name}» — «${replacement.name}». ` : null}
        Ответьте в течение {minutes} мин, иначе {answerText(item)}.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Form method="post" preventScrollReset>
          <HiddenFields<OrderPageForm>
            values={{ intent: 'answer-replacement', product: item.product, answer: 'accept' }}
          />
          <button
            type="submit"
            disabled={pending !== null}
            className={buttonStyles({ size: 'sm', className: 'w-full' })}
          >
            {pending === 'accept' ? 'Принимаем…' : 'Принять замену'}
          </button>
        </Form>
        <Form method="post" preventScrollReset>
          <HiddenFields<OrderPageForm>
            values={{ intent: 'answer-replacement', product: item.product, answer: 'reject' }}
          />
          <button
            type="submit"
            disabled={pending !== null}
            className={buttonStyles({ variant: 'outline', size: 'sm', className: 'w-full' })}
          >
            {pending === 'reject' ? 'Отказываемся…' : 'Отказаться'}
          </button>
        </Form>
      </div>
    </fieldset>
  );
}

/** 'Исходный заказ' beside 'Итог': the lines as placed, and the lines as the order is now. */
export function OrderComparison({ order }: { order: Order }) {
  const finalLines = order.items.flatMap((item) => {
    const state = item.substitution?.state ?? null;
    if (countsOriginal(state)) {
      return [{ key: item.product, name: item.name, amount: originalAmount(item), sum: originalSum(item) }];
    }
    const replacement = item.substitution?.replacement;
    if (!replacement || !countsReplacement(state)) return [];
    return [
      {
        key: item.product,
        name: replacement.name,
        amount: replacementAmount(replacement),
        sum: replacementSum(replacement),
        isWaiting: state === 'offered',
      },
    ];
  });
  const originalTotal = sumOf(order.items.map(originalSum));
  const finalTotal = sumOf(finalLines.map((line) => line.sum));
  return (
    <section aria-labelledby="comparison-title" className="rounded-3xl bg-white p-5 shadow-card sm:p-6">
      <h2 id="comparison-title" className="text-lg font-bold">
        Что изменилось
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <ComparisonColumn
          id="comparison-original"
          title="Исходный заказ"
          lines={order.items.map((item) => ({
            key: item.product,
            name: item.name,
            amount: originalAmount(item),
            sum: originalSum(item),
          }))}
          total={originalTotal}
        />
        <ComparisonColumn id="comparison-final" title="Итог" lines={finalLines} total={finalTotal} />
      </div>
    </section>
  );
}

type ComparisonLine = {
  key: string;
  name: string;
  amount: string;
  sum: { kopecks: number; isEstimate: boolean };
  isWaiting?: boolean;
};

function sumOf(sums: readonly { kopecks: number; isEstimate: boolean }[]) {
  return {
    kopecks: sums.reduce((total, sum) => total + sum.kopecks, 0),
    isEstimate: sums.some((sum) => sum.isEstimate),
  };
}

function ComparisonColumn({
  id,
  title,
  lines,
  total,
}: {
  id: string;
  title: string;
  lines: readonly ComparisonLine[];
  total: { kopecks: number; isEstimate: boolean };
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 rounded-2xl border border-line p-4">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <ul className="flex flex-col gap-1.5 text-[14px]">
        {lines.map((line) => (
          <li key={line.key} className="flex justify-between gap-3">
            <span>
              {line.name}
              <span className="text-muted"> · {line.amount}</span>
              {line.isWaiting ? <span className="block text-muted">ждёт вашего ответа</span> : null}
            </span>
            <span className="shrink-0 tabular-nums">{formatSum(line.sum)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-auto flex justify-between border-t border-line pt-2 text-[14px] font-semibold tabular-nums">
        <span>Товары</span>
        <span>{formatSum(total)}</span>
      </p>
    </section>
  );
}

/** 'История заказа': assembly's steps, oldest first. */
export function OrderHistory({ history }: { history: Order['history'] }) {
  return (
    <section aria-labelledby="history-title" className="rounded-3xl bg-white p-5 shadow-card sm:p-6">
      <h2 id="history-title" className="text-lg font-bold">
        История заказа
      </h2>
      <ol className="mt-3 flex flex-col gap-2 text-[15px]">
        {history.map((entry) => (
          <li key={`${entry.at}|${entry.text}`} className="flex flex-col sm:flex-row sm:gap-3">
            <time dateTime={entry.at} className="shrink-0 text-muted tabular-nums">
              {formatDayMonthTime(entry.at)}
            </time>
            <span>{entry.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
