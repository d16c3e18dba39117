/**
 * A form whose field names, constraints and errors come from its contract in core/contracts (ADR 042):
 * Conform's `useForm` with the contract's constraints, the same `parseWithZod` the action reads the post with
 * (app/lib/actions.server.ts `parseForm`), and the action's refusal as `lastResult`. Without JavaScript the
 * form posts itself and the page rendered with the action's answer shows the same errors and values.
 *
 * The contract and Zod load when the form is first used (the pointer over it or the focus in it), not with
 * the page: they are about 40 KB of a page's first load (ADR 044, "The forms' contracts on first use"). The
 * fields render from the constraints written down in form-constraints.ts. A submit that comes before they are
 * here is held until they are, then checked and sent as any other.
 */
import { type DefaultValue, parse, type Submission, type SubmissionResult, useForm } from '@conform-to/react';
import { formEntries } from '@core/contracts/form-fields';
import type { z } from '@core/contracts/z';
import { type FormEvent, useEffect } from 'react';
import type { Validate } from './contract-validation';
import type { Constraints } from './form-constraints';

// biome-ignore lint/suspicious/noExplicitAny: Conform's own bound for a form's shape.
type FormShape = Record<string, any>;

/** A form's contract as its page holds it: the fields' constraints, and the contract itself when asked for. */
export type FormContract<S extends z.ZodType<FormShape, FormShape>> = {
  constraint: Constraints;
  load: () => Promise<S>;
};

/**
 * A form's contract: its constraints from form-constraints.ts and a dynamic import of the contract, e.g.
 * `formContract(LoginFormConstraints, async () => (await import('@core/contracts/identity')).LoginFormSchema)`.
 */
export function formContract<S extends z.ZodType<FormShape, FormShape>>(
  constraint: Constraints,
  load: () => Promise<S>,
): FormContract<S> {
  return { constraint, load };
}

// biome-ignore lint/suspicious/noExplicitAny: a cache of every form's contract, whatever its shape.
type AnyContract = FormContract<any>;
const loaded = new WeakMap<AnyContract, Validate>();
const loading = new WeakMap<AnyContract, Promise<Validate>>();
/** Forms with a submit held until their check is here (contract-form's onValidate). */
const held = new WeakSet<HTMLFormElement>();

/**
 * Loads a contract's check once (a failed load, e.g. offline, is tried again on the next use). A form starts
 * it when it is reached for; whoever knows a form is coming may start it sooner.
 */
export function loadContractCheck(contract: AnyContract): Promise<Validate> {
  let check = loading.get(contract);
  if (!check) {
    check = Promise.all([import('./contract-validation'), contract.load()]).then(([module, schema]) => {
      const validate = module.validatorOf(schema);
      loaded.set(contract, validate);
      return validate;
    });
    check.catch(() => loading.delete(contract));
    loading.set(contract, check);
  }
  return check;
}

export type ContractFormOptions<S extends z.ZodType<FormShape, FormShape>> = {
  /** The form's id: a stable one when the page renders several of the kind. */
  id?: string;
  /** The action's refusal (`useActionOutcome(fetcher).lastResult`, or a page's `failureOf(actionData)?.result`). */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.output<S>>;
  /**
   * Called with the form's data once it passes the contract; a fetcher's form may post it itself
   * (`event.preventDefault()`, then `fetcher.submit(formData, …)`) to add what is not a field.
   */
  onSubmit?: (event: FormEvent<HTMLFormElement>, context: { formData: FormData }) => void;
  /** A submit the contract refused in the browser (nothing was posted): e.g. SPEC §8's toast. */
  onInvalid?: () => void;
};

/**
 * Conform's `useForm` over a contract: validated on submit, then again as the customer corrects it. The
 * fields are the contract's output shape (a field read through a preprocess has no input shape to name).
 */
export function useContractForm<S extends z.ZodType<FormShape, FormShape>>(
  contract: FormContract<S>,
  { id, lastResult, defaultValue, onSubmit, onInvalid }: ContractFormOptions<S> = {},
) {
  const [form, fields] = useForm<z.output<S>, z.output<S>>({
    id,
    lastResult,
    defaultValue,
    constraint: contract.constraint,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ form: element, formData, submitter }) => {
      const validate = loaded.get(contract);
      if (validate) {
        const submission = validate(formData) as Submission<z.output<S>>;
        // 'error' is a submit's refusal; a check while typing has no status.
        if (submission.status === 'error' && submission.error !== null) onInvalid?.();
        return submission;
      }
      // The check is not here yet. A check while typing waits for the next keystroke. A submit is held (an
      // error without messages stops it, and shows nothing) and made again once the check is here, once
      // however often it was pressed meanwhile; if the check cannot load, the form is sent unchecked: the
      // action checks every post anyway.
      return parse(formData, {
        resolve: (_payload, intent) => {
          if (intent) return { error: null };
          if (held.has(element)) return { error: {} };
          held.add(element);
          const again = () => {
            held.delete(element);
            if (element.isConnected) element.requestSubmit(submitter ?? undefined);
          };
          loadContractCheck(contract).then(again, () => {
            loaded.set(contract, unchecked);
            again();
          });
          return { error: {} };
        },
      });
    },
    onSubmit: onSubmit ? (event, { formData }) => onSubmit(event, { formData }) : undefined,
  });

  // The check loads as the customer reaches for the form, so it is here by the time they submit.
  useEffect(() => {
    const element = document.getElementById(form.id);
    if (!element || loaded.has(contract)) return;
    const start = () => void loadContractCheck(contract).catch(() => undefined);
    element.addEventListener('focusin', start, { once: true });
    element.addEventListener('pointerover', start, { once: true });
    return () => {
      element.removeEventListener('focusin', start);
      element.removeEventListener('pointerover', start);
    };
  }, [form.id, contract]);

  return [form, fields] as const;
}

/** The check of a contract that could not load: no messages in the browser, so the post goes to the action. */
const unchecked: Validate = (formData) => parse(formData, { resolve: () => ({ error: null }) });

/**
 * Adds a value that is no field of the page (what the device kept: a pending address, a guest basket) to a
 * form's data under its contract path, as Conform names nested fields: `address.coordinates.longitude`.
 */
export function appendValue(formData: FormData, name: string, value: unknown): void {
  for (const [key, text] of formEntries(value, name)) formData.append(key, text);
}
