import { Link } from 'react-router';
import type { ContractField } from '~/components/ui/form-fields';
import { PRIVACY_POLICY_HREF } from './feedback-links';

/**
 * The consent checkbox (SPEC §2, §5: required) with the privacy policy's link beside it; a native checkbox, so
 * Space ticks it and the form posts 'on'. The link opens in a new tab so the popup's text is not lost.
 */
export function ConsentField({ field, id }: { field: ContractField & { id?: string }; id: string }) {
  const error = field.errors?.[0];
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={field.name}
          defaultChecked={field.initialValue === 'on'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 size-5 shrink-0 accent-brand-600"
        />
        <label htmlFor={id} className="text-sm leading-snug">
          Я согласен(а) на обработку персональных данных в соответствии с{' '}
          <Link
            to={PRIVACY_POLICY_HREF}
            target="_blank"
            rel="noopener"
            className="font-semibold text-brand-700 underline"
          >
            политикой конфиденциальности
          </Link>
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-berry">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The honeypot (ADR 045): a field people never see nor reach with the keyboard; a bot that fills every input
 * fills it, and its post is answered as a success and dropped. It goes last in its form: a popup that
 * focuses its first field must not land in it.
 */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Сайт
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
