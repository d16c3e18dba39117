import type { ReviewForm } from '@core/contracts/reviews';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { useActionOutcome } from '~/lib/use-action-outcome';
import type { action as reviewsAction } from '~/routes/resources/reviews';
import { LazyReviewDialog, preloadReviewDialog } from './lazy-review-dialog';
import { REVIEW_DIALOG_TITLE, REVIEWS_ACTION } from './review-links';

/**
 * A done order's 'Оцените магазин' (issue 24): asked until the customer reviews the shop or says 'Не сейчас'
 * (the server remembers either, so it is asked once). The popup stays mounted while the page's data reloads
 * after the review, so its success toast and closing are not lost when the question goes.
 */
export function ReviewPrompt({ isAsked, store }: { isAsked: boolean; store: { _id: string; name: string } }) {
  const [isOpen, setOpen] = useState(false);
  const dismisser = useFetcher<typeof reviewsAction>();
  useActionOutcome(dismisser);
  const isDismissing = dismisser.state !== 'idle';
  return (
    <>
      {isAsked && !isDismissing ? (
        <section
          aria-labelledby="review-prompt-title"
          className="flex flex-wrap items-center gap-4 rounded-3xl bg-sun-soft p-5 sm:p-6"
        >
          <Icon name="star" className="size-8 fill-sun text-sun" />
          <div className="min-w-0 flex-1">
            <h2 id="review-prompt-title" className="text-lg font-bold">
              Оцените магазин
            </h2>
            <p className="text-[15px]">
              Как вам заказ в магазине «{store.name}»? Ваш отзыв поможет другим покупателям.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => setOpen(true)}
              onPointerEnter={preloadReviewDialog}
              onFocus={preloadReviewDialog}
              className={buttonStyles()}
            >
              {REVIEW_DIALOG_TITLE}
            </button>
            <button
              type="button"
              onClick={() =>
                void dismisser.submit({ intent: 'dismiss', store: store._id } satisfies ReviewForm, {
                  method: 'post',
                  action: REVIEWS_ACTION,
                })
              }
              className={buttonStyles({ variant: 'ghost' })}
            >
              Не сейчас
            </button>
          </div>
        </section>
      ) : null}
      <LazyReviewDialog isOpen={isOpen} onOpenChange={setOpen} store={store} review={null} />
    </>
  );
}
