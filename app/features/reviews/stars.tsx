import { ratingLabel } from '@core/rules/reviews';
import { Icon } from '~/components/ui/icon';
import { cx } from '~/lib/cx';

/** A rating as five stars, named for screen readers ('Оценка 4 из 5'). */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={ratingLabel(rating)} className={cx('inline-flex gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Icon
          key={star}
          name="star"
          className={cx(
            'size-4',
            star <= Math.round(rating) ? 'fill-sun text-sun' : 'fill-none text-[#b9c3bc]',
          )}
        />
      ))}
    </span>
  );
}
