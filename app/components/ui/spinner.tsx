import { cx } from '~/lib/cx';

export type SpinnerProps = {
  /** Pixel size of the circle. */
  size?: number;
  className?: string;
  /** When given, the spinner is announced (role="status"); otherwise it is decorative. */
  label?: string;
};

/** A round spinner in the brand colour. */
export function Spinner({ size = 40, className, label }: SpinnerProps) {
  const svg = (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      fill="none"
      aria-hidden="true"
      className={cx('motion-safe-spin animate-spin', className)}
    >
      <circle cx="24" cy="24" r="20" stroke="currentColor" strokeOpacity="0.18" strokeWidth="5" />
      <path d="M44 24a20 20 0 0 0-20-20" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status" aria-label={label} className="inline-flex text-brand-600">
      {svg}
    </span>
  );
}
