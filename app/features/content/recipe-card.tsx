import type { RecipeCard as RecipeCardData } from '@core/contracts/content';
import { formatDuration } from '@core/rules/date';
import { formatCount } from '@core/rules/plural';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { FavouriteButton } from '~/features/favourites/favourite-button';
import { Cover } from './cover';
import { SERVINGS_FORMS } from './words';

export type RecipeCardProps = {
  recipe: RecipeCardData;
  /** Cards in the first row load their covers at once. */
  eager?: boolean;
  headingLevel?: 'h2' | 'h3';
};

/** A recipe in a grid: cover, title (the link, stretched over the card), summary, time and servings. */
export function RecipeCard({ recipe, eager = false, headingLevel: Heading = 'h2' }: RecipeCardProps) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-card transition-shadow focus-within:shadow-pop hover:shadow-pop">
      <div className="relative overflow-hidden">
        <Cover
          src={recipe.img}
          alt=""
          eager={eager}
          className="transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <span className="absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-1 text-sm font-semibold text-ink shadow-card">
          <Icon name="clock" className="size-4 text-brand-600" />
          <span className="sr-only">Время приготовления:</span>
          {formatDuration(recipe.cook_minutes)}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <Heading className="text-lg leading-snug font-bold">
          <Link
            to={`/recipes/${recipe.slug}`}
            prefetch="intent"
            className="rounded after:absolute after:inset-0 after:rounded-3xl hover:text-brand-700"
          >
            {recipe.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-[15px] leading-relaxed text-muted">{recipe.summary}</p>
        <p className="mt-auto flex items-center gap-1.5 pt-4 text-sm font-medium text-muted">
          <Icon name="users" className="size-4 text-brand-600" />
          {formatCount(recipe.servings, SERVINGS_FORMS)}
        </p>
      </div>
      <FavouriteButton
        type="article"
        id={recipe._id}
        name={recipe.title}
        className="absolute top-3 right-3 z-10"
      />
    </article>
  );
}
