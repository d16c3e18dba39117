import { formatPhoneInput } from '@core/rules/phone';
import type { ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import { cx } from '~/lib/cx';

const INPUT =
  'h-12 w-full rounded-xl border border-[#b9c3bc] bg-white px-4 text-[15px] text-ink outline-none transition-colors ' +
  'placeholder:text-[#6b756f] hover:border-brand-400 data-[focused]:border-brand-600 data-[focused]:ring-3 ' +
  'data-[focused]:ring-brand-100 data-[invalid]:border-berry data-[disabled]:bg-surface data-[disabled]:text-muted';

export type FormTextFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's message; the field is marked invalid while it is set. */
  error?: string;
  /** A hint under the field, e.g. 'Для уведомлений'. */
  description?: ReactNode;
  type?: 'text' | 'tel' | 'email';
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  isDisabled?: boolean;
  className?: string;
};

/** A labelled input over react-aria's TextField: the label, hint and error are tied to it for screen readers. */
export function FormTextField({
  label,
  name,
  value,
  onChange,
  error,
  description,
  type = 'text',
  inputMode,
  autoComplete,
  placeholder,
  maxLength,
  isDisabled,
  className,
}: FormTextFieldProps) {
  return (
    <TextField
      name={name}
      type={type}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
      validationBehavior="aria"
      inputMode={inputMode}
      autoComplete={autoComplete}
      maxLength={maxLength}
      className={cx('flex flex-col gap-1.5', className)}
    >
      <Label className="text-sm font-semibold text-ink">{label}</Label>
      <Input placeholder={placeholder} className={INPUT} />
      {description ? (
        <Text slot="description" className="text-sm text-muted">
          {description}
        </Text>
      ) : null}
      <FieldError className="text-sm font-medium text-berry">{error}</FieldError>
    </TextField>
  );
}

/** The phone field with the +7 (xxx) xxx-xx-xx mask (SPEC §5). */
export function PhoneField(
  props: Omit<FormTextFieldProps, 'type' | 'inputMode' | 'placeholder' | 'maxLength'>,
) {
  return (
    <FormTextField
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete={props.autoComplete ?? 'tel'}
      placeholder="+7 (___) ___-__-__"
      maxLength={18}
      onChange={(value) => props.onChange(formatPhoneInput(value))}
    />
  );
}

/** The first message per field of a failed contract check, by field name. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
