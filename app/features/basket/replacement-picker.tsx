import type { BasketItem } from '@core/contracts/basket';
import { formatRoubles } from '@core/rules/price';
import { useEffect, useId } from 'react';
import { useFetcher } from 'react-router';
import type { loader as basketLoader } from '~/routes/resources/basket';
import { BASKET_ACTION, BASKET_FIELD } from './basket-form';
import { CHOICE_FIELD } from './line-choice-form';

/**
 * 'Выбрать замену' of a line set to 'Заменить на похожий' (issue 27, ADR 055), a file of its own loaded when
 * asked for: the similar products the line's point has (GET /resources/basket with the line), in a select
 * inside the line's choice form; picking one posts the form, 'Любой похожий' leaves it to the picker.
 */
export default function ReplacementPicker({
  pointId,
  item,
  onPick,
}: {
  pointId: string;
  item: BasketItem;
  onPick: (form: HTMLFormElement | null) => void;
}) {
  const options = useFetcher<typeof basketLoader>();
  const { load } = options;
  const id = useId();
  const productId = item.product._id;
  useEffect(() => {
    const query = new URLSearchParams({ [BASKET_FIELD.point]: pointId, [BASKET_FIELD.product]: productId });
    void load(`${BASKET_ACTION}?${query}`);
  }, [load, pointId, productId]);
  const data = options.data;
  if (!data) {
    return (
      <span role="status" className="text-muted">
        Ищем похожие товары…
      </span>
    );
  }
  if (!('replacements' in data)) {
    return (
      <span role="alert" className="font-medium text-berry">
        {data.message}
      </span>
    );
  }
  if (data.replacements.length === 0) {
    return <span className="text-muted">Похожих товаров в этой точке сейчас нет</span>;
  }
  return (
    <>
      <label htmlFor={id} className="text-muted">
        Замена:<span className="sr-only"> {item.product.name}</span>
      </label>
      <select
        id={id}
        name={CHOICE_FIELD.replacement}
        defaultValue={item.replacement?.product ?? ''}
        onChange={(event) => onPick(event.currentTarget.form)}
        className="h-8 max-w-full rounded-lg border border-line bg-white px-2"
      >
        <option value="">Любой похожий</option>
        {data.replacements.map((option) => (
          <option key={option.product} value={option.product}>
            {option.name} — {formatRoubles(option.price)}
          </option>
        ))}
      </select>
    </>
  );
}
