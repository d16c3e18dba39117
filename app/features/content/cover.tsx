import { Icon } from '~/components/ui/icon';
import { cx } from '~/lib/cx';

/** Covers of recipes and articles are 16:10 pictures (the seed draws them at 800×500). */
export const COVER_WIDTH = 800;
export const COVER_HEIGHT = 500;

export type CoverProps = {
  src: string | null;
  /** Empty for a picture beside its own title (cards); the title for a page's main picture. */
  alt: string;
  /** Above the fold: load at once (and first, with `priority`); otherwise only when scrolled near. */
  eager?: boolean;
  priority?: boolean;
  className?: string;
};

/** A cover picture with its size reserved (no layout shift), or a quiet placeholder when there is none. */
export function Cover({ src, alt, eager = false, priority = false, className }: CoverProps) {
  const box = cx('aspect-[16/10] w-full overflow-hidden bg-brand-50', className);
  if (!src) {
    return (
      <div className={cx(box, 'flex items-center justify-center text-brand-300')}>
        <Icon name="image-off" className="size-10" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={cx(box, 'h-auto object-cover')}
    />
  );
}
