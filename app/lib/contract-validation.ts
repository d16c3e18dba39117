/**
 * The browser's check of a form against its contract: Conform's reading of the form data with Zod, the same
 * `parseWithZod` the action reads the post with (app/lib/actions.server.ts `parseForm`). Loaded with the
 * form's contract when the form is first used (contract-form.ts), so a page's first load carries neither
 * Zod nor the contract (ADR 044, "The forms' contracts on first use").
 */
import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from '@core/contracts/z';

export type Validate = (formData: FormData) => Submission<unknown>;

export function validatorOf(schema: z.ZodType): Validate {
  return (formData) => parseWithZod(formData, { schema });
}
