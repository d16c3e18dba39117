import type { FavouriteForm, FavouriteSet, SetToBasketResult } from '@core/contracts/favourites';
import { SET_COUNT_MAX, SET_COUNT_MIN } from '@core/rules/favourites';
import { formatRoubles } from '@core/rules/price';
import { useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { Button } from '~/components/ui/aria-button';
import { LinkButton } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Counter } from '~/components/ui/counter';
import { Icon } from '~/components/ui/icon';
import { Modal } from '~/components/ui/modal';
import { Thumb } from '~/components/ui/thumb';
import { useToast } from '~/components/ui/toast';
import { productHref } from '~/features/catalog/product-card';
import { cx } from '~/lib/cx';
import { useActionOutcome } from '~/lib/use-action-outcome';
import type { action as favouritesAction } from '~/routes/resources/favourites';
import { FAVOURITES_ACTION } from './favourite-routes';
import { SetTitleDialog } from './set-title-dialog';

export const EMPTY_SET_TEXT = 'В наборе нет товаров';
export const ADD_PRODUCT_LABEL = 'Добавить товар';
export const SET_TO_BASKET_LABEL = 'Добавить товары в корзину';

/**
 * The set contents popup (SPEC §2): the set's title (renamed in the create/rename popup), its products with
 * counters 1–100 (SPEC §5), removing one, clearing all (after a confirmation), 'Добавить товар' (to the
 * catalogue) and 'Добавить товары в корзину'. `set` is the page loader's: after every change the router
 * revalidates it, so the popup shows the server's state.
 */
export function SetContentsDialog({
  isOpen,
  onOpenChange,
  set,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  set: FavouriteSet;
}) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={set.title} size="lg">
      <SetContents set={set} />
    </Modal>
  );
}

function SetContents({ set }: { set: FavouriteSet }) {
  const [isRenaming, setRenaming] = useState(false);
  const [isClearing, setClearing] = useState(false);
  const clear = useFetcher<typeof favouritesAction>();
  const basket = useFetcher<typeof favouritesAction>();
  const toast = useToast();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [result, setResult] = useState<SetToBasketResult | null>(null);
  // SPEC §8: a refused change is a warning toast with the server's message.
  useActionOutcome(clear);
  useActionOutcome(basket, {
    onSuccess: (answer) => {
      if (answer.intent !== 'set-to-basket') return;
      setResult(answer.result);
      if (answer.result.added > 0)
        toast.show({
          type: 'success',
          title: 'Товары добавлены в корзину',
          link: { href: '/basket', label: 'Перейти в корзину' },
        });
    },
  });

  const isClearPending = clear.state !== 'idle';
  const lines = isClearPending ? [] : set.products;

  /** After a line goes, focus stays in the list rather than falling back to the page. */
  const focusList = () => requestAnimationFrame(() => listHeading.current?.focus());

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onPress={() => setRenaming(true)}>
          <Icon name="pencil" className="size-4" />
          Переименовать
        </Button>
        <Button variant="outline" size="sm" onPress={() => setClearing(true)} isDisabled={lines.length === 0}>
          <Icon name="eraser" className="size-4" />
          Очистить набор
        </Button>
      </div>

      <section aria-labelledby={`set-lines-${set._id}`}>
        <h3
          ref={listHeading}
          id={`set-lines-${set._id}`}
          tabIndex={-1}
          className="rounded text-lg font-bold outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          Товары набора
        </h3>
        {lines.length === 0 ? (
          <p className="mt-3 rounded-2xl bg-surface px-4 py-6 text-center text-[15px] text-muted">
            {EMPTY_SET_TEXT}
          </p>
        ) : (
          <ul className="mt-3 flex flex-col divide-y divide-line">
            {lines.map((line) => (
              <SetLine key={line.product._id} setId={set._id} line={line} onRemoved={focusList} />
            ))}
          </ul>
        )}
      </section>

      {result?.message ? (
        <p role="alert" className="rounded-2xl bg-amber-50 px-4 py-3 text-[15px] font-medium text-amber-900">
          {result.message}
        </p>
      ) : result ? (
        <p role="status" className="rounded-2xl bg-brand-50 px-4 py-3 text-[15px] font-medium text-brand-800">
          Все товары набора в корзине.
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <LinkButton to="/catalog" variant="outline" size="lg">
          <Icon name="plus" className="size-5" />
          {ADD_PRODUCT_LABEL}
        </LinkButton>
        <Button
          size="lg"
          isDisabled={lines.length === 0 || basket.state !== 'idle'}
          onPress={() =>
            void basket.submit({ intent: 'set-to-basket', set: set._id } satisfies FavouriteForm, {
              method: 'post',
              action: FAVOURITES_ACTION,
            })
          }
        >
          <Icon name="shopping-basket" className="size-5" />
          {basket.state !== 'idle' ? 'Добавляем…' : SET_TO_BASKET_LABEL}
        </Button>
      </div>

      {isRenaming ? (
        <SetTitleDialog
          isOpen
          onOpenChange={setRenaming}
          mode={{ kind: 'rename', set }}
          onDone={() => {
            setRenaming(false);
            toast.show({ type: 'success', title: 'Набор переименован' });
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={isClearing}
        onOpenChange={setClearing}
        title={`Очистить набор «${set.title}»?`}
        description="Все товары уйдут из набора; сам набор останется."
        confirmLabel="Очистить"
        isDestructive
        onConfirm={() => {
          void clear.submit({ intent: 'clear-set', set: set._id } satisfies FavouriteForm, {
            method: 'post',
            action: FAVOURITES_ACTION,
          });
          focusList();
        }}
      />
    </div>
  );
}

/**
 * One product of a set: its picture, name, in-area price (or that the area does not have it), the counter
 * 1–100 and a remove button. Counter changes go to the server one at a time: while one is on its way the
 * next waits, then the latest value is sent, so the server always ends at what the counter shows.
 */
function SetLine({
  setId,
  line: { product, count },
  onRemoved,
}: {
  setId: string;
  line: FavouriteSet['products'][number];
  onRemoved: () => void;
}) {
  const counter = useFetcher<typeof favouritesAction>({ key: `set-count:${setId}:${product._id}` });
  const remover = useFetcher<typeof favouritesAction>();
  const [wanted, setWanted] = useState<number | null>(null);
  const sendCount = (value: number) =>
    void counter.submit(
      { intent: 'set-count', set: setId, product: product._id, count: String(value) } satisfies FavouriteForm,
      { method: 'post', action: FAVOURITES_ACTION },
    );
  useActionOutcome(counter, {
    // Done: the counter's latest value goes next, unless the server has it already.
    onSuccess: () => {
      if (wanted !== null && wanted !== count) sendCount(wanted);
      else setWanted(null);
    },
    // Refused: the counter goes back to what the server has (the toast says why).
    onFailure: () => setWanted(null),
  });
  useActionOutcome(remover);
  const changeCount = (value: number) => {
    setWanted(value);
    if (counter.state === 'idle') sendCount(value);
  };

  if (remover.state !== 'idle' && remover.formData) return null;
  const shown = wanted ?? count;
  const offer = product.offer;

  return (
    <li className="flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap">
      <Thumb src={product.img} size={56} className="size-14 rounded-xl" />
      <span className="min-w-0 flex-1 basis-40">
        <Link
          to={productHref(product)}
          className="line-clamp-2 text-[15px] font-semibold text-ink hover:text-brand-700"
        >
          {product.name}
        </Link>
        <span className={cx('block text-sm', offer ? 'text-ink' : 'text-berry')}>
          {offer ? `${formatRoubles(offer.price)} за шт.` : 'Нет в наличии в вашем районе'}
        </span>
      </span>
      <Counter
        value={shown}
        min={SET_COUNT_MIN}
        max={SET_COUNT_MAX}
        itemName={product.name}
        onChange={changeCount}
      />
      <button
        type="button"
        aria-label={`Убрать из набора: ${product.name}`}
        onClick={() => {
          void remover.submit(
            { intent: 'remove-from-set', set: setId, product: product._id } satisfies FavouriteForm,
            { method: 'post', action: FAVOURITES_ACTION },
          );
          onRemoved();
        }}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface hover:text-berry focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Icon name="trash-2" className="size-5" />
      </button>
    </li>
  );
}
