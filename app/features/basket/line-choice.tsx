import type { BasketItem } from '@core/contracts/basket';
import { lazy, Suspense, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { failureOf } from '~/lib/action-result';
import { useRootData } from '~/lib/root-data';
import { useHydrated } from '~/lib/use-hydrated';
import { BASKET_ACTION, BASKET_FIELD } from './basket-form';
import { CHOICE_FIELD, CHOICE_INTENT, CHOICE_OPTIONS } from './line-choice-form';

/** Its own file, loaded when a customer asks to pick a replacement: the basket's first load stays as it was. */
const ReplacementPicker = lazy(() => import('./replacement-picker'));

const SMALL_CONTROL = 'h-8 rounded-lg border border-line bg-white px-2';

/**
 * Under a signed-in customer's line (issue 27, ADR 055): 'Если товара не будет' — the order's choice made at
 * checkout, or the line's own. A real form posting to /resources/basket: before hydration and without
 * JavaScript its 'Сохранить' posts it and the server comes back to the basket; with JavaScript a change of
 * the select posts it at once and the loaders read the basket again. With 'Заменить на похожий' the line
 * names its picked replacement, and with JavaScript 'Выбрать замену' offers the similar products the point
 * has, fetched only then (without JavaScript any similar product is the picker's to choose; the API takes a
 * pick). A guest's basket, kept on the device, has no such control: a guest signs in before the checkout.
 */
export function LineChoice({ pointId, item }: { pointId: string; item: BasketItem }) {
  const { product } = item;
  // The choice as the loaders last read it: a change of it reads them again, while a quantity's answer (which
  // the line shows) is parsed without it (basket-data.ts, on every page's first load).
  const saved = useRootData()?.basket?.[pointId]?.find((line) => line.product._id === product._id) ?? item;
  const fetcher = useFetcher({ key: `choice:${pointId}:${product._id}` });
  const isHydrated = useHydrated();
  const [isPicking, setPicking] = useState(false);
  const id = useId();
  const sent = fetcher.formData?.get(CHOICE_FIELD.onMissing);
  const choice = typeof sent === 'string' ? sent : (saved.on_missing ?? '');
  const failure = failureOf(fetcher.data);
  const submit = (form: HTMLFormElement | null) => {
    if (form) void fetcher.submit(form);
  };
  return (
    <fetcher.Form
      method="post"
      action={BASKET_ACTION}
      className="mt-2 flex flex-wrap items-center gap-2 text-[13px]"
    >
      <input type="hidden" name={BASKET_FIELD.intent} value={CHOICE_INTENT} />
      <input type="hidden" name={BASKET_FIELD.point} value={pointId} />
      <input type="hidden" name={BASKET_FIELD.product} value={product._id} />
      <label htmlFor={id} className="text-muted">
        Если товара не будет:<span className="sr-only"> {product.name}</span>
      </label>
      <select
        id={id}
        name={CHOICE_FIELD.onMissing}
        value={choice}
        onChange={(event) => submit(event.currentTarget.form)}
        className={SMALL_CONTROL}
      >
        <option value="">Как при оформлении</option>
        {CHOICE_OPTIONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {isHydrated ? null : (
        <button type="submit" className={`${SMALL_CONTROL} font-semibold`}>
          Сохранить
        </button>
      )}
      {choice !== 'similar' ? null : isPicking ? (
        <Suspense fallback={null}>
          <ReplacementPicker pointId={pointId} item={saved} onPick={submit} />
        </Suspense>
      ) : (
        <>
          {saved.replacement ? <span>Замена: {saved.replacement.name}</span> : null}
          {isHydrated ? (
            <button
              type="button"
              onClick={() => setPicking(true)}
              className="font-semibold text-brand-700 underline"
            >
              Выбрать замену<span className="sr-only"> для: {product.name}</span>
            </button>
          ) : null}
        </>
      )}
      {failure ? (
        <p role="alert" className="basis-full font-medium text-berry">
          {failure.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
