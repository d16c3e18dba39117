/**
 * A form whose field names, constraints and errors come from its contract in core/contracts (ADR 042):
 * Conform's `useForm` with the schema's constraints, the same `parseWithZod` the action reads the post with
 * (app/lib/actions.server.ts `parseForm`), and the action's refusal as `lastResult`. Without JavaScript the
 * form posts itself and the page rendered with the action's answer shows the same errors and values.
 */
import { type DefaultValue, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { formEntries } from '@core/contracts/form-fields';
import type { z } from '@core/contracts/z';
import type { FormEvent } from 'react';

type Constraints = ReturnType<typeof getZodConstraint>;
const constraints = new WeakMap<object, Constraints>();

/** The schema's constraints (required, lengths), worked out once per schema. */
function constraintOf(schema: z.ZodType): Constraints {
  let found = constraints.get(schema);
  if (!found) {
    found = getZodConstraint(schema);
    constraints.set(schema, found);
  }
  return found;
}

// biome-ignore lint/suspicious/noExplicitAny: Conform's own bound for a form's shape.
type FormShape = Record<string, any>;

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
  schema: S,
  { id, lastResult, defaultValue, onSubmit, onInvalid }: ContractFormOptions<S> = {},
) {
  return useForm<z.output<S>, z.output<S>>({
    id,
    lastResult,
    defaultValue,
    constraint: constraintOf(schema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => {
      const submission = parseWithZod(formData, { schema });
      // 'error' is a submit's refusal; a check while typing has no status.
      if (submission.status === 'error') onInvalid?.();
      return submission;
    },
    onSubmit: onSubmit ? (event, { formData }) => onSubmit(event, { formData }) : undefined,
  });
}

/**
 * Adds a value that is no field of the page (what the device kept: a pending address, a guest basket) to a
 * form's data under its contract path, as Conform names nested fields: `address.coordinates.longitude`.
 */
export function appendValue(formData: FormData, name: string, value: unknown): void {
  for (const [key, text] of formEntries(value, name)) formData.append(key, text);
}
