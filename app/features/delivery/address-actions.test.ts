import { AddressListSchema, addressNotFoundMessage, OUTSIDE_ZONES_MESSAGE } from '@core/contracts/geo';
import { findZoneForPoint } from '@core/rules/geo';
import { cities, deliveryZones } from '@server/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as cabinetAction } from '~/routes/cabinet';
import { action as addressesAction } from '~/routes/resources/addresses';
import { actionArgs, formPost, outcomeOf, pageContext } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { signIn } from '../../../tests/setup/identity';

/**
 * The saved-address actions through the action path (issue 11 item 6): the popup's fetcher posts to
 * /resources/addresses, the cabinet's buttons to /lk; both read the form with the API's contract and call the
 * geo service.
 */
describe.each(TEST_DATABASE_KINDS)('address actions on %s', (kind) => {
  let t: TestApp;
  let city: typeof cities.$inferSelect;
  let zones: (typeof deliveryZones.$inferSelect)[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    [city] = (await t.db.db.select().from(cities).where(eq(cities.slug, 'yaroslavl'))) as [
      typeof cities.$inferSelect,
    ];
    zones = await t.db.db.select().from(deliveryZones).where(eq(deliveryZones.cityId, city.id));
  });

  afterAll(async () => {
    await t?.close();
  });

  const at = (dx: number) => ({ longitude: city.centerLongitude + dx, latitude: city.centerLatitude });
  const fields = (address: string, point: { longitude: number; latitude: number }) => ({
    address,
    shortAddress: address.replace(/^г\. Ярославль, /, ''),
    deliveryArea: findZoneForPoint([point.longitude, point.latitude], zones)?.id ?? '',
    city: city.id,
    // AddressFormSchema's paths (ADR 042): SaveAddressSchema's coordinates.
    'coordinates.longitude': String(point.longitude),
    'coordinates.latitude': String(point.latitude),
  });
  const post = (context: ReturnType<typeof pageContext>, form: Record<string, string>) =>
    addressesAction(
      actionArgs(formPost('/resources/addresses', form), context, {
        params: {},
        pattern: '/resources/addresses',
      }),
    );

  it('refuses a guest with 401 before it reads the form', async () => {
    const outcome = outcomeOf(await post(pageContext(t, null), { intent: 'nonsense' }));
    expect(outcome).toMatchObject({
      kind: 'data',
      status: 401,
      data: { ok: false, message: 'Необходимо авторизоваться' },
    });
  });

  it('saves a new address (the default, the house), moves it in edit mode, and refuses a point outside the zones', async () => {
    const customer = await signIn(t, '+7 (900) 300-00-01');
    const context = pageContext(t, customer.user);
    const saved = outcomeOf(
      await post(context, { intent: 'save', ...fields('г. Ярославль, ул. Первая, 1', at(0)) }),
    );
    expect(saved).toMatchObject({ kind: 'data', status: 200, data: { ok: true, intent: 'save' } });
    const list = AddressListSchema.parse(await t.app.services.geo.listAddresses(customer.user._id));
    expect(list).toEqual([
      expect.objectContaining({ address: 'г. Ярославль, ул. Первая, 1', is_default: true }),
    ]);
    const user = await t.app.services.identity.getUser(customer.user._id);
    expect(user.house?.address).toBe('г. Ярославль, ул. Первая, 1');

    // Edit mode: the same address moved to a new point, the zone taken from where it lies.
    const id = list[0]?._id ?? '';
    const moved = outcomeOf(
      await post(context, { intent: 'update', id, ...fields('г. Ярославль, ул. Вторая, 2', at(0.002)) }),
    );
    expect(moved).toMatchObject({ kind: 'data', status: 200, data: { ok: true, intent: 'update' } });
    const after = await t.app.services.geo.listAddresses(customer.user._id);
    expect(after).toEqual([
      expect.objectContaining({
        _id: id,
        address: 'г. Ярославль, ул. Вторая, 2',
        coordinates: at(0.002),
        deliveryArea: findZoneForPoint([at(0.002).longitude, at(0.002).latitude], zones)?.id,
      }),
    ]);

    const outside = outcomeOf(
      await post(context, {
        intent: 'save',
        ...fields('Лес', { longitude: 38.5, latitude: 57.1 }),
        deliveryArea: zones[0]?.id ?? '',
      }),
    );
    expect(outside).toMatchObject({
      kind: 'data',
      status: 400,
      data: { ok: false, message: OUTSIDE_ZONES_MESSAGE, fields: { coordinates: OUTSIDE_ZONES_MESSAGE } },
    });
    // The point's fields left empty: the contract's message.
    const missingPoint = outcomeOf(
      await post(context, {
        intent: 'save',
        address: 'Без точки',
        city: city.id,
        deliveryArea: zones[0]?.id ?? '',
        'coordinates.longitude': '',
        'coordinates.latitude': '',
      }),
    );
    expect(missingPoint).toMatchObject({
      kind: 'data',
      status: 400,
      data: {
        message: 'Укажите точку на карте',
        fields: { 'coordinates.longitude': 'Укажите точку на карте' },
      },
    });
    // No point at all: the address is looked up, as POST /api/user/me/addresses does (SPEC §7 has no point).
    const unknownPlace = outcomeOf(
      await post(context, {
        intent: 'save',
        address: 'Без точки',
        city: city.id,
        deliveryArea: zones[0]?.id ?? '',
      }),
    );
    expect(unknownPlace).toMatchObject({
      kind: 'data',
      status: 400,
      data: { message: addressNotFoundMessage('Без точки') },
    });
    // Someone else's address cannot be moved.
    const stranger = await signIn(t, '+7 (900) 300-00-02');
    const foreign = outcomeOf(
      await post(pageContext(t, stranger.user), {
        intent: 'update',
        id,
        ...fields('г. Ярославль, чужой', at(0)),
      }),
    );
    expect(foreign).toMatchObject({ kind: 'data', status: 404, data: { message: 'Адрес не найден' } });
    expect(await t.app.services.geo.listAddresses(customer.user._id)).toHaveLength(1);
  });

  it('makes an address the default and deletes one from the cabinet, back to the tab with a flash', async () => {
    const customer = await signIn(t, '+7 (900) 300-00-03');
    const context = pageContext(t, customer.user);
    await post(context, { intent: 'save', ...fields('г. Ярославль, ул. Первая, 1', at(0)) });
    await post(context, { intent: 'save', ...fields('г. Ярославль, ул. Третья, 3', at(0.001)) });
    const [current, older] = await t.app.services.geo.listAddresses(customer.user._id);
    const cabinet = (form: Record<string, string>) =>
      cabinetAction(
        actionArgs(formPost('/lk?active=delivery', form), context, { params: {}, pattern: '/lk' }),
      );
    const made = outcomeOf(await cabinet({ intent: 'default', id: older?._id ?? '' }));
    expect(made).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/lk?active=delivery',
      cookie: expect.stringContaining('fresh_flash=address-default'),
    });
    expect((await t.app.services.geo.listAddresses(customer.user._id))[0]?._id).toBe(older?._id);
    const deleted = outcomeOf(await cabinet({ intent: 'delete', id: current?._id ?? '', confirm: 'yes' }));
    expect(deleted).toMatchObject({ kind: 'redirect', cookie: expect.stringContaining('address-deleted') });
    expect(await t.app.services.geo.listAddresses(customer.user._id)).toHaveLength(1);
    const unknown = outcomeOf(await cabinet({ intent: 'delete', id: 'не-id', confirm: 'yes' }));
    expect(unknown).toMatchObject({ kind: 'data', status: 400, data: { message: 'Адрес не найден' } });
  });
});
