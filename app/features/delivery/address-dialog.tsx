import type { City } from '@core/contracts/content';
import { OUTSIDE_ZONES_MESSAGE } from '@core/contracts/geo';
import { findZoneForPoint, type LngLat } from '@core/rules/geo';
import { MAP_DEFAULT_CENTER, ZONE_FILL_OPACITY } from '@core/rules/map';
import type { Map as LeafletMap } from 'leaflet';
import { Crosshair, MapPin } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Marker, Polygon, useMapEvents } from 'react-leaflet';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { useToast } from '~/components/ui/toast';
import { api } from '~/lib/api-client';
import { readStoredAddress, writeStoredAddress } from './area-storage';
import { useDelivery } from './delivery-context';
import { MapView, pinIcon } from './map-view';

type Chosen = { at: LngLat; zoneId: string };

const FIELD = 'h-11 w-full rounded-xl border border-line bg-white px-3 text-[15px] text-ink';

function ClickToChoose({ isActive, onChoose }: { isActive: boolean; onChoose: (at: LngLat) => void }) {
  useMapEvents({
    click(event) {
      if (isActive) onChoose([event.latlng.lng, event.latlng.lat]);
    },
  });
  return null;
}

/**
 * SPEC §2/§4 address map popup: 'Укажите ваш адрес'. Choose a city (the map recentres and draws its zones in
 * their colours), switch on choose-on-map mode, click inside a zone (or mark the map's centre, for the
 * keyboard) — the pin is set and the address filled by reverse geocoding; outside every zone only a warning.
 * 'Сохранить' stores the address (session storage, the shared area, the server for signed-in customers).
 */
export function AddressDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { cities, mapTileUrl, chooseArea } = useDelivery();
  const toast = useToast();
  const stored = useMemo(() => readStoredAddress(), []);
  const defaultCity = cities.find((city) => city.default) ?? cities[0];
  const [cityId, setCityId] = useState(
    (stored?.city && cities.some((city) => city._id === stored.city) ? stored.city : undefined) ??
      defaultCity?._id,
  );
  const city: City | undefined = cities.find((item) => item._id === cityId);
  // Edit mode: a stored point is shown and the address prefilled.
  const [chosen, setChosen] = useState<Chosen | null>(
    stored?.coordinates && stored.deliveryArea
      ? { at: [stored.coordinates.longitude, stored.coordinates.latitude], zoneId: stored.deliveryArea }
      : null,
  );
  const [address, setAddress] = useState(stored?.address ?? '');
  const [shortAddress, setShortAddress] = useState(stored?.shortAddress ?? stored?.address ?? '');
  const [isChoosing, setChoosing] = useState(false);
  const [isLocating, setLocating] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const mapRef = useRef<LeafletMap>(null);
  const selectId = useId();
  const addressId = useId();

  const zones = useMemo(
    () =>
      (city?.delivery_areas ?? []).map((zone) => ({ id: zone._id, polygon: zone.zone, color: zone.color })),
    [city],
  );

  async function choose(at: LngLat) {
    const zone = findZoneForPoint(at, zones);
    if (!zone) {
      // In the popup too: while it is open, the page behind it (and its toasts) is hidden from screen readers.
      setWarning(OUTSIDE_ZONES_MESSAGE);
      toast.show({ type: 'warning', title: OUTSIDE_ZONES_MESSAGE });
      return;
    }
    setWarning(null);
    setChosen({ at, zoneId: zone.id });
    setLocating(true);
    try {
      const found = (await api.get(`/api/geo/reverse?lng=${at[0]}&lat=${at[1]}`)) as {
        address: string;
        short: string;
      };
      setAddress(found.address);
      setShortAddress(found.short);
    } catch {
      setAddress(`${city?.name ?? ''}, точка ${at[1].toFixed(5)}, ${at[0].toFixed(5)}`);
      setShortAddress(`Точка ${at[1].toFixed(5)}, ${at[0].toFixed(5)}`);
    } finally {
      setLocating(false);
    }
  }

  function save() {
    if (!chosen || !city || !address) return;
    const isNew =
      !stored?.coordinates ||
      stored.address !== address ||
      stored.coordinates.longitude !== chosen.at[0] ||
      stored.coordinates.latitude !== chosen.at[1];
    writeStoredAddress({
      address,
      deliveryArea: chosen.zoneId,
      city: city._id,
      shortAddress,
      coordinates: { longitude: chosen.at[0], latitude: chosen.at[1] },
    });
    chooseArea({ mode: 'delivery', cityId: city._id, zoneId: chosen.zoneId, label: shortAddress || address });
    onOpenChange(false);
    if (isNew) {
      // SPEC §6: saving to the server is attempted for guests too; SPEC §8: its failure is ignored.
      void api
        .post('/api/user/me/addresses', {
          address,
          shortAddress,
          deliveryArea: chosen.zoneId,
          city: city._id,
          coordinates: { longitude: chosen.at[0], latitude: chosen.at[1] },
        })
        .catch(() => {});
    }
    setChoosing(false);
    setChosen(null);
    toast.show({ type: 'success', title: 'Адрес успешно сохранен' });
  }

  const center = city?.center ?? MAP_DEFAULT_CENTER;
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Укажите ваш адрес"
      subtitle="Ассортимент в Вашем районе может отличаться"
      size="lg"
    >
      <div className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-[200px_minmax(0,1fr)]">
          <div>
            <label htmlFor={selectId} className="mb-1.5 block text-sm font-semibold">
              Город
            </label>
            <select
              id={selectId}
              value={cityId}
              onChange={(event) => {
                setCityId(event.target.value);
                setChosen(null);
                setAddress('');
                setShortAddress('');
              }}
              className={FIELD}
            >
              {cities.map((item) => (
                <option key={item._id} value={item._id}>
                  {item.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={addressId} className="mb-1.5 block text-sm font-semibold">
              Адрес
            </label>
            <input
              id={addressId}
              readOnly
              value={isLocating ? 'Определяем адрес…' : address}
              placeholder="Отметьте дом на карте"
              className={`${FIELD} bg-surface`}
            />
          </div>
        </div>
        <MapView center={center} tileUrl={mapTileUrl} label="Карта зон доставки" mapRef={mapRef}>
          {zones.map((zone) => (
            <Polygon
              key={zone.id}
              positions={zone.polygon.map((ring) => ring.map(([lng, lat]) => [lat, lng] as [number, number]))}
              pathOptions={{
                color: zone.color,
                fillColor: zone.color,
                fillOpacity: ZONE_FILL_OPACITY,
                weight: 2,
              }}
            />
          ))}
          {chosen ? <Marker position={[chosen.at[1], chosen.at[0]]} icon={pinIcon()} /> : null}
          <ClickToChoose isActive={isChoosing} onChoose={(at) => void choose(at)} />
        </MapView>
        {warning ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-[15px] font-medium text-berry">
            {warning}
          </p>
        ) : null}
        <p className="text-sm text-muted" aria-live="polite">
          {isChoosing
            ? 'Нажмите на карте на ваш дом внутри цветной зоны доставки.'
            : 'Зоны доставки выделены цветом.'}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          {isChoosing ? (
            <Button
              variant="outline"
              onPress={() => {
                const middle = mapRef.current?.getCenter();
                if (middle) void choose([middle.lng, middle.lat]);
              }}
            >
              <Crosshair aria-hidden="true" className="size-5" />
              Отметить центр карты
            </Button>
          ) : null}
          {chosen && address && !isLocating ? (
            <Button onPress={save}>Сохранить</Button>
          ) : (
            <Button onPress={() => setChoosing(true)} isDisabled={isChoosing}>
              <MapPin aria-hidden="true" className="size-5" />
              Выбрать на карте
            </Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
