import type { ComponentProps } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Link, type LinkProps } from 'react-router';
import { cx } from '~/lib/cx';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'sun' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

/**
 * The look lives in app.css as component classes (`.btn`, `.btn-<variant>`, `.btn-<size>`; ADR 040): a button
 * repeated on every card costs a few class names, not three hundred bytes of utilities. A `className` beside
 * them wins, as utilities come after components.
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

export type ButtonProps = Omit<AriaButtonProps, 'className'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
};

/** A react-aria button (press events, focus ring via data-focus-visible) in the shared look. */
export function Button({ variant, size, className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={buttonStyles({ variant, size, className })} />;
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
