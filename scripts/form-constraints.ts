/**
 * The text of app/lib/form-constraints.ts: each form contract's constraints (required, lengths, pattern) as
 * Conform's `getZodConstraint` works them out, written down so that a page renders its form's fields without
 * loading Zod (ADR 044, "The forms' contracts on first use").
 */
import { getZodConstraint } from '@conform-to/zod/v4';
import { FORM_SCHEMAS, type FormSchemaName } from '../app/lib/form-schemas';

/** Every form contract's constraints, by the contract's name. */
export function formConstraints(): Record<FormSchemaName, ReturnType<typeof getZodConstraint>> {
  const names = Object.keys(FORM_SCHEMAS) as FormSchemaName[];
  return Object.fromEntries(names.map((name) => [name, getZodConstraint(FORM_SCHEMAS[name])])) as Record<
    FormSchemaName,
    ReturnType<typeof getZodConstraint>
  >;
}

/** What form-constraints.ts calls a contract's constraints: LoginFormSchema's are LoginFormConstraints. */
export function constraintsName(name: FormSchemaName): string {
  return name.replace(/Schema$/, 'Constraints');
}

export function renderFormConstraints(): string {
  return `/**
 * Written by \`npm run build:form-constraints\` (scripts/form-constraints.ts) from the contracts in
 * app/lib/form-schemas.ts; do not edit. Each form's constraints as Conform's \`getZodConstraint\` works them
 * out, so a page renders its form's fields without loading Zod; form-constraints.test.ts fails when a
 * contract has changed and this file has not (ADR 044, "The forms' contracts on first use").
 */
import type { useForm } from '@conform-to/react';

/** A field's constraints, as Conform's \`useForm\` takes them. */
export type Constraints = NonNullable<Parameters<typeof useForm>[0]['constraint']>;

${Object.entries(formConstraints())
  .map(
    ([name, constraints]) =>
      `export const ${constraintsName(name as FormSchemaName)}: Constraints = ${JSON.stringify(constraints, null, 2)};`,
  )
  .join('\n\n')}
`;
}
