import type { FavouriteType } from '@core/rules/favourites';
import { useFetcher } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { labelProps } from '~/components/ui/shared-labels';
import { preloadLoginDialogs, useAuthDialogs } from '~/features/auth/auth-dialogs';
import { useOptionalUser } from '~/features/auth/user';
import { cx } from '~/lib/cx';
import { useActionOutcome } from '~/lib/use-action-outcome';
import type { action as favouritesAction } from '~/routes/resources/favourites';
import { FAVOURITES_ACTION, FAVOURITES_FORM_ID, toggleForm } from './favourite-routes';
import { favouriteFetcherKey, isSavedFavourite, pendingToggleOf, useSavedFavourites } from './use-favourites';

/** Accessible names of the hearts, by what they mark. */
export const FAVOURITE_LABEL_PREFIX = 'В избранное';

export type FavouriteButtonProps = {
  type: FavouriteType;
  id: string;
  /** The item's name, for the button's accessible name ('В избранное: Молоко 3,2%'). */
  name: string;
  /**
   * 'overlay': a round white button over a picture; 'card': the same on a product card, without classes (the
   * card styles its buttons by their place, app.css: a grid writes dozens, ADR 044); 'inline': the round
   * button with a border, on a white card; 'labelled': the heart and the words 'В избранное', on an item's own
   * page.
   */
  variant?: 'overlay' | 'card' | 'inline' | 'labelled';
  className?: string;
  /** The id of the element with the item's name (a grid's card): the heart's name refers to it. */
  nameId?: string;
};

/**
 * The heart of a product, a shop, an article or a recipe (SPEC §3, §4). A toggle button: pressed while the
 * item is a favourite. It is a button of the page's one favourites form (FavouritesForm, docs/decisions/043):
 * before hydration and without JavaScript it posts to the resource route, which toggles the item it names and
 * comes back to this page; with JavaScript a fetcher posts it, the new state shows at once (the fetcher's
 * form) and the router then revalidates the root loader, so every heart of the item and the header badge
 * follow the server. A failure is a warning toast with the server's message
 * (SPEC §8) and the heart goes back. A guest gets the login popup, or without JavaScript the login page.
 */
export function FavouriteButton({
  type,
  id,
  name,
  variant = 'overlay',
  className,
  nameId,
}: FavouriteButtonProps) {
  const isSignedIn = useOptionalUser() !== null;
  const { openLogin } = useAuthDialogs();
  const fetcher = useFetcher<typeof favouritesAction>({ key: favouriteFetcherKey(type, id) });
  const saved = isSavedFavourite(useSavedFavourites(), type, id);
  const pending = pendingToggleOf(fetcher.formData);
  const isActive = isSignedIn && (pending ? pending.active : saved);
  // Hearts of one item share the fetcher and so its answer: a refusal is told once.
  useActionOutcome(fetcher);

  const isOverPicture = variant === 'overlay' || variant === 'card';
  return (
    <button
      // A form's button submits without a type: a grid's cards leave it out (dozens a page, ADR 044).
      type={variant === 'card' ? undefined : 'submit'}
      // The page's one favourites form (FAVOURITES_FORM_ID): its item as its own field when signed in.
      form={FAVOURITES_FORM_ID}
      name={isSignedIn ? type : undefined}
      value={isSignedIn ? id : undefined}
      aria-pressed={isActive}
      {...labelProps('favourite', name, nameId)}
      // Over a picture: the class's tooltip says it (app.css), not a title per card.
      title={isOverPicture ? undefined : isActive ? 'Убрать из избранного' : 'Добавить в избранное'}
      onPointerEnter={isSignedIn ? undefined : preloadLoginDialogs}
      onClick={(event) => {
        event.preventDefault();
        if (!isSignedIn) {
          openLogin();
          return;
        }
        // The fetcher posts what the heart will show once done, which it shows meanwhile.
        void fetcher.submit(toggleForm(type, id, !isActive), { method: 'post', action: FAVOURITES_ACTION });
      }}
      className={
        cx(
          // Over a picture: one component class (app.css, ADR 040); on a product card none (the card's).
          variant === 'card'
            ? undefined
            : variant === 'overlay'
              ? 'icon-btn tip-fav'
              : 'inline-flex shrink-0 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          variant === 'inline' &&
            'size-11 border border-line bg-white hover:border-brand-300 hover:bg-brand-50',
          variant === 'labelled' &&
            'h-11 gap-2 border border-line bg-white px-4 text-[15px] font-semibold text-ink hover:border-brand-300 hover:bg-brand-50',
          className,
        ) || undefined
      }
    >
      {/* Red and filled while pressed: the class reads aria-pressed (app.css). Over a picture the class
          draws it (.tip-fav), no markup per card. */}
      {isOverPicture ? null : <Icon name="heart" className="heart size-5" />}
      {variant === 'labelled' ? FAVOURITE_LABEL_PREFIX : null}
    </button>
  );
}
