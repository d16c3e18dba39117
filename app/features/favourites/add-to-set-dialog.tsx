import type { FavouriteForm, SetSummary } from '@core/contracts/favourites';
import { formatCount } from '@core/rules/plural';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/aria-button';
import { Icon } from '~/components/ui/icon';
import { Modal } from '~/components/ui/modal';
import { Spinner } from '~/components/ui/spinner';
import { useToast } from '~/components/ui/toast';
import { PRODUCTS_FORMS } from '~/features/content/words';
import { cx } from '~/lib/cx';
import { useActionOutcome } from '~/lib/use-action-outcome';
import type { action as favouritesAction } from '~/routes/resources/favourites';
import type { loader as setsLoader } from '~/routes/resources/favourites-sets';
import {
  ADD_TO_SET_TITLE,
  CREATE_SET_LABEL,
  FAVOURITE_SETS_LOADER,
  FAVOURITES_ACTION,
  NO_SETS_TEXT,
  SETS_PRODUCT_PARAM,
} from './favourite-routes';
import { SetTitleDialog } from './set-title-dialog';

export type SetProduct = { _id: string; name: string };

/** When the sets could not be read (the list's failure is not the page's, SPEC §8). */
export const SETS_UNAVAILABLE_TEXT = 'Не удалось загрузить наборы. Попробуйте открыть окно ещё раз.';

/**
 * The popups behind 'Добавить в набор': the list of sets, and 'Создать набор' (which puts the product into
 * the new set and comes back to the list). Loaded with the first click, not with every product grid.
 */
export function AddToSetFlow({ product, onClose }: { product: SetProduct; onClose: () => void }) {
  const [step, setStep] = useState<'sets' | 'create'>('sets');
  const toast = useToast();
  const closeOn = (isOpen: boolean) => {
    if (!isOpen) onClose();
  };
  return step === 'sets' ? (
    <AddToSetDialog isOpen onOpenChange={closeOn} product={product} onCreate={() => setStep('create')} />
  ) : (
    <SetTitleDialog
      isOpen
      onOpenChange={closeOn}
      mode={{ kind: 'create', product }}
      onDone={({ title }) => {
        toast.show({ type: 'success', title: `Набор «${title}» создан`, content: product.name });
        setStep('sets');
      }}
    />
  );
}

/**
 * The 'Добавить в набор' popup (SPEC §2): the customer's sets, each a toggle that adds the product to the
 * set or takes it out (SPEC §4), in a list at most 60vh high; 'У вас нет наборов' when there are none; and
 * 'Создать набор'.
 */
export function AddToSetDialog({
  isOpen,
  onOpenChange,
  product,
  onCreate,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  product: SetProduct;
  onCreate: () => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={ADD_TO_SET_TITLE}
      subtitle={product.name}
      size="sm"
    >
      <SetChoices product={product} onCreate={onCreate} />
    </Modal>
  );
}

function SetChoices({ product, onCreate }: { product: SetProduct; onCreate: () => void }) {
  const sets = useFetcher<typeof setsLoader>();
  const href = `${FAVOURITE_SETS_LOADER}?${SETS_PRODUCT_PARAM}=${encodeURIComponent(product._id)}`;
  const load = useRef(sets.load);
  load.current = sets.load;
  useEffect(() => {
    void load.current(href);
  }, [href]);
  const list = sets.data?.sets;

  return (
    <div className="flex flex-col gap-4">
      {list === undefined ? (
        <p className="flex items-center gap-2 text-[15px] text-muted" role="status">
          <Spinner size={20} className="text-brand-600" />
          Загружаем наборы…
        </p>
      ) : list === null ? (
        <p className="rounded-2xl bg-surface px-4 py-6 text-center text-[15px] text-muted" role="status">
          {SETS_UNAVAILABLE_TEXT}
        </p>
      ) : list.length === 0 ? (
        <p className="rounded-2xl bg-surface px-4 py-6 text-center text-[15px] text-muted">{NO_SETS_TEXT}</p>
      ) : (
        <ul
          aria-label="Ваши наборы"
          className="-mx-1 flex max-h-[60vh] flex-col gap-2 overflow-y-auto px-1 py-1"
        >
          {list.map((set) => (
            <li key={set._id}>
              <SetChoice set={set} product={product} />
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" size="lg" onPress={onCreate} className="w-full">
        <Icon name="plus" className="size-5" />
        {CREATE_SET_LABEL}
      </Button>
    </div>
  );
}

/** One set in the popup: pressed while the product is in it; a press adds or takes it out at once. */
function SetChoice({ set, product }: { set: SetSummary; product: SetProduct }) {
  const fetcher = useFetcher<typeof favouritesAction>({ key: `set-choice:${set._id}:${product._id}` });
  const pendingIntent = fetcher.formData?.get('intent' satisfies keyof FavouriteForm);
  const hasProduct = pendingIntent ? pendingIntent === 'add-to-set' : set.has_product;
  const size = set.size + (hasProduct === set.has_product ? 0 : hasProduct ? 1 : -1);
  // SPEC §8: a refused change is a warning toast with the server's message.
  useActionOutcome(fetcher);

  return (
    <button
      type="button"
      aria-pressed={hasProduct}
      onClick={() =>
        void fetcher.submit(
          {
            intent: hasProduct ? 'remove-from-set' : 'add-to-set',
            set: set._id,
            product: product._id,
          } satisfies FavouriteForm,
          { method: 'post', action: FAVOURITES_ACTION },
        )
      }
      className={cx(
        'flex w-full items-center gap-3 rounded-2xl border px-4 py-3 text-left transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        hasProduct ? 'border-brand-600 bg-brand-50' : 'border-line hover:border-brand-300 hover:bg-brand-50',
      )}
    >
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-ink">{set.title}</span>
        <span className="block text-sm text-muted">{formatCount(size, PRODUCTS_FORMS)}</span>
      </span>
      <span
        aria-hidden="true"
        className={cx(
          'inline-flex size-7 shrink-0 items-center justify-center rounded-full border-2',
          hasProduct ? 'border-brand-600 bg-brand-600 text-white' : 'border-line text-transparent',
        )}
      >
        <Icon name="check" className="size-4" />
      </span>
    </button>
  );
}
