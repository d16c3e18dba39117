import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { type ButtonSize, type ButtonVariant, buttonStyles } from './button';

export type ButtonProps = Omit<AriaButtonProps, 'className'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
};

/**
 * A react-aria button (press events, focus ring via data-focus-visible) in the shared look (button.tsx). Its
 * own module, so what needs only the look does not load react-aria's press handling (ADR 044).
 */
export function Button({ variant, size, className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={buttonStyles({ variant, size, className })} />;
}
