import { SET_TITLE_MAX_LENGTH } from '@core/rules/favourites';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { FormTextField } from '~/features/auth/form-fields';
import type { action as favouritesAction } from '~/routes/resources/favourites';
import { FAVOURITE_FIELD, FAVOURITES_ACTION } from './favourite-form';

export const CREATE_SET_LABEL = 'Создать набор';
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
  const [title, setTitle] = useState(mode.kind === 'rename' ? mode.set.title : '');
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const failure = answer && !answer.ok ? answer : null;
  const fieldError = failure?.fields.title;
  const formError = failure && !fieldError ? failure.message : undefined;
  const isBusy = fetcher.state !== 'idle';
  const latest = useRef({ onDone, title });
  latest.current = { onDone, title };
  const reported = useRef<object | null>(null);

  useEffect(() => {
    if (!answer?.ok || reported.current === answer) return;
    reported.current = answer;
    const { onDone: done, title: typed } = latest.current;
    if (answer.intent === 'create-set') done({ title: answer.set.title });
    else if (answer.intent === 'rename-set') done({ title: typed.trim() });
  }, [answer]);

  return (
    <fetcher.Form
      method="post"
      action={FAVOURITES_ACTION}
      noValidate
      aria-busy={isBusy}
      className="flex flex-col gap-4"
    >
      <input
        type="hidden"
        name={FAVOURITE_FIELD.intent}
        value={mode.kind === 'create' ? 'create-set' : 'rename-set'}
      />
      {mode.kind === 'rename' ? (
        <input type="hidden" name={FAVOURITE_FIELD.set} value={mode.set._id} />
      ) : null}
      {mode.kind === 'create' && mode.product ? (
        <input type="hidden" name={FAVOURITE_FIELD.product} value={mode.product._id} />
      ) : null}
      <FormTextField
        label={SET_TITLE_FIELD_LABEL}
        name={FAVOURITE_FIELD.title}
        value={title}
        onChange={setTitle}
        error={fieldError}
        description={`Например, «На неделю»; до ${SET_TITLE_MAX_LENGTH} символов`}
        autoComplete="off"
      />
      {formError ? (
        <p role="alert" className="text-sm font-medium text-berry">
          {formError}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" isDisabled={isBusy}>
        {mode.kind === 'create' ? (isBusy ? 'Создаём…' : 'Создать') : isBusy ? 'Сохраняем…' : 'Сохранить'}
      </Button>
    </fetcher.Form>
  );
}
