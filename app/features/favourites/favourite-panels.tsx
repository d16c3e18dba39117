import type { Store } from '@core/contracts/catalog';
import type {
  FavouriteArticle,
  FavouriteForm,
  FavouriteProduct,
  FavouriteSet,
} from '@core/contracts/favourites';
import { formatDate } from '@core/rules/date';
import type { FavouriteArticleKind } from '@core/rules/favourites';
import { formatCount } from '@core/rules/plural';
import { formatPackSize } from '@core/rules/weight';
import { type ReactNode, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { type ButtonSize, type ButtonVariant, buttonStyles, LinkButton } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import type { IconName } from '~/components/ui/icon-names';
import { Thumb } from '~/components/ui/thumb';
import { useToast } from '~/components/ui/toast';
import { ProductGrid, productHref } from '~/features/catalog/product-card';
import { StoreCard } from '~/features/catalog/store-card';
import { Cover } from '~/features/content/cover';
import { PRODUCTS_FORMS } from '~/features/content/words';
import { onFirstUse, useFirstUse } from '~/lib/on-first-use';
import { useActionOutcome } from '~/lib/use-action-outcome';
import type { action as favouritesAction } from '~/routes/resources/favourites';
import { AddToSetButton } from './add-to-set-button';
import { FavouriteButton } from './favourite-button';
import { CREATE_SET_LABEL, FAVOURITES_ACTION, NO_SETS_TEXT } from './favourite-routes';

/*
 * The sets' popups (react-aria's modal, the forms' contract and Zod, the counter) load when a customer reaches
 * for a button that opens one (a hover, a focus) or presses it, not with the page (ADR 044); a popup asked for
 * opens as soon as its code is here.
 */
const setTitleDialog = onFirstUse(() => import('./set-title-dialog'));
const setContentsDialog = onFirstUse(() => import('./set-contents-dialog'));
const confirmDialog = onFirstUse(() => import('~/components/ui/confirm-dialog'));

function EmptyState({ text, hint, children }: { text: string; hint?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl bg-white px-6 py-10 text-center shadow-card">
      <p className="text-lg font-semibold text-ink">{text}</p>
      {hint ? <p className="max-w-md text-[15px] text-muted">{hint}</p> : null}
      {children ? <div className="mt-2 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}

/**
 * Товары: the products the shopper's area sells, as the catalogue shows them (in-area price, add to basket);
 * then those it does not, each saying so, with similar products the area has.
 */
export function ProductsPanel({ products }: { products: readonly FavouriteProduct[] }) {
  if (products.length === 0) {
    return (
      <EmptyState
        text="В избранном пока нет товаров"
        hint="Нажмите на сердечко на карточке товара, чтобы он появился здесь."
      >
        <LinkButton to="/catalog">В каталог</LinkButton>
      </EmptyState>
    );
  }
  const sold = products.filter((product) => product.offer);
  const gone = products.filter((product) => !product.offer);
  return (
    <div className="flex flex-col gap-10">
      {sold.length > 0 ? (
        <section aria-labelledby="favourite-products-title">
          <h2 id="favourite-products-title" className="sr-only">
            Товары в вашем районе
          </h2>
          <ProductGrid products={sold} eagerCount={5} />
        </section>
      ) : null}
      {gone.length > 0 ? (
        <section aria-labelledby="favourite-gone-title" className="flex flex-col gap-4">
          <h2 id="favourite-gone-title" className="text-2xl font-extrabold tracking-tight">
            Не продаются в вашем районе
          </h2>
          <ul className="flex flex-col gap-4">
            {gone.map((product) => (
              <li key={product._id}>
                <GoneProduct product={product} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** A favourite the shopper's area does not sell: it says so, and offers similar products from the area. */
function GoneProduct({ product }: { product: FavouriteProduct }) {
  const titleId = `gone-${product._id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-3xl bg-white p-4 shadow-card sm:p-5">
      <div className="flex items-center gap-4">
        <Thumb src={product.img} size={80} className="size-20 rounded-2xl" placeholder="none" />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-[17px] font-semibold">
            <Link to={productHref(product)} className="hover:text-brand-700">
              {product.name}
            </Link>
          </h3>
          <p className="text-sm text-muted">
            {formatPackSize(product)} · {product.store.name}
          </p>
          <p className="mt-1 text-[15px] font-medium text-berry">Не продаётся в вашем районе</p>
        </div>
        <div className="flex shrink-0 gap-2">
          <FavouriteButton type="product" id={product._id} name={product.name} variant="inline" />
          <AddToSetButton product={product} variant="overlay" className="border border-line shadow-none" />
        </div>
      </div>
      {product.similar.length > 0 ? (
        <div className="mt-5">
          <p className="mb-3 text-[15px] font-semibold text-ink">Похожие товары в вашем районе</p>
          <ProductGrid products={product.similar} label={`Похожие на «${product.name}»`} />
        </div>
      ) : (
        <p className="mt-4 text-[15px] text-muted">Похожих товаров в вашем районе пока нет.</p>
      )}
    </article>
  );
}

/** Магазины: the shops' cards, each with its heart. */
export function StoresPanel({ stores }: { stores: readonly Store[] }) {
  if (stores.length === 0) {
    return (
      <EmptyState
        text="Нет избранных магазинов"
        hint="Отметьте сердечком магазин, чтобы быстро к нему вернуться."
      >
        <LinkButton to="/shops">Все магазины</LinkButton>
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="favourite-stores-title">
      <h2 id="favourite-stores-title" className="sr-only">
        Избранные магазины
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {stores.map((store) => (
          <li key={store._id}>
            <StoreCard store={store} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}

const ARTICLE_KINDS: Record<FavouriteArticleKind, { label: string; path: string }> = {
  blog: { label: 'Блог', path: '/blog' },
  news: { label: 'Новости', path: '/news' },
  recipe: { label: 'Рецепт', path: '/recipes' },
};

/** Статьи: blog posts, news and recipes together (docs/decisions/019). */
export function ArticlesPanel({ articles }: { articles: readonly FavouriteArticle[] }) {
  if (articles.length === 0) {
    return (
      <EmptyState
        text="Нет избранных статей"
        hint="Статьи блога, новости и рецепты с сердечком собираются здесь."
      >
        <LinkButton to="/blog" variant="outline">
          Блог
        </LinkButton>
        <LinkButton to="/recipes" variant="outline">
          Рецепты
        </LinkButton>
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="favourite-articles-title">
      <h2 id="favourite-articles-title" className="sr-only">
        Избранные статьи и рецепты
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 lg:gap-6">
        {articles.map((article) => (
          <li key={article._id}>
            <FavouriteArticleCard article={article} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function FavouriteArticleCard({ article }: { article: FavouriteArticle }) {
  const kind = ARTICLE_KINDS[article.kind];
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-card transition-shadow focus-within:shadow-pop hover:shadow-pop">
      <Cover src={article.img} alt="" />
      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <p className="flex items-center gap-2 text-sm text-muted">
          <span className="rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-800">
            {kind.label}
          </span>
          <time dateTime={article.published_at}>{formatDate(article.published_at)}</time>
        </p>
        <h3 className="mt-2 text-lg leading-snug font-bold">
          <Link
            to={`${kind.path}/${article.slug}`}
            prefetch="intent"
            className="rounded after:absolute after:inset-0 after:rounded-3xl hover:text-brand-700"
          >
            {article.title}
          </Link>
        </h3>
        <p className="mt-2 line-clamp-3 text-[15px] leading-relaxed text-muted">{article.summary}</p>
      </div>
      <FavouriteButton
        type="article"
        id={article._id}
        name={article.title}
        className="absolute top-3 right-3 z-10"
      />
    </article>
  );
}

/**
 * Наборы: 'Создать набор', then each set with its size and first pictures, and its buttons: open (the set
 * contents popup), rename, delete (after a confirmation).
 */
export function SetsPanel({ sets }: { sets: readonly FavouriteSet[] }) {
  const [isCreating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [titleDialog, requestTitleDialog] = useFirstUse(setTitleDialog);
  const [contentsDialog, requestContentsDialog] = useFirstUse(setContentsDialog);
  const toast = useToast();
  const open = sets.find((set) => set._id === openId) ?? null;
  return (
    <section aria-labelledby="favourite-sets-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="favourite-sets-title" className="text-2xl font-extrabold tracking-tight">
          Наборы
        </h2>
        <PopupButton icon="plus" onReach={requestTitleDialog} onOpen={() => setCreating(true)}>
          {CREATE_SET_LABEL}
        </PopupButton>
      </div>
      {sets.length === 0 ? (
        <EmptyState
          text={NO_SETS_TEXT}
          hint="Соберите в набор то, что покупаете каждую неделю, и кладите всё в корзину одной кнопкой."
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {sets.map((set) => (
            <li key={set._id}>
              <SetCard set={set} onReach={requestContentsDialog} onOpen={() => setOpenId(set._id)} />
            </li>
          ))}
        </ul>
      )}
      {isCreating && titleDialog ? (
        <titleDialog.SetTitleDialog
          isOpen
          onOpenChange={setCreating}
          mode={{ kind: 'create' }}
          onDone={({ title }) => {
            setCreating(false);
            toast.show({ type: 'success', title: `Набор «${title}» создан` });
          }}
        />
      ) : null}
      {open && contentsDialog ? (
        <contentsDialog.SetContentsDialog
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) setOpenId(null);
          }}
          set={open}
        />
      ) : null}
    </section>
  );
}

/**
 * A button that opens one of the sets' popups: the popup's code starts loading as the customer reaches for
 * it (a pointer over it, the focus on it), and at the latest with the press, which opens it once it is here.
 */
function PopupButton({
  icon,
  size,
  variant,
  label,
  onReach,
  onOpen,
  children,
}: {
  icon: IconName;
  size?: ButtonSize;
  variant?: ButtonVariant;
  /** The accessible name, when the text alone does not say which set. */
  label?: string;
  onReach: () => void;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onPointerEnter={onReach}
      onFocus={onReach}
      onClick={() => {
        onReach();
        onOpen();
      }}
      aria-label={label}
      className={buttonStyles({ variant, size })}
    >
      <Icon name={icon} className={size === 'sm' ? 'size-4' : 'size-5'} />
      {children}
    </button>
  );
}

function SetCard({
  set,
  onReach,
  onOpen,
}: {
  set: FavouriteSet;
  /** The shopper reaches for 'Открыть': the set's popup starts loading. */
  onReach: () => void;
  onOpen: () => void;
}) {
  const [isRenaming, setRenaming] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const [titleDialog, requestTitleDialog] = useFirstUse(setTitleDialog);
  const [confirm, requestConfirm] = useFirstUse(confirmDialog);
  const remover = useFetcher<typeof favouritesAction>();
  const toast = useToast();
  // SPEC §8: a refused change is a warning toast with the server's message.
  useActionOutcome(remover);
  if (remover.state !== 'idle' && remover.formData) return null;
  const pictures = set.products.slice(0, 4);
  return (
    <article className="flex h-full flex-col gap-4 rounded-3xl bg-white p-5 shadow-card">
      <div>
        <h3 className="truncate text-lg font-bold">{set.title}</h3>
        <p className="text-sm text-muted">{formatCount(set.products.length, PRODUCTS_FORMS)}</p>
      </div>
      {pictures.length > 0 ? (
        <ul aria-hidden="true" className="flex gap-2">
          {pictures.map(({ product }) => (
            <li key={product._id}>
              <Thumb src={product.img} size={56} className="size-14 rounded-xl" />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2">
        <PopupButton
          icon="folder-open"
          size="sm"
          label={`Открыть набор «${set.title}»`}
          onReach={onReach}
          onOpen={onOpen}
        >
          Открыть
        </PopupButton>
        <PopupButton
          icon="pencil"
          size="sm"
          variant="outline"
          label={`Переименовать набор «${set.title}»`}
          onReach={requestTitleDialog}
          onOpen={() => setRenaming(true)}
        >
          Переименовать
        </PopupButton>
        <PopupButton
          icon="trash-2"
          size="sm"
          variant="ghost"
          label={`Удалить набор «${set.title}»`}
          onReach={requestConfirm}
          onOpen={() => setDeleting(true)}
        >
          Удалить
        </PopupButton>
      </div>
      {isRenaming && titleDialog ? (
        <titleDialog.SetTitleDialog
          isOpen
          onOpenChange={setRenaming}
          mode={{ kind: 'rename', set }}
          onDone={() => {
            setRenaming(false);
            toast.show({ type: 'success', title: 'Набор переименован' });
          }}
        />
      ) : null}
      {confirm ? (
        <confirm.ConfirmDialog
          isOpen={isDeleting}
          onOpenChange={setDeleting}
          title={`Удалить набор «${set.title}»?`}
          description="Набор и список его товаров пропадут; сами товары останутся в каталоге."
          confirmLabel="Удалить"
          isDestructive
          onConfirm={() =>
            void remover.submit({ intent: 'delete-set', set: set._id } satisfies FavouriteForm, {
              method: 'post',
              action: FAVOURITES_ACTION,
            })
          }
        />
      ) : null}
    </article>
  );
}
