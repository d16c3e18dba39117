import type { OwnReview } from '@core/contracts/reviews';
import { useEffect } from 'react';
import { onFirstUse, useFirstUse } from '~/lib/on-first-use';

/** The popup's code (its form, Conform and the contract) comes on first use: most visitors only read (ADR 044). */
const reviewDialog = onFirstUse(() => import('./review-dialog'));

/** Starts loading the popup (a hover or focus on its button). */
export const preloadReviewDialog = (): void => void reviewDialog.load().catch(() => {});

/**
 * 'Оставить отзыв' loaded when first opened: `isOpen` asks for it, and it shows as soon as it is here. The
 * caller keeps `isOpen`.
 */
export function LazyReviewDialog(props: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  store: { _id: string; name: string };
  review: OwnReview | null;
}) {
  const [module, request] = useFirstUse(reviewDialog);
  const { isOpen } = props;
  useEffect(() => {
    if (isOpen) request();
  }, [isOpen, request]);
  return module ? <module.ReviewDialog {...props} /> : null;
}
