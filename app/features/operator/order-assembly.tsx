/**
 * One order's assembly in the operator console (issue 27, ADR 055): its lines as the picker puts them
 * together, each with the customer's choice for a missing item. A line not dealt with yet gets 'Нет в
 * наличии' and, unless the customer asked to leave it out, 'Предложить замену' with the similar products the
 * point has (the customer's own pick first). Each is a form of its own posting BoardSubstituteFormSchema to
 * the page's action: a plain post without JavaScript, a fetcher with it, a refusal said under the line.
 */
import { fieldName } from '@core/contracts/form-fields';
import type { Assembly, AssemblyLine, BoardSubstituteForm } from '@core/contracts/support';
import { formatMoscowTime } from '@core/rules/date';
import { ORDER_STATUS_LABELS } from '@core/rules/orders';
import { formatRoubles } from '@core/rules/price';
import {
  canOfferReplacement,
  formatReplacementAmount,
  ON_MISSING_LABELS,
  SUBSTITUTION_STATE_LABELS,
} from '@core/rules/substitution';
import { useId } from 'react';
import { Link, useFetcher } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { HiddenFields } from '~/components/ui/hidden-fields';
import { cx } from '~/lib/cx';
import { useActionOutcome } from '~/lib/use-action-outcome';
import { boardOrderHref, OPERATOR_ORDERS_HREF } from './operator-links';

/** An order's assembly page: under the board, so the console's 'Заказы' stays the current section. */
export const assemblyHref = (number: number) => `${OPERATOR_ORDERS_HREF}/${number}`;

const REPLACEMENT_FIELD = fieldName<BoardSubstituteForm>('replacement');

export function OrderAssembly({ assembly }: { assembly: Assembly }) {
  return (
    <section aria-labelledby="assembly-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="assembly-title" className="text-xl font-bold">
          Сборка заказа №{assembly.number}
        </h2>
        <p className="text-[15px] text-muted">
          {ORDER_STATUS_LABELS[assembly.status]} · сумма {formatRoubles(assembly.total)}
        </p>
      </div>
      <Link to={boardOrderHref(assembly.number)} className="self-start text-[15px] text-brand-700 underline">
        К заказу на доске
      </Link>
      {assembly.can_substitute ? null : (
        <p className="rounded-2xl bg-white px-4 py-3 text-[15px] text-muted shadow-card">
          Заказ уже не собирается: заменить или убрать товары нельзя
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {assembly.lines.map((line) => (
          <AssemblyLineCard
            key={line.product}
            number={assembly.number}
            line={line}
            canSubstitute={assembly.can_substitute}
          />
        ))}
      </ul>
    </section>
  );
}

function AssemblyLineCard({
  number,
  line,
  canSubstitute,
}: {
  number: number;
  line: AssemblyLine;
  canSubstitute: boolean;
}) {
  const titleId = useId();
  const isOpen = canSubstitute && line.state === null;
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 rounded-3xl bg-white p-4 shadow-card sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="text-lg font-bold">
          {line.name}
        </h3>
        <p
          className={cx(
            'shrink-0 rounded-full px-3 py-1 text-sm font-semibold',
            line.state === null
              ? 'bg-surface text-ink'
              : line.state === 'missing' || line.state === 'rejected'
                ? 'bg-red-50 text-red-800'
                : 'bg-brand-50 text-brand-800',
          )}
        >
          <span className="sr-only">Состояние: </span>
          {line.state ? SUBSTITUTION_STATE_LABELS[line.state] : 'В заказе'}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Количество</dt>
        <dd>{formatReplacementAmount(line.sold_by, line.quantity)}</dd>
        <dt className="text-muted">Если не окажется</dt>
        <dd>{ON_MISSING_LABELS[line.on_missing]}</dd>
        {line.chosen ? (
          <>
            <dt className="text-muted">Замена клиента</dt>
            <dd>{line.chosen.name}</dd>
          </>
        ) : null}
        {line.replacement ? (
          <>
            <dt className="text-muted">Замена</dt>
            <dd>
              {line.replacement.name}
              {line.state === 'offered' && line.expires_at
                ? ` · ждёт ответа до ${formatMoscowTime(new Date(line.expires_at))}`
                : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {isOpen ? <SubstituteForms number={number} line={line} /> : null}
    </li>
  );
}

/** The similar products to offer: the customer's pick first, then the point's, each once. */
function replacementOptions(line: AssemblyLine): { product: string; label: string }[] {
  const similar = line.similar
    .filter((card) => card.product !== line.chosen?.product)
    .map((card) => ({ product: card.product, label: `${card.name} — ${formatRoubles(card.price)}` }));
  return line.chosen
    ? [{ product: line.chosen.product, label: `${line.chosen.name} (выбор клиента)` }, ...similar]
    : similar;
}

function SubstituteForms({ number, line }: { number: number; line: AssemblyLine }) {
  const missing = useFetcher();
  const offer = useFetcher();
  const missingOutcome = useActionOutcome(missing, { failureToast: false });
  const offerOutcome = useActionOutcome(offer, { failureToast: false });
  const failure = offerOutcome.failure ?? missingOutcome.failure;
  const selectId = useId();
  const errorId = useId();
  const options = canOfferReplacement(line.on_missing) ? replacementOptions(line) : [];
  const isSending = missing.state !== 'idle' || offer.state !== 'idle';
  const fixed = { intent: 'substitute', number, product: line.product } as const;
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        {options.length > 0 ? (
          <offer.Form
            method="post"
            preventScrollReset
            className="flex flex-col gap-1 sm:flex-row sm:items-end sm:gap-2"
          >
            <HiddenFields<BoardSubstituteForm> values={fixed} />
            <div className="flex flex-col gap-1">
              <label htmlFor={selectId} className="text-sm font-semibold">
                Замена для «{line.name}»
              </label>
              <select
                id={selectId}
                name={REPLACEMENT_FIELD}
                required
                aria-describedby={failure ? errorId : undefined}
                className="max-w-full rounded-xl border border-line bg-white px-3 py-2 text-sm"
              >
                {options.map((option) => (
                  <option key={option.product} value={option.product}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" disabled={isSending} className={buttonStyles({ size: 'sm' })}>
              {offer.state === 'idle' ? 'Предложить замену' : 'Предлагаем…'}
            </button>
          </offer.Form>
        ) : canOfferReplacement(line.on_missing) ? (
          <p className="text-sm text-muted">Похожих товаров в точке нет</p>
        ) : (
          <p className="text-sm text-muted">Клиент просил убрать товар, если его нет</p>
        )}
        <missing.Form method="post" preventScrollReset>
          <HiddenFields<BoardSubstituteForm> values={fixed} />
          <button
            type="submit"
            disabled={isSending}
            aria-describedby={failure ? errorId : undefined}
            className={buttonStyles({ variant: 'outline', size: 'sm' })}
          >
            {missing.state === 'idle' ? 'Нет в наличии' : 'Отмечаем…'}
          </button>
        </missing.Form>
      </div>
      {failure ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-berry">
          {failure.message}
        </p>
      ) : null}
    </div>
  );
}
