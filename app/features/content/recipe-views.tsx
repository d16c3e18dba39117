import type { Recipe, RecipeIngredient, RecipeList } from '@core/contracts/content';
import { formatDuration } from '@core/rules/date';
import { formatCount } from '@core/rules/plural';
import { formatRoubles, priceBeforeDiscountRoubles } from '@core/rules/price';
import type { RecipeForServings } from '@core/rules/recipe';
import { formatPerKg, formatSize } from '@core/rules/sold-by-weight';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { Icon } from '~/components/ui/icon';
import { Pagination } from '~/components/ui/pagination';
import { Thumb } from '~/components/ui/thumb';
import { FavouriteButton } from '~/features/favourites/favourite-button';
import { Cover } from './cover';
import { ContentContainer, PageHeading } from './layout';
import { pageHref } from './list-url';
import { RecipeBasketPanel, ServingsForm } from './recipe-basket';
import { RecipeCard } from './recipe-card';
import { INGREDIENTS_FORMS, RECIPES_FORMS, SERVINGS_FORMS } from './words';

export const RECIPES_PATH = '/recipes';
export const RECIPES_TITLE = 'Рецепты';
export const RECIPES_LEAD =
  'Простые домашние блюда из свежих продуктов магазинов и фермеров. Всё, что нужно, — в один клик из рецепта.';

/** /recipes: a grid of recipe cards with links to the other pages. */
export function RecipeListView({ list }: { list: RecipeList }) {
  return (
    <ContentContainer>
      <PageHeading crumbs={[{ label: RECIPES_TITLE }]} title={RECIPES_TITLE} lead={RECIPES_LEAD}>
        <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-orange-50 px-3 py-1 text-sm font-semibold text-orange-800">
          {formatCount(list.total, RECIPES_FORMS)}
        </p>
      </PageHeading>
      {list.items.length === 0 ? (
        <p className="rounded-3xl bg-white p-8 text-center text-muted shadow-card">
          Рецептов пока нет — загляните позже.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4 lg:gap-6">
          {list.items.map((recipe, index) => (
            <li key={recipe._id}>
              <RecipeCard recipe={recipe} eager={index < 4} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        hrefFor={(n) => pageHref(RECIPES_PATH, n)}
        page={list.page}
        totalPages={list.total_pages}
        label="Страницы рецептов"
      />
    </ContentContainer>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl bg-white px-4 py-3 shadow-card">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        {icon}
      </span>
      <span>
        <span className="block text-[13px] text-muted">{label}</span>
        <span className="block text-[15px] font-bold">{children}</span>
      </span>
    </li>
  );
}

function IngredientProductLink({ product }: { product: NonNullable<RecipeIngredient['product']> }) {
  const hasDiscount = product.discount > 0;
  return (
    <Link to={`/product/${product.slug}`} prefetch="intent" className="ing-link">
      <Thumb
        src={product.img}
        size={48}
        className="size-12 rounded-xl"
        tone="white"
        placeholder="shopping-basket"
      />
      <span className="min-w-0 flex-1">
        <span className="ing-name">{product.name}</span>
        <span className="ing-meta">
          <b>{product.by_weight ? formatPerKg(product.price) : formatRoubles(product.price)}</b>
          {hasDiscount ? (
            <>
              <s className="text-muted">
                <span className="sr-only">вместо </span>
                {formatRoubles(priceBeforeDiscountRoubles(product.price, product.discount) * 100)}
              </s>
              <span className="rounded-md bg-berry px-1.5 text-xs font-bold text-white">
                <span className="sr-only">скидка </span>−{product.discount}%
              </span>
            </>
          ) : null}
          <span className="text-muted">{formatSize(product)}</span>
        </span>
      </span>
      <Icon name="chevron-right" className="size-5 shrink-0" />
    </Link>
  );
}

export type RecipeViewProps = {
  recipe: Recipe;
  /** The servings asked for (?servings), within 1–24. */
  servings: number;
  /** The amounts, offers and total for them (the loader's recipeForServings). */
  view: RecipeForServings;
  /** No address or pickup point chosen yet. */
  isCityOnly: boolean;
  /** What the last 'Добавить в корзину' did, or why it was refused. */
  message: string | null;
};

function IngredientList({ recipe, servings, view, isCityOnly, message }: RecipeViewProps) {
  return (
    <section
      aria-labelledby="ingredients-title"
      className="rounded-3xl bg-white p-5 shadow-card sm:p-6 lg:sticky lg:top-6"
    >
      <h2 id="ingredients-title" className="text-xl font-extrabold tracking-tight sm:text-2xl">
        Ингредиенты
      </h2>
      <p className="mt-1 text-sm text-muted">
        {`на ${formatCount(servings, SERVINGS_FORMS)} · ${formatCount(recipe.ingredients.length, INGREDIENTS_FORMS)}`}
      </p>
      <div className="mt-3">
        <ServingsForm servings={servings} />
      </div>
      <ul className="mt-4 divide-y divide-line">
        {recipe.ingredients.map((ingredient, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: ingredients are identified by their position.
          <li key={index} className="ing">
            <div className="ing-head">
              <span className="font-medium">{ingredient.text}</span>
              {ingredient.amount ? (
                <span className="shrink-0 text-right text-muted">{view.amounts[index]}</span>
              ) : null}
            </div>
            {ingredient.product ? (
              <>
                <IngredientProductLink product={ingredient.product} />
                {/* One string each: no text nodes split by markers. */}
                {view.offers[index] ? (
                  <p className="ing-offer">{view.offers[index]}</p>
                ) : (
                  <p className="ing-none">нет в вашем районе</p>
                )}
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <RecipeBasketPanel
        recipe={recipe}
        servings={servings}
        view={view}
        isCityOnly={isCityOnly}
        message={message}
      />
    </section>
  );
}

/** /recipes/{slug}: cover and facts, ingredients linked to products, numbered steps, more recipes. */
export function RecipeView(props: RecipeViewProps) {
  const { recipe } = props;
  return (
    <ContentContainer>
      <Breadcrumbs items={[{ label: RECIPES_TITLE, href: RECIPES_PATH }, { label: recipe.title }]} />
      <article className="mt-6">
        {/* grid-cols-1 (minmax(0, 1fr)) on phones: an implicit column would grow to the longest unbroken
            line (a truncated product name) and push the page past a 390 px screen. */}
        <div className="grid grid-cols-1 items-center gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-10">
          <header className="lg:order-2">
            <h1 className="text-[28px] leading-tight font-extrabold tracking-tight sm:text-[40px]">
              {recipe.title}
            </h1>
            {recipe.summary ? (
              <p className="mt-4 text-lg leading-relaxed text-muted">{recipe.summary}</p>
            ) : null}
            {/* A recipe is an 'article' favourite (docs/decisions/019): it shows on the Статьи tab. */}
            <FavouriteButton
              type="article"
              id={recipe._id}
              name={recipe.title}
              variant="labelled"
              className="mt-5"
            />
            <ul className="mt-6 grid grid-cols-2 gap-3 sm:max-w-md">
              <Fact icon={<Icon name="clock" className="size-5" />} label="Время">
                {formatDuration(recipe.cook_minutes)}
              </Fact>
              <Fact icon={<Icon name="users" className="size-5" />} label="Порции">
                {formatCount(recipe.servings, SERVINGS_FORMS)}
              </Fact>
            </ul>
          </header>
          <Cover src={recipe.img} alt={recipe.title} eager priority className="rounded-3xl lg:order-1" />
        </div>

        <div className="mt-8 grid grid-cols-1 gap-6 lg:mt-12 lg:grid-cols-[minmax(0,1fr)_420px] lg:items-start lg:gap-10">
          <div className="lg:order-2">
            <IngredientList {...props} />
          </div>
          <section aria-labelledby="steps-title" className="lg:order-1">
            <h2
              id="steps-title"
              className="flex items-center gap-2 text-xl font-extrabold tracking-tight sm:text-2xl"
            >
              <Icon name="list-checks" className="size-6 text-brand-600" />
              Приготовление
            </h2>
            <ol className="mt-5 space-y-4">
              {recipe.steps.map((step, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: steps are identified by their order.
                <li key={index} className="flex gap-4 rounded-3xl bg-white p-4 shadow-card sm:p-5">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-base font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  <p className="pt-1 text-base leading-relaxed sm:text-[17px]">
                    <span className="sr-only">Шаг {index + 1}. </span>
                    {step}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </article>

      {recipe.related.length > 0 ? (
        <section aria-labelledby="more-recipes-title" className="mt-14 sm:mt-20">
          <div className="flex items-end justify-between gap-4">
            <h2 id="more-recipes-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
              Ещё рецепты
            </h2>
            <Link
              to={RECIPES_PATH}
              prefetch="intent"
              className="shrink-0 rounded text-[15px] font-semibold text-brand-700 hover:underline"
            >
              Все рецепты
            </Link>
          </div>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 lg:gap-6">
            {recipe.related.map((other) => (
              <li key={other._id}>
                <RecipeCard recipe={other} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </ContentContainer>
  );
}
