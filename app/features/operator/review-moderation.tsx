import type { OperatorReview, OperatorReviewForm, OperatorReviewList } from '@core/contracts/reviews';
import { formatDate } from '@core/rules/date';
import { REVIEW_HIDE_REASON_MAX_LENGTH, REVIEW_REPLY_MAX_LENGTH } from '@core/rules/reviews';
import { Form, Link, useNavigation } from 'react-router';
import { Button } from '~/components/ui/aria-button';
import { FormTextField } from '~/components/ui/form-fields';
import { HiddenFields } from '~/components/ui/hidden-fields';
import { Pagination } from '~/components/ui/pagination';
import { cx } from '~/lib/cx';
import { REVIEW_FILTERS, type ReviewFilter, reviewsHref } from './operator-links';

/**
 * The console's reviews (ADR 045): the reviews of the operator's shops, newest first, each with its public
 * reply form, and hiding with a reason (or showing again). Plain forms to the page's action: they work
 * without JavaScript, and the page loads again after each.
 */
export function ReviewModeration({ list, filter }: { list: OperatorReviewList; filter: ReviewFilter }) {
  return (
    <section aria-labelledby="operator-reviews-title" className="flex flex-col gap-4">
      <h2 id="operator-reviews-title" className="sr-only">
        Отзывы о магазинах
      </h2>
      <nav aria-label="Какие отзывы показать">
        <ul className="flex flex-wrap gap-2">
          {REVIEW_FILTERS.map((item) => (
            <li key={item.key}>
              <Link
                to={reviewsHref(item.key)}
                aria-current={item.key === filter ? 'page' : undefined}
                className={cx(
                  'inline-flex rounded-full bg-white px-4 py-2 text-[15px] font-medium shadow-card',
                  'aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800',
                )}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.reviews.length === 0 ? (
        <p className="rounded-3xl bg-white p-6 text-[15px] shadow-card">Отзывов нет</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {list.reviews.map((review) => (
            <li key={review._id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={list.page}
        totalPages={list.pages}
        label="Страницы отзывов"
        hrefFor={(page) => reviewsHref(filter, page)}
      />
    </section>
  );
}

function ReviewCard({ review }: { review: OperatorReview }) {
  const navigation = useNavigation();
  const isBusy = navigation.state === 'submitting' && navigation.formData?.get('review') === review._id;
  return (
    <article
      aria-label={`Отзыв: ${review.author}, ${review.store.name}`}
      aria-busy={isBusy}
      className={cx('rounded-3xl bg-white p-5 shadow-card', review.hidden && 'opacity-80')}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-bold">{review.author}</h3>
        <span className="text-sm font-semibold text-ink">Оценка {review.rating} из 5</span>
        <span className="text-sm text-muted">
          {review.store.name}
          {review.product ? ` · ${review.product.name}` : ''} · {formatDate(review.created_at)}
        </span>
        {review.hidden ? (
          <span className="rounded-full bg-red-50 px-3 py-0.5 text-sm font-semibold text-berry">
            Скрыт: {review.hidden.reason}
          </span>
        ) : null}
      </header>
      <p className="mt-2 text-[15px] whitespace-pre-line break-words">{review.text}</p>
      {review.reply ? (
        <p className="mt-3 rounded-2xl bg-brand-50 p-3 text-[15px] whitespace-pre-line break-words">
          <span className="font-bold text-brand-800">Ответ магазина: </span>
          {review.reply.text}
        </p>
      ) : null}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Form method="post" className="flex flex-col gap-2">
          <HiddenFields<OperatorReviewForm> values={{ intent: 'reply', review: review._id }} />
          <FormTextField
            label={review.reply ? 'Изменить ответ' : 'Ответ магазина'}
            name="text"
            isMultiline
            maxLength={REVIEW_REPLY_MAX_LENGTH}
          />
          <Button type="submit" variant="secondary" size="sm" className="self-start">
            Ответить
          </Button>
        </Form>
        {review.hidden ? (
          <Form method="post" className="flex items-end">
            <HiddenFields<OperatorReviewForm> values={{ intent: 'show', review: review._id }} />
            <Button type="submit" variant="outline" size="sm">
              Показать снова
            </Button>
          </Form>
        ) : (
          <Form method="post" className="flex flex-col gap-2">
            <HiddenFields<OperatorReviewForm> values={{ intent: 'hide', review: review._id }} />
            <FormTextField label="Причина скрытия" name="reason" maxLength={REVIEW_HIDE_REASON_MAX_LENGTH} />
            <Button type="submit" variant="danger" size="sm" className="self-start">
              Скрыть отзыв
            </Button>
          </Form>
        )}
      </div>
    </article>
  );
}
