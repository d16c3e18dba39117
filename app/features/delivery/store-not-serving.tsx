import type { Point } from '@core/contracts/catalog';
import type { LocationForm } from '@core/contracts/geo';
import { formatSchedule } from '@core/rules/schedule';
import { Form, useLocation } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { HiddenFields } from '~/components/ui/hidden-fields';
import { Icon } from '~/components/ui/icon';
import { LOCATION_PAGE, useDelivery } from './delivery-context';

/** What a shop that cannot serve the shopper says, by what they have chosen (ADR 038). */
export function notServingTitle(kind: 'address' | 'pickup' | 'city'): string {
  if (kind === 'city') return 'Этого магазина нет в вашем городе';
  if (kind === 'pickup') return 'Этот магазин не работает в выбранном пункте самовывоза';
  return 'Этот магазин не доставляет по вашему адресу';
}

/**
 * Issue 21: a shop that does not deliver to the shopper's address (or has no point in their city) says so
 * instead of looking empty, and lists its pickup points: 'Забрать здесь' makes one the pickup point and the
 * page shows what it has. The buttons are plain forms posting to the location page (no JavaScript needed).
 */
export function StoreNotServing({
  kind,
  pickupPoints,
  className,
}: {
  kind: 'address' | 'pickup' | 'city';
  /** The shop's pickup points. */
  pickupPoints: readonly Point[];
  className?: string;
}) {
  const { pathname, search } = useLocation();
  const { cities } = useDelivery();
  const cityName = (id: string) => cities.find((city) => city._id === id)?.name;
  return (
    <section
      aria-labelledby="store-not-serving-title"
      className={`rounded-3xl bg-white p-6 shadow-card sm:p-8 ${className ?? ''}`}
    >
      <div className="flex items-start gap-3">
        <Icon name="map-pin-off" className="mt-0.5 size-6 shrink-0 text-amber-700" />
        <div>
          <h2 id="store-not-serving-title" className="text-xl font-bold">
            {notServingTitle(kind)}
          </h2>
          <p className="mt-1 text-[15px] text-muted">
            {pickupPoints.length > 0
              ? 'Заказ можно забрать самому в одном из его пунктов самовывоза:'
              : 'Выберите другой адрес или другой магазин.'}
          </p>
        </div>
      </div>
      {pickupPoints.length > 0 ? (
        <ul className="mt-4 flex flex-col gap-2" aria-label="Пункты самовывоза магазина">
          {pickupPoints.map((point) => (
            <li
              key={point._id}
              className="flex flex-col gap-3 rounded-2xl border border-line p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <p className="font-semibold">{point.name}</p>
                <p className="text-sm text-muted">
                  {[cityName(point.city), point.address].filter(Boolean).join(', ')}
                </p>
                <p className="text-sm text-muted">{formatSchedule(point.schedule)}</p>
              </div>
              <Form method="post" action={LOCATION_PAGE}>
                <HiddenFields<LocationForm>
                  values={{ intent: 'pickup', back: `${pathname}${search}`, point: point._id }}
                />
                <button
                  type="submit"
                  aria-label={`Забрать здесь: ${point.name}`}
                  className={buttonStyles({ size: 'sm' })}
                >
                  Забрать здесь
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Whether a point serves the shopper's scope: the pickup point, delivers to the zone, stands in the city. */
export function pointServes(
  point: Pick<Point, '_id' | 'zones' | 'city'>,
  scope: { zoneId?: string; pointId?: string; cityId?: string } | undefined,
): boolean {
  if (!scope) return true;
  if (scope.pointId) return point._id === scope.pointId;
  if (scope.zoneId) return point.zones.includes(scope.zoneId);
  if (scope.cityId) return point.city === scope.cityId;
  return true;
}
