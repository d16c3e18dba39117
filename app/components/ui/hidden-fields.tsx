import { formEntries } from '@core/contracts/form-fields';

/** Some of the fields of one of a form's posts (the others are the form's visible fields). */
type SomeFieldsOf<F> = F extends unknown ? Partial<F> : never;

/**
 * A plain form's fixed values as hidden fields, typed by the contract's form (ADR 042): `<HiddenFields<
 * AddressForm> values={{ intent: 'delete', id }} />` cannot name a field the contract does not have. For the
 * buttons that post one change (they work without JavaScript) and a small form's fixed part; a form with
 * fields to check uses `useContractForm`.
 */
export function HiddenFields<F>({ values }: { values: SomeFieldsOf<F> }) {
  return formEntries(values).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
}
