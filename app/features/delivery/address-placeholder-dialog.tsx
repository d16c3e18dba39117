import type { City } from '@core/contracts/content';
import { MapPinned } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';

/** Stands in for the delivery-address map popup: its title and subtitle, and the cities served. */
export function AddressPlaceholderDialog({
  cities,
  isOpen,
  onOpenChange,
}: {
  cities: readonly City[];
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Укажите ваш адрес"
      subtitle="Ассортимент в Вашем районе может отличаться"
    >
      <div className="flex flex-col items-center gap-3 rounded-2xl bg-brand-50 px-5 py-8 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-white text-brand-700">
          <MapPinned aria-hidden="true" className="size-7" />
        </span>
        <p className="max-w-xs text-[15px] leading-relaxed text-ink">
          Совсем скоро здесь появится карта зон доставки: отметьте точку, и мы покажем товары, которые
          привезут именно к вам.
        </p>
      </div>
      {cities.length > 0 ? (
        <div className="mt-5">
          <h3 className="text-sm font-semibold text-muted">Доставляем в городах</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {cities.map((city) => (
              <li key={city._id} className="rounded-full bg-surface px-3 py-1.5 text-sm font-medium">
                {city.name}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Button className="mt-6 w-full" onPress={() => onOpenChange(false)}>
        Понятно
      </Button>
    </Modal>
  );
}
