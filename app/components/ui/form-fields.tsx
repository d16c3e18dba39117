import { formatPhoneInput } from '@core/rules/phone';
import { type ChangeEvent, type ReactNode, useId } from 'react';
import { cx } from '~/lib/cx';

const INPUT =
  'h-12 w-full rounded-xl border border-[#b9c3bc] bg-white px-4 text-[15px] text-ink outline-none transition-colors ' +
  'placeholder:text-[#6b756f] hover:border-brand-400 focus:border-brand-600 focus:ring-3 ' +
  'focus:ring-brand-100 aria-invalid:border-berry disabled:bg-surface disabled:text-muted';

/**
 * What a field takes from its form (Conform's field metadata, app/lib/contract-form.ts): the contract's
 * name, the value posted last (a page rendered again after a refusal), its message and whether it is required.
 */
export type ContractField = {
  name: string;
  initialValue?: unknown;
  errors?: readonly string[] | undefined;
  required?: boolean;
  maxLength?: number;
};

export type FormTextFieldProps = {
  label: string;
  /** The form's field: its name, posted value, message and constraints come from the contract. */
  field?: ContractField;
  /** A name of its own, for a field that is not the contract's (or has no form). */
  name?: string;
  /** Controlled: the value shown (a mask, a filter); otherwise the field keeps what is typed. */
  value?: string;
  onChange?: (value: string) => void;
  /** The field's message; the field is marked invalid while it is set. Default: the form's. */
  error?: string;
  /** A hint under the field, e.g. 'Для уведомлений'. */
  description?: ReactNode;
  type?: 'text' | 'tel' | 'email';
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  isDisabled?: boolean;
  /** Several lines (a message). */
  isMultiline?: boolean;
  className?: string;
};

/** The value a field of the form starts with: what was posted last, as text. */
export function initialText(field: ContractField | undefined): string | undefined {
  return typeof field?.initialValue === 'string' ? field.initialValue : undefined;
}

/**
 * A labelled input: the label, hint and message tied to it for screen readers (`for`, `aria-describedby`),
 * invalid while it has a message, required as the contract says (`aria-required`: the contract's messages,
 * not the browser's, say what is missing). Native elements: it was react-aria's TextField, whose hooks were
 * 13 KB of the first load of every page with a form (ADR 044).
 */
export function FormTextField({
  label,
  field,
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
  isMultiline,
  className,
}: FormTextFieldProps) {
  const id = useId();
  const message = error ?? field?.errors?.[0];
  const descriptionId = `${id}-description`;
  const messageId = `${id}-message`;
  const described = [description ? descriptionId : '', message ? messageId : ''].filter(Boolean).join(' ');
  const control = {
    id,
    name: name ?? field?.name,
    ...(value === undefined ? { defaultValue: initialText(field) ?? '' } : { value }),
    onChange: onChange
      ? (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value)
      : undefined,
    'aria-invalid': message ? true : undefined,
    'aria-required': field?.required || undefined,
    'aria-describedby': described || undefined,
    disabled: isDisabled,
    inputMode,
    autoComplete,
    maxLength: maxLength ?? field?.maxLength,
    placeholder,
  };
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {isMultiline ? (
        <textarea {...control} className={cx(INPUT, 'h-28 py-3')} />
      ) : (
        <input {...control} type={type} className={INPUT} />
      )}
      {description ? (
        <p id={descriptionId} className="text-sm text-muted">
          {description}
        </p>
      ) : null}
      {message ? (
        <p id={messageId} className="text-sm font-medium text-berry">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The phone field with the +7 (xxx) xxx-xx-xx mask (SPEC §5). */
export function PhoneField(
  props: Omit<FormTextFieldProps, 'type' | 'inputMode' | 'placeholder' | 'maxLength' | 'value'> & {
    value: string;
  },
) {
  return (
    <FormTextField
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete={props.autoComplete ?? 'tel'}
      placeholder="+7 (___) ___-__-__"
      maxLength={18}
      onChange={(value) => props.onChange?.(formatPhoneInput(value))}
    />
  );
}

/** The form's own message (a refusal that names no field), for screen readers at once. */
export function FormMessage({ errors }: { errors: readonly string[] | undefined }) {
  const message = errors?.[0];
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-[15px] font-medium text-berry">
      {message}
    </p>
  );
}
