// @vitest-environment happy-dom
/**
 * A contract form whose check loads on first use (ADR 044, "The forms' contracts on first use"): the fields
 * render from the written-down constraints without loading anything, the check loads as the form is reached
 * for, a submit made before it is here is held and then checked, and a check that cannot load leaves the
 * post to the action.
 */
import { getFormProps } from '@conform-to/react';
import { z } from '@core/contracts/z';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormTextField } from '~/components/ui/form-fields';
import { screen } from '../../tests/setup/screen';
import { type FormContract, formContract, useContractForm } from './contract-form';

afterEach(cleanup);

const NameSchema = z.object({ name: z.string({ error: 'Укажите имя' }).trim().min(1, 'Укажите имя') });
type NameContract = FormContract<typeof NameSchema>;

/** A contract whose load the test answers: `loads` counts the calls, `answer` settles them. */
function controlledContract() {
  let settle: { resolve: (schema: typeof NameSchema) => void; reject: (error: Error) => void } | undefined;
  const state = { loads: 0 };
  const contract: NameContract = formContract<typeof NameSchema>({ name: { required: true } }, () => {
    state.loads += 1;
    return new Promise((resolve, reject) => {
      settle = { resolve, reject };
    });
  });
  return {
    contract,
    state,
    async answer(outcome: 'schema' | 'failure') {
      await act(async () => {
        if (outcome === 'schema') settle?.resolve(NameSchema);
        else settle?.reject(new Error('offline'));
        // The check's module, then the held submit made again.
        for (let tick = 0; tick < 20; tick += 1) await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
  };
}

function NameForm({
  contract,
  posted,
  refused,
}: {
  contract: NameContract;
  posted: string[];
  refused: number[];
}) {
  const [form, fields] = useContractForm(contract, {
    onInvalid: () => refused.push(1),
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      posted.push(String(formData.get(fields.name.name)));
    },
  });
  return (
    <form method="post" {...getFormProps(form)}>
      <FormTextField label="Имя" field={fields.name} />
      <button type="submit">Отправить</button>
    </form>
  );
}

const nameField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Имя' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));

describe('a contract form that loads its check on first use', () => {
  it('renders its fields from the constraints alone, and loads the check once when reached for', () => {
    const { contract, state } = controlledContract();
    render(<NameForm contract={contract} posted={[]} refused={[]} />);
    expect(nameField().getAttribute('aria-required')).toBe('true');
    expect(state.loads).toBe(0);

    fireEvent.pointerOver(nameField());
    fireEvent.focusIn(nameField());
    expect(state.loads).toBe(1);
  });

  it('holds a submit made before the check is here, then refuses an empty form in the browser', async () => {
    const { contract, answer } = controlledContract();
    const posted: string[] = [];
    const refused: number[] = [];
    render(<NameForm contract={contract} posted={posted} refused={refused} />);
    submit();
    expect(posted).toEqual([]);
    expect(screen.queryByText('Укажите имя')).toBeNull();

    await answer('schema');
    expect(posted).toEqual([]);
    expect(refused).toEqual([1]);
    expect(screen.getByText('Укажите имя')).toBeTruthy();
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
  });

  it('sends a valid form held that way once the check is here, once', async () => {
    const { contract, answer } = controlledContract();
    const posted: string[] = [];
    render(<NameForm contract={contract} posted={posted} refused={[]} />);
    fireEvent.change(nameField(), { target: { value: 'Аня' } });
    submit();
    expect(posted).toEqual([]);

    await answer('schema');
    expect(posted).toEqual(['Аня']);
  });

  it('sends a form pressed twice before the check is here once', async () => {
    const { contract, answer } = controlledContract();
    const posted: string[] = [];
    render(<NameForm contract={contract} posted={posted} refused={[]} />);
    fireEvent.change(nameField(), { target: { value: 'Аня' } });
    submit();
    submit();
    await answer('schema');
    expect(posted).toEqual(['Аня']);
  });

  it('leaves the check to the action when it cannot load: the form is sent as it is', async () => {
    const { contract, answer } = controlledContract();
    const posted: string[] = [];
    const refused: number[] = [];
    render(<NameForm contract={contract} posted={posted} refused={refused} />);
    submit();
    await answer('failure');
    expect(posted).toEqual(['']);
    expect(refused).toEqual([]);
  });
});
