import { cx } from '~/lib/cx';
import { Icon, type IconName } from './icon';

const TONES = { surface: 'bg-surface', white: 'bg-white', none: '' } as const;

export type ThumbProps = {
  /** The picture's address; without one the placeholder is shown. */
  src: string | null | undefined;
  /** Its width and height in CSS pixels: the attributes reserve the box before the picture loads. */
  size: number;
  /** The box's size and rounding, e.g. 'size-14 rounded-xl' (the same for the picture and its placeholder). */
  className: string;
  /** Without a picture: an empty box of the same size (default), the box with an icon, or nothing at all. */
  placeholder?: 'box' | 'none' | IconName;
  /** The box's background, seen while the picture loads and behind a transparent one. */
  tone?: keyof typeof TONES;
  /** '' (default): a picture beside the name it shows; a description when the picture says more. */
  alt?: string;
  /** 'lazy' (default) until scrolled near; 'eager' above the fold or for what was just chosen. */
  loading?: 'lazy' | 'eager';
};

/**
 * A small square picture of a product, a store or a category, or its placeholder: the one image-or-placeholder
 * block of lists, cards and dialogs.
 */
export function Thumb({
  src,
  size,
  className,
  placeholder = 'box',
  tone = 'surface',
  alt = '',
  loading = 'lazy',
}: ThumbProps) {
  const box = cx('shrink-0', TONES[tone], className);
  if (src) {
    return (
      <img
        src={src}
        alt={alt}
        width={size}
        height={size}
        loading={loading}
        decoding="async"
        className={cx(box, 'object-cover')}
      />
    );
  }
  if (placeholder === 'none') return null;
  return (
    <span aria-hidden="true" className={cx(box, 'inline-flex items-center justify-center text-brand-600')}>
      {placeholder === 'box' ? null : <Icon name={placeholder} className="size-[40%]" />}
    </span>
  );
}
