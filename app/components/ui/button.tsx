import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from '~/lib/cx';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'sun' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

/**
 * The look lives in app.css as component classes (`.btn`, `.btn-<variant>`, `.btn-<size>`; ADR 040): a button
 * repeated on every card costs a few class names, not three hundred bytes of utilities. A `className` beside
 * them wins, as utilities come after components. The react-aria button in this look is aria-button.tsx: pages
 * that only need the look (links, native buttons) carry no react-aria (ADR 044).
 */

/** Class names of the shared button look, for links and native buttons that need to look alike. */
export function buttonStyles({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string | undefined;
} = {}): string {
  return cx('btn', `btn-${variant}`, `btn-${size}`, className);
}

export type LinkButtonProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize };

/** A router link that looks like a button (e.g. 'В каталог'). */
export function LinkButton({ variant, size, className, ...props }: LinkButtonProps) {
  return (
    <Link
      prefetch="intent"
      {...props}
      className={buttonStyles({
        variant,
        size,
        className: typeof className === 'string' ? className : undefined,
      })}
    />
  );
}

export type ExternalLinkButtonProps = ComponentProps<'a'> & { variant?: ButtonVariant; size?: ButtonSize };

/** A link to another site in the button look; opens in a new tab. */
export function ExternalLinkButton({ variant, size, className, ...props }: ExternalLinkButtonProps) {
  return (
    <a
      target="_blank"
      rel="noopener noreferrer"
      {...props}
      className={buttonStyles({ variant, size, className })}
    />
  );
}
