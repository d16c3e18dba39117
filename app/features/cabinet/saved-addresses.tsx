import type { SavedAddress } from '@core/contracts/geo';
import { MapPin, Plus } from 'lucide-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { useToast } from '~/components/ui/toast';
import { useDelivery } from '~/features/delivery/delivery-context';
import { api, errorMessage } from '~/lib/api-client';

/** The cabinet's 'delivery' tab: saved addresses with delete and make-default (issue 5). */
export function SavedAddresses({ addresses }: { addresses: readonly SavedAddress[] }) {
  const { openAddressDialog } = useDelivery();
  const { revalidate } = useRevalidator();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  async function run(id: string, call: () => Promise<unknown>, done: string) {
    setBusy(id);
    try {
      await call();
      await revalidate();
      toast.show({ type: 'success', title: done });
    } catch (error) {
      toast.show({ type: 'warning', title: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="addresses-title" className="rounded-3xl bg-white p-5 shadow-card sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="addresses-title" className="text-xl font-bold">
          Адреса доставки
        </h2>
        <button type="button" onClick={openAddressDialog} className={buttonStyles({ variant: 'outline' })}>
          <Plus aria-hidden="true" className="size-5" />
          Добавить адрес
        </button>
      </div>
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
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                <span>
                  {item.address}
                  {item.is_default ? (
                    <span className="ml-2 rounded-md bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      Основной
                    </span>
                  ) : null}
                </span>
              </p>
              <div className="flex shrink-0 gap-2">
                {item.is_default ? null : (
                  <button
                    type="button"
                    disabled={busy !== null}
                    onClick={() =>
                      void run(
                        item._id,
                        () => api.put(`/api/user/me/addresses/${item._id}/default`),
                        'Основной адрес изменён',
                      )
                    }
                    aria-label={`Сделать основным: ${item.address}`}
                    className={buttonStyles({ variant: 'secondary', size: 'sm' })}
                  >
                    Сделать основным
                  </button>
                )}
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() =>
                    void run(item._id, () => api.delete(`/api/user/me/addresses/${item._id}`), 'Адрес удалён')
                  }
                  aria-label={`Удалить адрес: ${item.address}`}
                  className={buttonStyles({ variant: 'ghost', size: 'sm' })}
                >
                  Удалить
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
