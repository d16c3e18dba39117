import { CONFIRMED } from '@core/contracts/form-fields';
import type { AddressForm, SavedAddress } from '@core/contracts/geo';
import { Form, Link, useNavigation, useSubmit } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { useConfirmOnFirstUse } from '~/components/ui/confirm-on-first-use';
import { HiddenFields } from '~/components/ui/hidden-fields';
import { Icon } from '~/components/ui/icon';
import { AddAddressLink } from '~/features/delivery/add-address-link';
import { useDelivery } from '~/features/delivery/delivery-context';

/** The cabinet's own URL for its delivery tab: where its forms post and come back to. */
export const DELIVERY_TAB_HREF = '/lk?active=delivery';

/** A plain form button: posts one intent for one address to the cabinet's action (works without JavaScript). */
function IntentButton({
  intent,
  item,
  label,
  accessibleName,
  variant,
  isDisabled,
}: {
  intent: 'default';
  item: SavedAddress;
  label: string;
  accessibleName: string;
  variant: 'secondary' | 'ghost';
  isDisabled: boolean;
}) {
  return (
    <Form method="post" action={DELIVERY_TAB_HREF}>
      <HiddenFields<AddressForm> values={{ intent, id: item._id }} />
      <button
        type="submit"
        disabled={isDisabled}
        aria-label={accessibleName}
        className={buttonStyles({ variant, size: 'sm' })}
      >
        {label}
      </button>
    </Form>
  );
}

/** 'Удалить адрес?': the question before a saved address goes, as a dialog and as the page's own form. */
const DELETE_QUESTION = 'Удалить адрес?';

/**
 * 'Удалить' of one address: a plain form. With JavaScript it opens the question as a dialog, whose yes posts
 * the delete; without, the post asks the action, which answers with the question (`askingToDelete`).
 */
function DeleteButton({ item, isDisabled }: { item: SavedAddress; isDisabled: boolean }) {
  const submit = useSubmit();
  const question = useConfirmOnFirstUse();
  return (
    <>
      <Form method="post" action={DELIVERY_TAB_HREF} onSubmit={question.ask}>
        <HiddenFields<AddressForm> values={{ intent: 'delete', id: item._id }} />
        <button
          type="submit"
          onPointerEnter={question.reach}
          onFocus={question.reach}
          disabled={isDisabled}
          aria-label={`Удалить адрес: ${item.address}`}
          className={buttonStyles({ variant: 'ghost', size: 'sm' })}
        >
          Удалить
        </button>
      </Form>
      {question.ConfirmDialog ? (
        <question.ConfirmDialog
          isOpen={question.isOpen}
          onOpenChange={question.setOpen}
          title={DELETE_QUESTION}
          description={`«${item.address}» пропадёт из адресов доставки.`}
          confirmLabel="Удалить"
          isDestructive
          onConfirm={() =>
            void submit({ intent: 'delete', id: item._id, confirm: CONFIRMED } satisfies AddressForm, {
              method: 'post',
              action: DELIVERY_TAB_HREF,
            })
          }
        />
      ) : null}
    </>
  );
}

/**
 * The cabinet's 'delivery' tab: saved addresses. 'Добавить адрес' and 'Изменить' open the map popup, which
 * saves through the server before it says 'Адрес успешно сохранен'; make-default and (once confirmed) delete
 * post to the cabinet's action. The list is the loader's: after any of them the router loads it again.
 */
export function SavedAddresses({
  addresses,
  error,
  askingToDelete,
}: {
  addresses: readonly SavedAddress[];
  /** The cabinet action's refusal, if the last post was refused. */
  error?: string;
  /** A delete was posted without JavaScript: the address whose removal the tab asks about. */
  askingToDelete?: string;
}) {
  const { openAddressDialog } = useDelivery();
  const navigation = useNavigation();
  const isBusy = navigation.state === 'submitting' && navigation.formAction?.startsWith('/lk') === true;
  const asked = addresses.find((item) => item._id === askingToDelete);

  return (
    <section aria-labelledby="addresses-title" className="rounded-3xl bg-white p-5 shadow-card sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="addresses-title" className="text-xl font-bold">
          Адреса доставки
        </h2>
        <AddAddressLink back={DELIVERY_TAB_HREF} className={buttonStyles({ variant: 'outline' })}>
          <Icon name="plus" className="size-5" />
          Добавить адрес
        </AddAddressLink>
      </div>
      {error ? (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-[15px] font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {asked ? (
        <div role="alert" className="mt-4 rounded-2xl border-2 border-berry p-4">
          <p className="font-bold">{DELETE_QUESTION}</p>
          <p className="mt-1 text-[15px] text-muted">«{asked.address}» пропадёт из адресов доставки.</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Form method="post" action={DELIVERY_TAB_HREF}>
              <HiddenFields<AddressForm> values={{ intent: 'delete', id: asked._id, confirm: CONFIRMED }} />
              <button type="submit" className={buttonStyles({ variant: 'danger' })}>
                Удалить
              </button>
            </Form>
            <Link to={DELIVERY_TAB_HREF} className={buttonStyles({ variant: 'outline' })}>
              Отмена
            </Link>
          </div>
        </div>
      ) : null}
      {addresses.length === 0 ? (
        <p className="mt-4 text-[15px] text-muted">
          Сохранённых адресов пока нет. Укажите адрес на карте — он появится здесь.
        </p>
      ) : (
        <ul className="mt-4 flex flex-col divide-y divide-line">
          {addresses.map((item) => (
            <li
              key={item._id}
              className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <p className="flex items-start gap-2 text-[15px]">
                <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                <span>
                  {item.address}
                  {item.is_default ? (
                    <span className="ml-2 rounded-md bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      Основной
                    </span>
                  ) : null}
                </span>
              </p>
              <div className="flex shrink-0 flex-wrap gap-2">
                <button
                  type="button"
                  onClick={() => openAddressDialog({ mode: 'edit', saved: item })}
                  aria-label={`Изменить адрес: ${item.address}`}
                  className={buttonStyles({ variant: 'ghost', size: 'sm' })}
                >
                  <Icon name="pencil" className="size-4" />
                  Изменить
                </button>
                {item.is_default ? null : (
                  <IntentButton
                    intent="default"
                    item={item}
                    label="Сделать основным"
                    accessibleName={`Сделать основным: ${item.address}`}
                    variant="secondary"
                    isDisabled={isBusy}
                  />
                )}
                <DeleteButton item={item} isDisabled={isBusy} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
