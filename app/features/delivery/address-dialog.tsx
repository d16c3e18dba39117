import type { City } from '@core/contracts/content';
import { OUTSIDE_ZONES_MESSAGE } from '@core/contracts/geo';
import { findZoneForPoint, type LngLat } from '@core/rules/geo';
import { MAP_DEFAULT_CENTER, ZONE_FILL_OPACITY } from '@core/rules/map';
import type { Map as LeafletMap } from 'leaflet';
import { Crosshair, MapPin } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Marker, Polygon, useMapEvents } from 'react-leaflet';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { useToast } from '~/components/ui/toast';
import { useOptionalUser } from '~/features/auth/user';
import { api } from '~/lib/api-client';
import type { action as saveAddressAction } from '~/routes/resources/addresses';
import { type AddressDraft, addressFormFields } from './address-form';
import { readStoredAddress, writeStoredAddress } from './area-storage';
import { type AddressDialogRequest, useDelivery } from './delivery-context';
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

/** Where the popup starts: a saved address (edit), this session's address (edit), or nothing (new). */
function startingPoint(request: AddressDialogRequest | undefined): {
  city?: string;
  chosen: Chosen | null;
  address: string;
  shortAddress: string;
} {
  if (request?.mode === 'edit') {
    const { saved } = request;
    return {
      city: saved.city,
      chosen: {
        at: [saved.coordinates.longitude, saved.coordinates.latitude],
        zoneId: saved.deliveryArea,
      },
      address: saved.address,
      shortAddress: saved.shortAddress,
    };
  }
  const stored = readStoredAddress();
  if (request?.mode === 'new' || !stored)
    return { city: stored?.city, chosen: null, address: '', shortAddress: '' };
  return {
    city: stored.city,
    chosen:
      stored.coordinates && stored.deliveryArea
        ? { at: [stored.coordinates.longitude, stored.coordinates.latitude], zoneId: stored.deliveryArea }
        : null,
    address: stored.address,
    shortAddress: stored.shortAddress ?? stored.address,
  };
}

/**
 * SPEC §2/§4 address map popup: 'Укажите ваш адрес'. Choose a city (the map recentres and draws its zones in
 * their colours), switch on choose-on-map mode, click inside a zone (or mark the map's centre, for the
 * keyboard) — the pin is set and the address filled by reverse geocoding; outside every zone only a warning.
 * In edit mode the stored point is shown and the map takes a new one at once.
 *
 * 'Сохранить': a signed-in customer's address goes to the server first (a fetcher to /resources/addresses,
 * the geo service's zone check); only when it said yes is the address kept in the session, the area made
 * current and 'Адрес успешно сохранен' shown, and a refusal stays in the popup. A guest's address is kept in
 * the session as pending: the next login carries it and the server saves it to the account (SPEC §4, §6).
 */
export function AddressDialog({
  isOpen,
  onOpenChange,
  request,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  request?: AddressDialogRequest;
}) {
  const { cities, mapTileUrl, chooseArea } = useDelivery();
  const isSignedIn = useOptionalUser() !== null;
  const toast = useToast();
  const start = useMemo(() => startingPoint(request), [request]);
  const defaultCity = cities.find((city) => city.default) ?? cities[0];
  const [cityId, setCityId] = useState(
    (start.city && cities.some((city) => city._id === start.city) ? start.city : undefined) ??
      defaultCity?._id,
  );
  const city: City | undefined = cities.find((item) => item._id === cityId);
  const [chosen, setChosen] = useState<Chosen | null>(start.chosen);
  const [address, setAddress] = useState(start.address);
  const [shortAddress, setShortAddress] = useState(start.shortAddress);
  // Edit mode: the map takes a new point straight away (the spec's choose-on-map mode is already on).
  const [isChoosing, setChoosing] = useState(start.chosen !== null);
  const [isLocating, setLocating] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const mapRef = useRef<LeafletMap>(null);
  const selectId = useId();
  const addressId = useId();
  const fetcher = useFetcher<typeof saveAddressAction>();
  const saving = useRef<AddressDraft | null>(null);
  const isSaving = fetcher.state !== 'idle';

  const zones = useMemo(
    () =>
      (city?.delivery_areas ?? []).map((zone) => ({ id: zone._id, polygon: zone.zone, color: zone.color })),
    [city],
  );

  async function choose(at: LngLat) {
    const zone = findZoneForPoint(at, zones);
    if (!zone) {
      // A toast, which shows inside this dialog (components/ui/modal's ToastOutlet), where screen readers
      // read it; the inline alert is for the server's answer to a save.
      setWarning(null);
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

  /** SPEC §4 step 6: the session's address, the shared area, the popup closed, the success toast. */
  const finish = useCallback(
    (draft: AddressDraft, isPending: boolean) => {
      writeStoredAddress({ ...draft, isPending });
      chooseArea({
        mode: 'delivery',
        cityId: draft.city,
        zoneId: draft.deliveryArea,
        label: draft.shortAddress || draft.address,
      });
      onOpenChange(false);
      toast.show({ type: 'success', title: 'Адрес успешно сохранен' });
    },
    [chooseArea, onOpenChange, toast],
  );

  // The server's answer to a save: yes → finish; no → its message stays in the popup.
  useEffect(() => {
    const draft = saving.current;
    if (fetcher.state !== 'idle' || !draft || fetcher.data === undefined) return;
    saving.current = null;
    if (!fetcher.data.ok) setWarning(fetcher.data.message);
    // The zone the server found the point in is the one that counts (a stale one from the page is corrected).
    else finish({ ...draft, deliveryArea: fetcher.data.address?.deliveryArea ?? draft.deliveryArea }, false);
  }, [fetcher.state, fetcher.data, finish]);

  function save() {
    if (!chosen || !city || !address || isSaving) return;
    const draft: AddressDraft = {
      address,
      shortAddress,
      deliveryArea: chosen.zoneId,
      city: city._id,
      coordinates: { longitude: chosen.at[0], latitude: chosen.at[1] },
    };
    if (!isSignedIn) {
      finish(draft, true);
      return;
    }
    const isUnchanged =
      start.chosen !== null &&
      start.address === address &&
      start.chosen.at[0] === chosen.at[0] &&
      start.chosen.at[1] === chosen.at[1];
    if (isUnchanged && request?.mode !== 'edit') {
      finish(draft, false);
      return;
    }
    setWarning(null);
    saving.current = draft;
    void fetcher.submit(addressFormFields(draft, request?.mode === 'edit' ? request.saved._id : undefined), {
      method: 'post',
      action: '/resources/addresses',
    });
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
            <Button onPress={save} isDisabled={isSaving}>
              {isSaving ? 'Сохраняем…' : 'Сохранить'}
            </Button>
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
