import { describe, expect, it } from 'vitest';
import * as committed from '../app/lib/form-constraints';
import type { FormSchemaName } from '../app/lib/form-schemas';
import { constraintsName, formConstraints } from './form-constraints';

describe('the forms’ constraints (app/lib/form-constraints.ts)', () => {
  it('are what the contracts say now: after changing a form’s contract, run `npm run build:form-constraints`', () => {
    const expected = Object.fromEntries(
      Object.entries(formConstraints()).map(([name, constraints]) => [
        constraintsName(name as FormSchemaName),
        constraints,
      ]),
    );
    expect({ ...committed }).toEqual(expected);
  });

  it('name each form’s fields, with what the contract requires', () => {
    // The login form is two forms in one contract (the code's request, then the login): the phone is in both.
    expect(committed.LoginFormConstraints).toMatchObject({
      intent: { required: true },
      phone: { required: true },
      name: { required: false },
    });
    expect(committed.ChatFormConstraints.text).toEqual({ required: false });
  });
});
