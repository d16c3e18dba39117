import { getFormProps } from '@conform-to/react';
import { SET_TITLE_MAX_LENGTH } from '@core/rules/favourites';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/aria-button';
import { FormMessage, FormTextField } from '~/components/ui/form-fields';
import { Modal } from '~/components/ui/modal';
import { useContractForm } from '~/lib/contract-form';
import { FAVOURITE_FORM } from '~/lib/form-contracts';
import { useActionOutcome } from '~/lib/use-action-outcome';
import type { action as favouritesAction } from '~/routes/resources/favourites';
import { CREATE_SET_LABEL, FAVOURITES_ACTION } from './favourite-routes';

export const RENAME_SET_TITLE = 'Переименовать набор';
export const SET_TITLE_FIELD_LABEL = 'Название набора';

export type SetTitleMode =
  /** A new set; with `product`, the product goes into it at once ('Добавить в набор' → 'Создать набор'). */
  | { kind: 'create'; product?: { _id: string; name: string } }
  | { kind: 'rename'; set: { _id: string; title: string } };

export type SetTitleDone = { title: string };

/**
 * The create/rename popup of a set (SPEC §2): one field, the title, required and at most 60 characters
 * (SPEC §5). The form posts to the resource route, where the API's contract checks it: its Russian messages
 * come back under the field; a limit of the whole ('Можно создать не больше 50 наборов') under the form.
 */
export function SetTitleDialog({
  isOpen,
  onOpenChange,
  mode,
  onDone,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  mode: SetTitleMode;
  /** Called once the server has the set under its title. */
  onDone: (done: SetTitleDone) => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={mode.kind === 'create' ? CREATE_SET_LABEL : RENAME_SET_TITLE}
      subtitle={
        mode.kind === 'create' && mode.product ? `Товар «${mode.product.name}» попадёт в него` : undefined
      }
      size="sm"
      autoFocusFirstInput
    >
      <SetTitleForm mode={mode} onDone={onDone} />
    </Modal>
  );
}

function SetTitleForm({ mode, onDone }: { mode: SetTitleMode; onDone: (done: SetTitleDone) => void }) {
  const fetcher = useFetcher<typeof favouritesAction>();
  // The contract's messages come back under the field; a limit of the whole under the form.
  const outcome = useActionOutcome(fetcher, {
    failureToast: false,
    onSuccess: (answer) => {
      if (answer.intent === 'create-set' || answer.intent === 'rename-set')
        onDone({ title: answer.set.title });
    },
  });
  const [form, fields] = useContractForm(FAVOURITE_FORM, {
    lastResult: outcome.lastResult,
    defaultValue: { title: mode.kind === 'rename' ? mode.set.title : '' },
  });

  return (
    <fetcher.Form
      method="post"
      action={FAVOURITES_ACTION}
      {...getFormProps(form)}
      aria-busy={outcome.isPending}
      className="flex flex-col gap-4"
    >
      <input
        type="hidden"
        name={fields.intent.name}
        value={mode.kind === 'create' ? 'create-set' : 'rename-set'}
      />
      {mode.kind === 'rename' ? <input type="hidden" name={fields.set.name} value={mode.set._id} /> : null}
      {mode.kind === 'create' && mode.product ? (
        <input type="hidden" name={fields.product.name} value={mode.product._id} />
      ) : null}
      <FormTextField
        label={SET_TITLE_FIELD_LABEL}
        field={fields.title}
        description={`Например, «На неделю»; до ${SET_TITLE_MAX_LENGTH} символов`}
        autoComplete="off"
      />
      <FormMessage errors={form.errors} />
      <Button type="submit" size="lg" className="w-full" isDisabled={outcome.isPending}>
        {mode.kind === 'create'
          ? outcome.isPending
            ? 'Создаём…'
            : 'Создать'
          : outcome.isPending
            ? 'Сохраняем…'
            : 'Сохранить'}
      </Button>
    </fetcher.Form>
  );
}
