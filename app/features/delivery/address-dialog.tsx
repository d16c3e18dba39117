import { formEntries } from '@core/contracts/form-fields';
import {
  type AddressForm,
  type LocatedAddress,
  OUTSIDE_ZONES_MESSAGE,
  type Place,
} from '@core/contracts/geo';
import { findZoneForPoint, type LngLat } from '@core/rules/geo';
import { MAP_DEFAULT_CENTER, ZONE_FILL_OPACITY } from '@core/rules/map';
import type { Map as LeafletMap } from 'leaflet';
import { use, useCallback, useId, useMemo, useRef, useState } from 'react';
import { Marker, Polygon, useMapEvents } from 'react-leaflet';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/aria-button';
import { Icon } from '~/components/ui/icon';
import { Modal } from '~/components/ui/modal';
import { useToast } from '~/components/ui/toast';
import { useOptionalUser } from '~/features/auth/user';
import { api } from '~/lib/api-client';
import { useActionOutcome } from '~/lib/use-action-outcome';
import type { action as saveAddressAction } from '~/routes/resources/addresses';
import { AddressSearch } from './address-search';
import { readStoredAddress, writeStoredAddress } from './area-storage';
import { type CityZones, cityZonesRead } from './city-zones';
import { type AddressDialogRequest, type CityPlace, useDelivery } from './delivery-context';
import { MapView, pinIcon } from './map-view';

type Chosen = { at: LngLat; zoneId: string };

/** The out-of-zone warning's toast: a valid pick closes it at once (issue 21: it lingered for 5 s). */
const OUTSIDE_TOAST_ID = 'address-outside-zones';
export const LOCATE_FAILED_MESSAGE =
  'Не удалось определить местоположение. Разрешите доступ к геопозиции или укажите адрес';
/** How close the map comes to a point found by typing or by the browser's geolocation. */
const PICK_ZOOM = 15;

/** Shown when the zones could not be read: no point can be checked, so none can be chosen. */
export const ZONES_UNAVAILABLE_MESSAGE =
  'Не удалось загрузить зоны доставки. Закройте окно и попробуйте ещё раз';

/** The delivery zones of a city, as the zone check takes them. */
function zonesOf(all: CityZones | null, city: CityPlace | undefined) {
  return ((city && all?.get(city._id)) || []).map((zone) => ({
    id: zone._id,
    polygon: zone.zone,
    color: zone.color,
  }));
}

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
  const { cities, mapTileUrl, chooseArea, cityId: shopperCityId } = useDelivery();
  // The zones' polygons, read as the popup opened (city-zones.ts); the provider's Suspense waits for them.
  const allZones = use(cityZonesRead());
  const isSignedIn = useOptionalUser() !== null;
  const toast = useToast();
  const start = useMemo(() => startingPoint(request), [request]);
  // Location first (ADR 038): the shopper's city (chosen, or nearest by IP), else the default, else the first.
  const defaultCity =
    cities.find((city) => city._id === shopperCityId) ?? cities.find((city) => city.default) ?? cities[0];
  const [cityId, setCityId] = useState(
    (start.city && cities.some((city) => city._id === start.city) ? start.city : undefined) ??
      defaultCity?._id,
  );
  const city: CityPlace | undefined = cities.find((item) => item._id === cityId);
  const [chosen, setChosen] = useState<Chosen | null>(start.chosen);
  const [address, setAddress] = useState(start.address);
  const [shortAddress, setShortAddress] = useState(start.shortAddress);
  /** The field's text while the shopper types (suggestions wanted); null: it shows `address`. */
  const [typed, setTyped] = useState<string | null>(null);
  /** The address a suggestion just put in the field (the combobox echoes it back as input). */
  const picked = useRef<string | null>(null);
  const [isFinding, setFinding] = useState(false);
  // Edit mode: the map takes a new point straight away (the spec's choose-on-map mode is already on).
  const [isChoosing, setChoosing] = useState(start.chosen !== null);
  const [isLocating, setLocating] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const mapRef = useRef<LeafletMap>(null);
  const selectId = useId();
  const addressId = useId();
  const fetcher = useFetcher<typeof saveAddressAction>();
  const saving = useRef<LocatedAddress | null>(null);

  const zones = useMemo(() => zonesOf(allZones, city), [allZones, city]);

  /** Outside every zone: only the warning (a toast in this dialog's flow, where screen readers read it). */
  function warnOutside() {
    setWarning(null);
    toast.show({ id: OUTSIDE_TOAST_ID, type: 'warning', title: OUTSIDE_ZONES_MESSAGE });
  }

  /** A valid pick: the pin, the zone, and no warning left over from an earlier miss. */
  function pick(at: LngLat, zoneId: string) {
    toast.close(OUTSIDE_TOAST_ID);
    setWarning(null);
    setChosen({ at, zoneId });
  }

  async function choose(at: LngLat, inZones = zones) {
    const zone = findZoneForPoint(at, inZones);
    if (!zone) {
      warnOutside();
      return;
    }
    pick(at, zone.id);
    setTyped(null);
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

  /** A typed address's suggestion: checked against the zones like a map click, the map brought to it. */
  function choosePlace(place: Place) {
    const at: LngLat = [place.coordinates.longitude, place.coordinates.latitude];
    picked.current = place.address;
    setTyped(null);
    if (place.city !== cityId) setCityId(place.city);
    const placeCity = cities.find((item) => item._id === place.city);
    const zone = findZoneForPoint(at, zonesOf(allZones, placeCity));
    if (!zone) {
      setChosen(null);
      setAddress(place.address);
      warnOutside();
      return;
    }
    pick(at, zone.id);
    setAddress(place.address);
    setShortAddress(place.short);
    setChoosing(true);
    mapRef.current?.setView([at[1], at[0]], PICK_ZOOM);
  }

  /** What the shopper types: a new search, so the earlier pick no longer stands. */
  function type(text: string) {
    if (text === picked.current) return;
    picked.current = null;
    setTyped(text);
    setChosen(null);
    setAddress('');
    setShortAddress('');
  }

  /**
   * 'Определить местоположение': the browser's position, then the same zone check as a click, in whichever
   * city's zones it lies (the city select follows).
   */
  function locate() {
    if (!('geolocation' in navigator)) {
      toast.show({ type: 'warning', title: LOCATE_FAILED_MESSAGE });
      return;
    }
    setFinding(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setFinding(false);
        const at: LngLat = [position.coords.longitude, position.coords.latitude];
        const home = cities.find((item) => findZoneForPoint(at, zonesOf(allZones, item)));
        mapRef.current?.setView([at[1], at[0]], PICK_ZOOM);
        if (!home) {
          warnOutside();
          return;
        }
        if (home._id !== cityId) setCityId(home._id);
        setChoosing(true);
        void choose(at, zonesOf(allZones, home));
      },
      () => {
        setFinding(false);
        toast.show({ type: 'warning', title: LOCATE_FAILED_MESSAGE });
      },
      // A fresh position every time: the shopper may have moved, or asked because the last one was wrong.
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  }

  /** SPEC §4 step 6: the session's address, the shared area, the popup closed, the success toast. */
  const finish = useCallback(
    (draft: LocatedAddress, isPending: boolean) => {
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
  const outcome = useActionOutcome(fetcher, {
    failureToast: false,
    onFailure: (failure) => {
      saving.current = null;
      setWarning(failure.message);
    },
    onSuccess: (answer) => {
      const draft = saving.current;
      saving.current = null;
      // The zone the server found the point in is the one that counts (a stale one from the page is corrected).
      if (draft)
        finish({ ...draft, deliveryArea: answer.address?.deliveryArea ?? draft.deliveryArea }, false);
    },
  });
  const isSaving = outcome.isPending;

  function save() {
    if (!chosen || !city || !address || isSaving) return;
    const draft: LocatedAddress = {
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
    const post: AddressForm =
      request?.mode === 'edit'
        ? { intent: 'update', id: request.saved._id, ...draft }
        : { intent: 'save', ...draft };
    void fetcher.submit(new URLSearchParams(formEntries(post)), {
      method: 'post',
      action: ADDRESSES_ACTION,
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
                setTyped(null);
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
            <AddressSearch
              id={addressId}
              cityId={cityId}
              text={typed ?? address}
              isTyping={typed !== null}
              isLocating={isLocating}
              onType={type}
              onPick={choosePlace}
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
          {/* The pin only shows the chosen point: not a control (Leaflet would make it an unnamed button). */}
          {chosen ? (
            <Marker
              position={[chosen.at[1], chosen.at[0]]}
              icon={pinIcon()}
              interactive={false}
              keyboard={false}
            />
          ) : null}
          <ClickToChoose isActive={isChoosing} onChoose={(at) => void choose(at)} />
        </MapView>
        {allZones === null ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-[15px] font-medium text-berry">
            {ZONES_UNAVAILABLE_MESSAGE}
          </p>
        ) : null}
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
          <Button variant="outline" onPress={locate} isDisabled={isFinding}>
            <Icon name="locate-fixed" className="size-5" />
            {isFinding ? 'Определяем…' : 'Определить местоположение'}
          </Button>
          {isChoosing ? (
            <Button
              variant="outline"
              onPress={() => {
                const middle = mapRef.current?.getCenter();
                if (middle) void choose([middle.lng, middle.lat]);
              }}
            >
              <Icon name="crosshair" className="size-5" />
              Отметить центр карты
            </Button>
          ) : null}
          {chosen && address && !isLocating ? (
            <Button onPress={save} isDisabled={isSaving}>
              {isSaving ? 'Сохраняем…' : 'Сохранить'}
            </Button>
          ) : (
            <Button onPress={() => setChoosing(true)} isDisabled={isChoosing}>
              <Icon name="map-pin" className="size-5" />
              Выбрать на карте
            </Button>
          )}
        </div>
      </div>
    </Modal>
  );
}

/** The address popup's resource route: AddressFormSchema's save and update (ADR 042). */
const ADDRESSES_ACTION = '/resources/addresses';
