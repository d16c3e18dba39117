import { fieldName } from '@core/contracts/form-fields';
import type { LocationForm } from '@core/contracts/geo';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { HiddenFields } from '~/components/ui/hidden-fields';
import { Icon } from '~/components/ui/icon';
import { cx } from '~/lib/cx';
import { useHydrated } from '~/lib/use-hydrated';
import { LOCATION_PAGE, locationHref, useDelivery } from './delivery-context';

/**
 * Location first (issue 21, ADR 038): before any address, which city the page's prices and stock are from,
 * and the select to change it; a link to the address popup beside it. Without JavaScript the select is a
 * plain form posting to the location page ('Выбрать'); with it, a change applies at once.
 */
export function CityChoice({ className }: { className?: string }) {
  const { cities, cityId, chooseCity, openAddressDialog } = useDelivery();
  const isHydrated = useHydrated();
  const { pathname, search } = useLocation();
  const selectId = useId();
  const here = `${pathname}${search}`;
  if (cities.length === 0) return null;
  return (
    <form
      method="post"
      action={LOCATION_PAGE}
      className={cx('flex flex-col gap-2 rounded-2xl bg-brand-50 px-4 py-3 text-[15px]', className)}
    >
      <HiddenFields<LocationForm> values={{ intent: 'city', back: here }} />
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="font-semibold">
          Ваш город
        </label>
        <select
          id={selectId}
          name={fieldName<LocationForm>('city')}
          // A new city from the server (after a change) renders a new select showing it.
          key={cityId}
          defaultValue={cityId ?? undefined}
          onChange={(event) => chooseCity(event.target.value)}
          className="h-10 rounded-xl border border-line bg-white px-3 text-[15px] text-ink"
        >
          {cities.map((city) => (
            <option key={city._id} value={city._id}>
              {city.name}
            </option>
          ))}
        </select>
        {isHydrated ? null : (
          <button type="submit" className={buttonStyles({ size: 'sm', variant: 'outline' })}>
            Выбрать
          </button>
        )}
      </div>
      <p className="text-muted">
        Цены и наличие — в точках этого города.{' '}
        <a
          href={locationHref(here)}
          onClick={(event) => {
            event.preventDefault();
            openAddressDialog();
          }}
          className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          <Icon name="map-pin" className="size-4" />
          Укажите адрес доставки
        </a>
      </p>
    </form>
  );
}
