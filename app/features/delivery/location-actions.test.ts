/**
 * The location page without JavaScript (issue 21 item 19, ADR 038): a city, a typed address or a pickup point
 * chosen with plain forms is written to the area cookie by the server, and the shopper goes back where they
 * were; a signed-in customer's address is saved to the account. Called as React Router calls the action, over
 * the test app's real services, on PGlite and PostgreSQL.
 */
import { AddressListSchema, OUTSIDE_ZONES_MESSAGE } from '@core/contracts/geo';
import { formatCityChoice, parseDeliveryArea } from '@core/rules/delivery-area';
import { cities, points, stores } from '@server/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as locationAction, loader as locationLoader } from '~/routes/location';
import { actionArgs, formPost, outcomeOf, pageContext } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, signIn } from '../../../tests/setup/identity';

const nextPhone = phoneSequence('8922');

/** The value the Set-Cookie of the area cookie sets (the flash cookie rides beside it). */
function areaCookieValue(setCookie: string | null): string | undefined {
  return /fresh_area=([^;]*)/.exec(setCookie ?? '')?.[1];
}

describe.each(TEST_DATABASE_KINDS)('the location page’s action on %s', (kind) => {
  let t: TestApp;
  let yaroslavl: typeof cities.$inferSelect;
  let kostroma: typeof cities.$inferSelect;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const rows = await t.db.db.select().from(cities);
    yaroslavl = rows.find((row) => row.slug === 'yaroslavl') as typeof yaroslavl;
    kostroma = rows.find((row) => row.slug === 'kostroma') as typeof kostroma;
    // A shop's address in the south-east corner of Ярославль's map, where no zone reaches.
    const [store] = await t.db.db
      .insert(stores)
      .values({ slug: `okraina-${kind}`, name: 'Лавка на окраине', kind: 'grocery' })
      .returning();
    await t.db.db.insert(points).values({
      storeId: store?.id ?? '',
      cityId: yaroslavl.id,
      slug: 'okrainnaya',
      name: 'Лавка на Окраинной',
      address: 'Ярославль, ул. Окраинная, 5',
      longitude: 40.0,
      latitude: 57.6,
      isPickup: false,
      schedule: {},
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  let nextIp = 20;
  const guest = () => {
    nextIp += 1;
    return pageContext(t, null, { clientIp: `203.0.113.${nextIp}` });
  };
  const post = async (context: ReturnType<typeof pageContext>, fields: Record<string, string>) =>
    outcomeOf(
      await locationAction(
        actionArgs(formPost('/location', fields), context, { params: {}, pattern: '/location' }),
      ),
    );

  it('saves a typed street and house in a zone to the area cookie and goes back, without JavaScript', async () => {
    const outcome = await post(guest(), {
      intent: 'address',
      city: yaroslavl.id,
      address: 'ул. Свободы, 46',
      back: '/catalog?sort=new',
    });
    expect(outcome).toMatchObject({ kind: 'redirect', status: 302, location: '/catalog?sort=new' });
    const cookie = outcome.kind === 'redirect' ? outcome.cookie : null;
    expect(cookie).toContain('fresh_flash=address-saved');
    const area = parseDeliveryArea(areaCookieValue(cookie));
    expect(area).toMatchObject({ mode: 'delivery', cityId: yaroslavl.id, label: 'ул. Свободы, 46' });
  });

  it('asks which house when the street alone was typed, listing the places with their zones', async () => {
    const outcome = await post(guest(), {
      intent: 'address',
      city: yaroslavl.id,
      address: 'Свободы',
      back: '/',
    });
    expect(outcome).toMatchObject({
      kind: 'data',
      status: 200,
      data: { ok: true, intent: 'choose', message: 'Уточните адрес: выберите дом из списка' },
    });
    const places = outcome.kind === 'data' ? (outcome.data as { places: { short: string }[] }).places : [];
    expect(places[0]?.short).toBe('ул. Свободы, 46');
    for (const place of places) expect(place.short).toMatch(/Свободы/);
  });

  it('refuses an address it cannot find, and one outside every zone, in Russian with the typed values', async () => {
    const notFound = await post(guest(), { intent: 'address', city: yaroslavl.id, address: 'Тверская 1' });
    expect(notFound).toMatchObject({
      kind: 'data',
      status: 400,
      data: {
        ok: false,
        message: 'Не нашли адрес «Тверская 1». Уточните улицу и номер дома или отметьте точку на карте',
        // Conform's lastResult (ADR 042): the page rendered again keeps what was typed, the message on the field.
        result: expect.objectContaining({
          initialValue: { intent: 'address', city: yaroslavl.id, address: 'Тверская 1' },
          error: {
            address: ['Не нашли адрес «Тверская 1». Уточните улицу и номер дома или отметьте точку на карте'],
          },
        }),
      },
    });
    // A shop address beyond the zones (inserted before anything was geocoded): found, but not delivered to.
    const refused = await post(guest(), { intent: 'address', city: yaroslavl.id, address: 'Окраинная 5' });
    expect(refused).toMatchObject({
      kind: 'data',
      status: 400,
      data: { ok: false, message: OUTSIDE_ZONES_MESSAGE, fields: { address: OUTSIDE_ZONES_MESSAGE } },
    });
    const bad = await post(guest(), { intent: 'address', city: 'не-город', address: 'Свободы 46' });
    expect(bad).toMatchObject({ kind: 'data', status: 400, data: { ok: false, message: 'Выберите город' } });
  });

  it('saves a signed-in customer’s address to the account as well', async () => {
    const customer = await signIn(t, nextPhone());
    const context = pageContext(t, customer.user, { clientIp: '203.0.113.99' });
    const outcome = await post(context, { intent: 'address', city: yaroslavl.id, address: 'свободы 46' });
    expect(outcome).toMatchObject({ kind: 'redirect', location: '/' });
    const list = AddressListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/user/me/addresses', headers: customer.headers })
      ).json(),
    );
    expect(list).toMatchObject([{ address: 'г. Ярославль, ул. Свободы, 46', is_default: true }]);
    const area = parseDeliveryArea(areaCookieValue(outcome.kind === 'redirect' ? outcome.cookie : null));
    expect(area).toMatchObject({ mode: 'delivery', zoneId: list[0]?.deliveryArea });
  });

  it('makes a pickup point the area; a point without pickup is refused', async () => {
    const [pickup] = await t.db.db
      .select()
      .from(points)
      .where(and(eq(points.cityId, kostroma.id), eq(points.isPickup, true)))
      .limit(1);
    const chosen = await post(guest(), { intent: 'pickup', point: pickup?.id ?? '', back: '/shops' });
    expect(chosen).toMatchObject({ kind: 'redirect', location: '/shops' });
    expect(
      parseDeliveryArea(areaCookieValue(chosen.kind === 'redirect' ? chosen.cookie : null)),
    ).toMatchObject({
      mode: 'pickup',
      cityId: kostroma.id,
      pointId: pickup?.id,
    });
    const [deliveryOnly] = await t.db.db.select().from(points).where(eq(points.isPickup, false)).limit(1);
    const refused = await post(guest(), { intent: 'pickup', point: deliveryOnly?.id ?? '' });
    expect(refused).toMatchObject({
      kind: 'data',
      status: 400,
      data: { message: 'Выберите пункт самовывоза из списка' },
    });
  });

  it('chooses a city: the area of another city gives way, the area of this one stays', async () => {
    const chosen = await post(guest(), { intent: 'city', city: kostroma.id, back: '/product/x' });
    expect(chosen).toMatchObject({ kind: 'redirect', location: '/product/x' });
    expect(areaCookieValue(chosen.kind === 'redirect' ? chosen.cookie : null)).toBe(
      formatCityChoice(kostroma.id),
    );
    const inYaroslavl = {
      ...guest(),
      area: {
        mode: 'delivery' as const,
        cityId: yaroslavl.id,
        zoneId: '00000000-0000-4000-8000-000000000000',
      },
    };
    const kept = await post(inYaroslavl, { intent: 'city', city: yaroslavl.id });
    expect(kept).toMatchObject({ kind: 'redirect', cookie: null });
    // Anything but a path of this site goes home.
    const away = await post(guest(), { intent: 'city', city: kostroma.id, back: 'https://evil.example/' });
    expect(away).toMatchObject({ kind: 'redirect', location: '/' });
  });

  it('lists the city’s pickup points and the cities for the form', async () => {
    const request = new Request(`http://fresh.test/location?mode=pickup&city=${kostroma.id}&back=/basket`);
    const data = await locationLoader({
      request,
      params: {},
      context: guest(),
      unstable_pattern: '/location',
    } as unknown as Parameters<typeof locationLoader>[0]);
    expect(data).toMatchObject({ back: '/basket', mode: 'pickup', cityId: kostroma.id });
    expect(data.cities.map((city) => city.name)).toEqual(expect.arrayContaining(['Ярославль', 'Кострома']));
    expect(data.points.length).toBeGreaterThan(0);
    for (const point of data.points) expect(point).toMatchObject({ city: kostroma.id, is_pickup: true });
  });
});
