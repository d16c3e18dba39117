import type { MyReview, ReviewList } from '@core/contracts/reviews';
import { formatDate } from '@core/rules/date';
import { formatCount, type PluralForms } from '@core/rules/plural';
import { STARS, shareOf } from '@core/rules/reviews';
import { useState } from 'react';
import { buttonStyles } from '~/components/ui/button';
import { Pagination } from '~/components/ui/pagination';
import { LoginButton } from '~/features/auth/login-button';
import { useOptionalUser } from '~/features/auth/user';
import { LazyReviewDialog, preloadReviewDialog } from './lazy-review-dialog';
import { REVIEW_DIALOG_TITLE, REVIEWS_ANCHOR } from './review-links';
import { Stars } from './stars';

const REVIEWS_FORMS: PluralForms = ['отзыв', 'отзыва', 'отзывов'];

/**
 * The shop page's reviews (issue 24): the rating (average, count, distribution 1–5), 'Оставить отзыв' (a
 * guest gets the login popup; a customer without a done order of the shop is told why not) and the visible
 * reviews, newest first, in pages. Review text is plain text: a link in it is not made clickable.
 */
export function StoreReviews({
  store,
  list,
  mine,
  pageHref,
}: {
  store: { _id: string; name: string };
  list: ReviewList;
  mine: MyReview | null;
  pageHref: (page: number) => string;
}) {
  const { summary } = list;
  return (
    <section id={REVIEWS_ANCHOR} aria-labelledby="reviews-title" className="mt-12 scroll-mt-24">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-title" className="text-2xl font-extrabold tracking-tight">
          Отзывы о магазине
        </h2>
        <ReviewAction store={store} mine={mine} />
      </div>
      <div className="mt-5 grid gap-6 lg:grid-cols-[320px_1fr]">
        <div className="self-start rounded-3xl bg-white p-6 shadow-card">
          <p className="flex items-baseline gap-2">
            <span className="text-5xl font-extrabold tabular-nums">{summary.rating.toFixed(1)}</span>
            <span className="text-[15px] text-muted">из 5</span>
          </p>
          <Stars rating={summary.rating} className="mt-2" />
          <p className="mt-2 text-[15px] text-muted">
            {summary.count > 0 ? formatCount(summary.count, REVIEWS_FORMS) : 'Пока нет отзывов'}
          </p>
          <ul aria-label="Распределение оценок" className="mt-4 flex flex-col gap-2">
            {STARS.map((star) => (
              <li key={star} className="flex items-center gap-3 text-sm">
                <span className="w-3 tabular-nums">{star}</span>
                <span className="sr-only">{` звёзд: ${summary.distribution[star]}`}</span>
                <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-surface">
                  <span
                    className="block h-full rounded-full bg-sun"
                    style={{ width: `${shareOf(summary.distribution, star)}%` }}
                  />
                </span>
                <span aria-hidden="true" className="w-8 text-right tabular-nums text-muted">
                  {summary.distribution[star]}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          {list.reviews.length === 0 ? (
            <p className="rounded-3xl bg-white p-6 text-[15px] shadow-card">
              Отзывов пока нет. Купите в магазине и расскажите, как всё прошло.
            </p>
          ) : (
            <ol className="flex flex-col gap-4">
              {list.reviews.map((review) => (
                <li key={review._id}>
                  <article
                    className="rounded-3xl bg-white p-5 shadow-card"
                    aria-label={`Отзыв: ${review.author}`}
                  >
                    <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <h3 className="font-bold">{review.author}</h3>
                      <Stars rating={review.rating} />
                      <time dateTime={review.created_at} className="text-sm text-muted">
                        {formatDate(review.created_at)}
                      </time>
                    </header>
                    <p className="mt-2 text-[15px] leading-relaxed whitespace-pre-line break-words">
                      {review.text}
                    </p>
                    {review.reply ? (
                      <div className="mt-3 rounded-2xl bg-brand-50 p-4">
                        <p className="text-sm font-bold text-brand-800">Ответ магазина</p>
                        <p className="mt-1 text-[15px] whitespace-pre-line break-words">
                          {review.reply.text}
                        </p>
                      </div>
                    ) : null}
                  </article>
                </li>
              ))}
            </ol>
          )}
          <Pagination page={list.page} totalPages={list.pages} label="Страницы отзывов" hrefFor={pageHref} />
        </div>
      </div>
    </section>
  );
}

/** 'Оставить отзыв': the popup for a customer who bought here, the login popup for a guest. */
function ReviewAction({ store, mine }: { store: { _id: string; name: string }; mine: MyReview | null }) {
  const user = useOptionalUser();
  const [isOpen, setOpen] = useState(false);
  if (!user) {
    return (
      <LoginButton className={buttonStyles({ variant: 'secondary' })}>{REVIEW_DIALOG_TITLE}</LoginButton>
    );
  }
  if (!mine?.can_review && !mine?.review) {
    return (
      <p className="max-w-sm text-sm text-muted">
        Оставить отзыв можно после выполненного заказа в этом магазине
      </p>
    );
  }
  return (
    <>
      {/* A plain button: react-aria's would add three files to every shop page's first load (ADR 040). */}
      <button
        type="button"
        aria-haspopup="dialog"
        className={buttonStyles({ variant: 'secondary' })}
        onClick={() => setOpen(true)}
        onPointerEnter={preloadReviewDialog}
        onFocus={preloadReviewDialog}
      >
        {mine.review ? 'Изменить отзыв' : REVIEW_DIALOG_TITLE}
      </button>
      <LazyReviewDialog isOpen={isOpen} onOpenChange={setOpen} store={store} review={mine.review} />
    </>
  );
}
