import { getFormProps } from '@conform-to/react';
import { type OwnReview, REVIEW_REQUIRED_MESSAGE, REVIEW_SAVED_MESSAGE } from '@core/contracts/reviews';
import { REVIEW_TEXT_MAX_LENGTH } from '@core/rules/reviews';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/aria-button';
import { FormMessage, FormTextField } from '~/components/ui/form-fields';
import { Icon } from '~/components/ui/icon';
import { Modal } from '~/components/ui/modal';
import { useToast } from '~/components/ui/toast';
import { useContractForm } from '~/lib/contract-form';
import { cx } from '~/lib/cx';
import { REVIEW_FORM } from '~/lib/form-contracts';
import { useActionOutcome } from '~/lib/use-action-outcome';
import type { action as reviewsAction } from '~/routes/resources/reviews';
import { REVIEW_DIALOG_TITLE, REVIEWS_ACTION } from './review-links';

const STAR_WORDS = ['Ужасно', 'Плохо', 'Нормально', 'Хорошо', 'Отлично'];

/**
 * 'Оставить отзыв' (SPEC §2 Review: rating, text): five stars and the text, both required (SPEC §5: a post
 * without them is the toast 'Заполните обязательные поля'); the customer's own review fills it to be edited.
 */
export function ReviewDialog({
  isOpen,
  onOpenChange,
  store,
  review,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  store: { _id: string; name: string };
  review: OwnReview | null;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={REVIEW_DIALOG_TITLE}
      subtitle={store.name}
      size="md"
    >
      <ReviewForm store={store} review={review} onSaved={() => onOpenChange(false)} />
    </Modal>
  );
}

function ReviewForm({
  store,
  review,
  onSaved,
}: {
  store: { _id: string };
  review: OwnReview | null;
  onSaved: () => void;
}) {
  const toast = useToast();
  const saver = useFetcher<typeof reviewsAction>();
  const outcome = useActionOutcome(saver, { successToast: REVIEW_SAVED_MESSAGE, onSuccess: onSaved });
  const [rating, setRating] = useState<number | null>(review?.rating ?? null);
  const [form, fields] = useContractForm(REVIEW_FORM, {
    id: `review-${store._id}`,
    lastResult: outcome.lastResult,
    defaultValue: { intent: 'review', store: store._id, text: review?.text ?? '' },
    // SPEC §8: a review without its rating or text.
    onInvalid: () => toast.show({ type: 'warning', title: REVIEW_REQUIRED_MESSAGE }),
  });
  const ratingError = fields.rating.errors?.[0];

  return (
    <saver.Form
      method="post"
      action={REVIEWS_ACTION}
      {...getFormProps(form)}
      aria-busy={outcome.isPending}
      className="flex flex-col gap-5"
    >
      <input type="hidden" name={fields.intent.name} value="review" />
      <input type="hidden" name={fields.store.name} value={store._id} />
      {review?.hidden ? (
        <p className="rounded-xl bg-sun-soft px-4 py-3 text-[15px]">
          Отзыв скрыт магазином: {review.hidden.reason}
        </p>
      ) : null}
      <FormMessage errors={form.errors} />
      <fieldset aria-describedby={ratingError ? `${fields.rating.id}-error` : undefined}>
        <legend className="text-sm font-semibold text-ink">Оценка</legend>
        <div className="mt-2 flex items-center gap-1">
          {[1, 2, 3, 4, 5].map((star) => (
            <label key={star} className="group relative cursor-pointer rounded-lg p-1">
              <input
                type="radio"
                name={fields.rating.name}
                value={star}
                checked={rating === star}
                onChange={() => setRating(star)}
                aria-label={`${star} из 5 — ${STAR_WORDS[star - 1]}`}
                className="peer absolute inset-0 cursor-pointer opacity-0"
              />
              <Icon
                name="star"
                className={cx(
                  'size-8 rounded-md peer-focus-visible:ring-3 peer-focus-visible:ring-brand-300',
                  rating !== null && star <= rating ? 'fill-sun text-sun' : 'fill-none text-[#8a948e]',
                )}
              />
            </label>
          ))}
          <span className="ml-2 text-[15px] text-muted" aria-hidden="true">
            {rating ? STAR_WORDS[rating - 1] : ''}
          </span>
        </div>
        {ratingError ? (
          <p id={`${fields.rating.id}-error`} className="mt-1.5 text-sm font-medium text-berry">
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <FormTextField
        label="Отзыв"
        field={fields.text}
        isMultiline
        maxLength={REVIEW_TEXT_MAX_LENGTH}
        placeholder="Что понравилось, что нет"
        description={`До ${REVIEW_TEXT_MAX_LENGTH} символов`}
      />
      <Button type="submit" size="lg" className="w-full">
        {outcome.isPending ? 'Отправляем…' : review ? 'Сохранить отзыв' : 'Отправить отзыв'}
      </Button>
    </saver.Form>
  );
}
