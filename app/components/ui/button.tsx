import type { ComponentProps } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Link, type LinkProps } from 'react-router';
import { cx } from '~/lib/cx';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'sun' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const BASE =
  'inline-flex select-none items-center justify-center gap-2 whitespace-nowrap rounded-xl font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-50 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 active:bg-brand-800 data-[pressed]:bg-brand-800',
  secondary: 'bg-brand-100 text-brand-800 hover:bg-brand-200 active:bg-brand-200 data-[pressed]:bg-brand-200',
  outline:
    'border border-line bg-white text-ink hover:border-brand-300 hover:bg-brand-50 data-[pressed]:bg-brand-100',
  ghost: 'text-ink hover:bg-brand-50 data-[pressed]:bg-brand-100',
  sun: 'bg-sun text-ink hover:bg-[#ffcb0f] data-[pressed]:bg-[#f5c000]',
  /** Cannot be taken back (a confirmation's yes to cancelling or deleting). */
  danger: 'bg-berry text-white hover:bg-red-700 active:bg-red-800 data-[pressed]:bg-red-800',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-[15px]',
  lg: 'h-13 px-7 text-base',
  icon: 'size-11',
};

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
  return cx(BASE, VARIANTS[variant], SIZES[size], className);
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
