import { fieldName } from '@core/contracts/form-fields';
import type { BoardReplacementMinutesForm, StoreReplacementTime } from '@core/contracts/support';
import { REPLACEMENT_MINUTES_MAX, REPLACEMENT_MINUTES_MIN } from '@core/rules/substitution';
import { useId } from 'react';
import { useFetcher } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { HiddenFields } from '~/components/ui/hidden-fields';
import { useActionOutcome } from '~/lib/use-action-outcome';
import { OPERATOR_ORDERS_HREF } from './operator-links';

/** BoardReplacementMinutesFormSchema's minutes. */
const MINUTES_FIELD = fieldName<BoardReplacementMinutesForm>('minutes');

/** What the board's action answers when a shop's time is saved (a refusal is ActionFailure). */
export type ReplacementMinutesSaved = { ok: true; store: string; minutes: number };

/** The answer of a saved time, from a fetcher's data or the page's action data. */
export function replacementMinutesSavedOf(answer: unknown): ReplacementMinutesSaved | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const { ok, store, minutes } = answer as Partial<ReplacementMinutesSaved>;
  return ok === true && typeof store === 'string' && typeof minutes === 'number'
    ? { ok, store, minutes }
    : undefined;
}

/**
 * The shops of the operator's board, each with the time its customers have to answer a replacement offered
 * at assembly (ADR 055) and a form to change it. Each form posts to the board's action: a fetcher with
 * JavaScript (the answer shown under it), a plain post without (the page rendered again with the answer in
 * `answer`; a refusal is said at the top of the page, as the board's other refusals are).
 */
export function ReplacementTimes({
  stores,
  answer,
}: {
  stores: readonly StoreReplacementTime[];
  answer: unknown;
}) {
  if (stores.length === 0) return null;
  const saved = replacementMinutesSavedOf(answer);
  return (
    <section aria-labelledby="replacement-times-title" className="flex flex-col gap-3">
      <h2 id="replacement-times-title" className="text-xl font-bold">
        Замены при сборке
      </h2>
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {stores.map((store) => (
          <li key={store.store} className="rounded-3xl bg-white p-4 shadow-card sm:p-5">
            <ReplacementTimeForm store={store} saved={saved?.store === store.store ? saved : undefined} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReplacementTimeForm({
  store,
  saved: savedByPage,
}: {
  store: StoreReplacementTime;
  saved: ReplacementMinutesSaved | undefined;
}) {
  const fetcher = useFetcher();
  const { failure } = useActionOutcome(fetcher, { failureToast: false });
  const fieldId = useId();
  const saved =
    fetcher.state === 'idle' ? (replacementMinutesSavedOf(fetcher.data) ?? savedByPage) : undefined;
  const statusId = `${fieldId}-status`;
  return (
    <fetcher.Form method="post" action={OPERATOR_ORDERS_HREF} preventScrollReset>
      <HiddenFields<BoardReplacementMinutesForm>
        values={{ intent: 'replacement-minutes', store: store.store }}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-base font-semibold">{store.name}</legend>
        <label htmlFor={fieldId} className="text-sm">
          Время на ответ о замене, мин
        </label>
        <div className="flex items-center gap-2">
          <input
            // A time saved elsewhere (another operator, the API) shows once the board loads again.
            key={store.minutes}
            id={fieldId}
            name={MINUTES_FIELD}
            type="number"
            inputMode="numeric"
            min={REPLACEMENT_MINUTES_MIN}
            max={REPLACEMENT_MINUTES_MAX}
            step={1}
            required
            defaultValue={store.minutes}
            aria-describedby={statusId}
            aria-invalid={failure ? true : undefined}
            className="w-24 rounded-xl border border-line px-3 py-1.5 text-sm tabular-nums"
          />
          <button
            type="submit"
            aria-disabled={fetcher.state === 'submitting'}
            onClick={(event) => {
              if (fetcher.state === 'submitting') event.preventDefault();
            }}
            className={buttonStyles({ variant: 'outline', size: 'sm' })}
          >
            Сохранить
          </button>
        </div>
      </fieldset>
      {failure ? (
        <p id={statusId} role="alert" className="mt-2 text-sm font-medium text-berry">
          {failure.message}
        </p>
      ) : (
        // In the page from the start, so a screen reader says what is put in it.
        <p id={statusId} role="status" className="mt-2 text-sm text-brand-800 empty:hidden">
          {saved ? `Сохранено: ${saved.minutes} мин` : null}
        </p>
      )}
    </fetcher.Form>
  );
}
