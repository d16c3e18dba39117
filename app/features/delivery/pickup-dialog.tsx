import type { Point, Store } from '@core/contracts/catalog';
import { MAP_DEFAULT_CENTER } from '@core/rules/map';
import { formatSchedule } from '@core/rules/schedule';
import { useEffect, useId, useState } from 'react';
import { Marker } from 'react-leaflet';
import { Modal } from '~/components/ui/modal';
import { useToast } from '~/components/ui/toast';
import { api } from '~/lib/api-client';
import { cx } from '~/lib/cx';
import { useDelivery } from './delivery-context';
import { MapView, pinIcon } from './map-view';

const FIELD = 'h-11 w-full rounded-xl border border-line bg-white px-3 text-[15px] text-ink';

/**
 * SPEC §2 pickup-point map: a shop's points on the map with the 32×40 pin, and the same points as a list.
 * Choosing one (pin or button) makes it the pickup point: the catalogue then shows what that point has.
 */
export function PickupDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { mapTileUrl, chooseArea, area, cities } = useDelivery();
  const toast = useToast();
  const [stores, setStores] = useState<Store[]>([]);
  const [storeId, setStoreId] = useState<string>();
  const [points, setPoints] = useState<Point[]>([]);
  const [failed, setFailed] = useState(false);
  const selectId = useId();

  useEffect(() => {
    api
      .get('/api/stores')
      .then((list) => {
        const loaded = list as Store[];
        setStores(loaded);
        setStoreId((current) => current ?? loaded[0]?._id);
      })
      .catch(() => setFailed(true));
  }, []);

  useEffect(() => {
    if (!storeId) return;
    // A shop chosen while the last one's points are on their way: that late answer must not replace these.
    let isCurrent = true;
    api
      .get(`/api/store/${storeId}/points`)
      .then((list) => {
        if (isCurrent) setPoints((list as Point[]).filter((point) => point.is_pickup));
      })
      .catch(() => {
        if (isCurrent) setFailed(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [storeId]);

  const store = stores.find((item) => item._id === storeId);
  function pick(point: Point) {
    chooseArea({
      mode: 'pickup',
      cityId: point.city,
      pointId: point._id,
      label: `${point.store.name}, ${point.address}`,
    });
    onOpenChange(false);
    toast.show({
      type: 'success',
      title: 'Пункт самовывоза выбран',
      content: `${point.name}, ${point.address}`,
    });
  }

  const first = points[0];
  const defaultCity = cities.find((city) => city.default)?.center ?? MAP_DEFAULT_CENTER;
  const center = first ? first.coordinates : defaultCity;
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title="Пункты самовывоза" size="lg">
      <div className="flex flex-col gap-4">
        <div>
          <label htmlFor={selectId} className="mb-1.5 block text-sm font-semibold">
            Магазин
          </label>
          <select
            id={selectId}
            value={storeId ?? ''}
            onChange={(event) => setStoreId(event.target.value)}
            className={FIELD}
          >
            {stores.map((item) => (
              <option key={item._id} value={item._id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        {failed ? (
          <p className="text-[15px] text-berry">Не удалось загрузить пункты. Попробуйте ещё раз.</p>
        ) : null}
        <MapView
          center={center}
          zoom={11}
          tileUrl={mapTileUrl}
          label={`Пункты самовывоза: ${store?.name ?? ''}`}
        >
          {points.map((point) => (
            <Marker
              key={point._id}
              position={[point.coordinates.latitude, point.coordinates.longitude]}
              icon={pinIcon(area?.mode === 'pickup' && area.pointId === point._id ? '#dc2626' : '#147a3c')}
              title={point.name}
              eventHandlers={{ click: () => pick(point) }}
            />
          ))}
        </MapView>
        <ul className="flex flex-col gap-2" aria-label="Пункты самовывоза">
          {points.map((point) => {
            const isCurrent = area?.mode === 'pickup' && area.pointId === point._id;
            return (
              <li
                key={point._id}
                className={cx(
                  'flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center sm:justify-between',
                  isCurrent ? 'border-brand-600 bg-brand-50' : 'border-line',
                )}
              >
                <div>
                  <p className="font-semibold">{point.name}</p>
                  <p className="text-sm text-muted">{point.address}</p>
                  <p className="text-sm text-muted">{formatSchedule(point.schedule)}</p>
                </div>
                <button
                  type="button"
                  onClick={() => pick(point)}
                  aria-label={`Забрать здесь: ${point.name}`}
                  className="h-10 shrink-0 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
                >
                  {isCurrent ? 'Выбрано' : 'Забрать здесь'}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </Modal>
  );
}
