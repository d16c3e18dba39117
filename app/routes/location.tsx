import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react';
import { fieldName } from '@core/contracts/form-fields';
import { type LocationForm, LocationFormSchema, type LocationQuery } from '@core/contracts/geo';
import { formatSchedule } from '@core/rules/schedule';
import { Form, Link } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { buttonStyles } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/form-fields';
import { HiddenFields } from '~/components/ui/hidden-fields';
import { Icon } from '~/components/ui/icon';
import { runLocationIntent } from '~/features/delivery/location-actions.server';
import { failureOf } from '~/lib/action-result';
import { parseForm, runFormAction } from '~/lib/actions.server';
import { useContractForm } from '~/lib/contract-form';
import { LOCATION_FORM } from '~/lib/form-contracts';
import { shopperLocation } from '~/lib/location.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import type { Route } from './+types/location';

const FIELD = 'h-11 w-full rounded-xl border border-line bg-white px-3 text-[15px] text-ink';
const LABEL = 'mb-1.5 block text-sm font-semibold';

export const meta: Route.MetaFunction = () => [
  { title: 'Укажите ваш адрес — Фреш' },
  { name: 'robots', content: 'noindex' },
];

/**
 * The city, the address and the pickup points of the form: the shopper's city, or the one `?city=` asks for
 * (the pickup list of another city).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (name: keyof LocationQuery) => url.searchParams.get(name);
  const back = safeRedirectPath(query('back'));
  const mode = query('mode') === 'pickup' ? 'pickup' : 'delivery';
  const [location, cities] = await Promise.all([shopperLocation(context), context.services.geo.listCities()]);
  const asked = query('city');
  const cityId = cities.find((city) => city._id === asked)?._id ?? location.cityId ?? cities[0]?._id ?? '';
  const points = cityId ? await context.services.catalog.listPickupPoints(cityId) : [];
  return {
    back,
    mode,
    cityId,
    cities: cities.map((city) => ({ _id: city._id, name: city.name })),
    points,
    chosenPointId: context.area?.mode === 'pickup' ? context.area.pointId : null,
    current: context.area?.label ?? null,
  };
}

/** 'Сохранить' (a city and a typed address), 'Забрать здесь' (a pickup point), 'Выбрать' (a city). */
export async function action({ request, context }: Route.ActionArgs) {
  return runFormAction(
    request,
    () => undefined,
    (form) => runLocationIntent(context, request, parseForm(form, LocationFormSchema)),
  );
}

/**
 * /location — the address and pickup popups as a page of plain forms (ADR 038): without JavaScript the header's
 * address line leads here, so a shopper can still choose where their assortment comes from. A city and a
 * street with the house (found by the geocoder, checked against the zones), or a pickup point from the list;
 * then back to the page they came from.
 */
export default function LocationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { back, mode, cityId, cities, points, chosenPointId, current } = loaderData;
  const failure = failureOf(actionData);
  const choice = actionData && 'intent' in actionData && actionData.intent === 'choose' ? actionData : null;
  // The delivery form (LocationFormSchema's address): a refusal, with or without JavaScript, shows its
  // message under the field and keeps what was typed.
  const [form, fields] = useContractForm(LOCATION_FORM, {
    id: 'location-address',
    lastResult: failure?.result,
    defaultValue: { city: cityId },
  });
  const cityName = (id: string) => cities.find((city) => city._id === id)?.name ?? '';
  const delivery = (
    <section
      aria-labelledby="location-delivery-title"
      className="rounded-3xl bg-white p-6 shadow-card sm:p-8"
    >
      <h2 id="location-delivery-title" className="text-xl font-bold">
        Доставка
      </h2>
      <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
        <HiddenFields<LocationForm> values={{ intent: 'address', back }} />
        <div className="grid gap-3 sm:grid-cols-[200px_minmax(0,1fr)]">
          <div>
            <label htmlFor={fields.city.id} className={LABEL}>
              Город
            </label>
            <select {...getSelectProps(fields.city)} className={FIELD}>
              {cities.map((city) => (
                <option key={city._id} value={city._id}>
                  {city.name}
                </option>
              ))}
            </select>
            <FieldMessage id={fields.city.errorId} errors={fields.city.errors} />
          </div>
          <div>
            <label htmlFor={fields.address.id} className={LABEL}>
              Улица и дом
            </label>
            <input
              {...getInputProps(fields.address, { type: 'text' })}
              placeholder="Например, ул. Свободы, 46"
              autoComplete="street-address"
              className={FIELD}
            />
            <FieldMessage id={fields.address.errorId} errors={fields.address.errors} />
          </div>
        </div>
        <FormMessage errors={form.errors} />
        <button type="submit" className={buttonStyles({ className: 'self-start' })}>
          Сохранить
        </button>
      </Form>
      {choice ? (
        <div className="mt-5">
          <p role="status" className="text-[15px] font-medium">
            {choice.message}
          </p>
          <ul className="mt-3 flex flex-col gap-2" aria-label="Найденные адреса">
            {choice.places.map((place) => (
              <li key={`${place.short}-${place.coordinates.longitude}`}>
                <Form
                  method="post"
                  className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line px-4 py-3"
                >
                  <HiddenFields<LocationForm>
                    values={{ intent: 'address', back, city: place.city, address: place.address }}
                  />
                  <span>
                    <span className="font-medium">{place.short}</span>
                    <span className="block text-sm text-muted">
                      {place.deliveryArea ? cityName(place.city) : 'Вне зон доставки'}
                    </span>
                  </span>
                  <button
                    type="submit"
                    disabled={!place.deliveryArea}
                    aria-label={`Выбрать адрес: ${place.short}`}
                    className={buttonStyles({ variant: 'outline', size: 'sm' })}
                  >
                    Выбрать
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );

  const pickup = (
    <section aria-labelledby="location-pickup-title" className="rounded-3xl bg-white p-6 shadow-card sm:p-8">
      <h2 id="location-pickup-title" className="text-xl font-bold">
        Самовывоз
      </h2>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <HiddenFields<LocationQuery> values={{ back, mode: 'pickup' }} />
        <div>
          <label htmlFor="location-pickup-city" className={LABEL}>
            Город
          </label>
          <select
            id="location-pickup-city"
            name={fieldName<LocationQuery>('city')}
            defaultValue={cityId}
            className={FIELD}
          >
            {cities.map((city) => (
              <option key={city._id} value={city._id}>
                {city.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonStyles({ variant: 'outline' })}>
          Показать пункты
        </button>
      </Form>
      {points.length > 0 ? (
        <ul className="mt-5 flex flex-col gap-2" aria-label={`Пункты самовывоза: ${cityName(cityId)}`}>
          {points.map((point) => {
            const isCurrent = point._id === chosenPointId;
            return (
              <li
                key={point._id}
                className="flex flex-col gap-3 rounded-2xl border border-line p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div>
                  <p className="flex items-center gap-1.5 font-semibold">
                    <Icon name="store" className="size-4 text-brand-600" />
                    {point.store.name}
                  </p>
                  <p className="mt-1 flex items-start gap-1.5 text-sm text-muted">
                    <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                    {point.name}, {point.address}
                  </p>
                  <p className="text-sm text-muted">{formatSchedule(point.schedule)}</p>
                </div>
                <Form method="post">
                  <HiddenFields<LocationForm> values={{ intent: 'pickup', back, point: point._id }} />
                  <button
                    type="submit"
                    aria-label={`Забрать здесь: ${point.name}`}
                    className={buttonStyles({ size: 'sm', variant: isCurrent ? 'outline' : 'primary' })}
                  >
                    {isCurrent ? 'Выбрано' : 'Забрать здесь'}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-5 text-[15px] text-muted">В этом городе пока нет пунктов самовывоза.</p>
      )}
    </section>
  );

  return (
    <div className="mx-auto flex max-w-[760px] flex-col gap-5 px-4 pt-4 pb-10 sm:px-6 sm:pt-6">
      <Breadcrumbs items={[{ label: 'Адрес доставки' }]} />
      <div>
        <h1 className="text-2xl font-bold leading-tight sm:text-3xl">Укажите ваш адрес</h1>
        <p className="mt-1.5 text-[15px] text-muted">Ассортимент в Вашем районе может отличаться</p>
        {current ? <p className="mt-2 text-[15px]">Сейчас выбрано: {current}</p> : null}
      </div>
      {mode === 'pickup' ? (
        <>
          {pickup}
          {delivery}
        </>
      ) : (
        <>
          {delivery}
          {pickup}
        </>
      )}
      <Link to={back} className="self-start font-semibold text-brand-700 hover:underline">
        Вернуться
      </Link>
    </div>
  );
}

/** A field's message, tied to it (its `aria-describedby`), read at once. */
function FieldMessage({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  const message = errors?.[0];
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-berry">
      {message}
    </p>
  );
}
