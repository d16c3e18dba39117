import type { CatalogQuery } from '@core/contracts/catalog';
import { CATALOG_SORT_LABELS, CATALOG_SORTS } from '@core/rules/catalog';
import { useId, useRef } from 'react';
import { Form, useSubmit } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import type { StoreOption } from './page-data';

/** Component classes (app.css): the catalogue's page writes the filters on every visit. */
const FIELD = 'filter-field';
const LABEL = 'filter-label';

/**
 * Sorting and filters as a plain GET form: it works before hydration and every state is a shareable URL.
 * With JavaScript, selects and the checkbox apply at once; price fields apply with the button.
 */
export function CatalogFilters({
  query,
  stores,
  action,
}: {
  query: CatalogQuery;
  /** Shown on the whole catalogue; a shop's own catalogue needs no shop filter. */
  stores?: readonly StoreOption[];
  action: string;
}) {
  const submit = useSubmit();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const applyNow = () => {
    if (formRef.current) void submit(formRef.current, { preventScrollReset: true });
  };
  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      aria-label="Фильтры каталога"
      className="flex flex-col gap-5"
    >
      {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
      <div>
        <label htmlFor={`${id}-sort`} className={LABEL}>
          Сортировка
        </label>
        <select id={`${id}-sort`} name="sort" defaultValue={query.sort} onChange={applyNow} className={FIELD}>
          {CATALOG_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {CATALOG_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      {stores ? (
        <div>
          <label htmlFor={`${id}-store`} className={LABEL}>
            Магазин
          </label>
          <select
            id={`${id}-store`}
            name="store"
            defaultValue={query.store ?? ''}
            onChange={applyNow}
            className={FIELD}
          >
            <option value="">Все магазины</option>
            {stores.map((store) => (
              <option key={store.slug} value={store.slug}>
                {store.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <fieldset>
        <legend className={LABEL}>Цена, ₽</legend>
        <div className="flex items-center gap-2">
          <label className="sr-only" htmlFor={`${id}-min`}>
            Цена от, ₽
          </label>
          <input
            id={`${id}-min`}
            name="min"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="от"
            defaultValue={query.min}
            className={FIELD}
          />
          <span aria-hidden="true" className="text-muted">
            —
          </span>
          <label className="sr-only" htmlFor={`${id}-max`}>
            Цена до, ₽
          </label>
          <input
            id={`${id}-max`}
            name="max"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="до"
            defaultValue={query.max}
            className={FIELD}
          />
        </div>
      </fieldset>
      <label className="flex cursor-pointer items-center gap-3 text-[15px]">
        <input
          type="checkbox"
          name="discount"
          value="1"
          defaultChecked={query.discount === '1'}
          onChange={applyNow}
          className="size-5 accent-brand-600"
        />
        Только со скидкой
      </label>
      <button type="submit" className={buttonStyles({ variant: 'primary', className: 'w-full' })}>
        <Icon name="sliders-horizontal" className="size-5" />
        Показать
      </button>
    </Form>
  );
}
