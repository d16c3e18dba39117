/**
 * Issue 21: addresses by typing (forward geocoding through GET /api/geo/search, with the zone each place lies
 * in), SPEC §7's address post without `coordinates` (found by the geocoder, or a 400 in Russian), the visitor's
 * city from the cookie or the proxy's IP headers, and the search's rate limit per client address.
 */
import { ErrorBodySchema } from '@core/contracts/common';
import { PlaceListSchema, SavedAddressSchema } from '@core/contracts/geo';
import { formatCityChoice } from '@core/rules/delivery-area';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, signIn } from '../../../tests/setup/identity';
import { cities, deliveryZones } from '../../db/schema/index';
import { PLACE_SEARCHES_PER_MINUTE } from './places';

const nextPhone = phoneSequence('8921');

describe.each(TEST_DATABASE_KINDS)('typed addresses on %s', (kind) => {
  let t: TestApp;
  let yaroslavl: typeof cities.$inferSelect;
  let kostroma: typeof cities.$inferSelect;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { IP_LOCATION_HEADERS: 'x-geo-lat,x-geo-lng' } });
    const rows = await t.db.db.select().from(cities);
    yaroslavl = rows.find((row) => row.slug === 'yaroslavl') as typeof yaroslavl;
    kostroma = rows.find((row) => row.slug === 'kostroma') as typeof kostroma;
  });

  afterAll(async () => {
    await t?.close();
  });

  let nextIp = 10;
  /** Each test its own client address: the search's rate limit counts per address. */
  const clientIp = () => {
    nextIp += 1;
    return `203.0.113.${nextIp}`;
  };

  async function search(query: Record<string, string>, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'GET',
      url: '/api/geo/search',
      query,
      headers,
      remoteAddress: clientIp(),
    });
  }

  it('finds a typed street in the city, each place with its point and the zone it lies in', async () => {
    const response = await search({ q: 'свободы 46', city: yaroslavl.id });
    expect(response.statusCode).toBe(200);
    const places = PlaceListSchema.parse(response.json());
    expect(places.length).toBeGreaterThan(1);
    // The shop «Фермерский двор на Свободы» stands at ул. Свободы, 46: its own address comes first.
    expect(places[0]).toMatchObject({
      address: 'г. Ярославль, ул. Свободы, 46',
      short: 'ул. Свободы, 46',
      city: yaroslavl.id,
    });
    const zones = await t.db.db.select().from(deliveryZones).where(eq(deliveryZones.cityId, yaroslavl.id));
    expect(zones.map((zone) => zone.id)).toContain(places[0]?.deliveryArea);
    for (const place of places) expect(place.short).toMatch(/Свободы/);
  });

  it('looks in the visitor’s city without `city`: the chosen one, else the nearest to the IP’s place, else the default', async () => {
    const cityOf = async (headers: Record<string, string>) => {
      const places = PlaceListSchema.parse((await search({ q: 'Советская' }, headers)).json());
      return places[0]?.city;
    };
    expect(await cityOf({})).toBe(yaroslavl.id);
    expect(await cityOf({ cookie: `fresh_area=${formatCityChoice(kostroma.id)}` })).toBe(kostroma.id);
    // The proxy says the client is near Кострома.
    expect(await cityOf({ 'x-geo-lat': '57.76', 'x-geo-lng': '40.93' })).toBe(kostroma.id);
    expect(await cityOf({ 'x-geo-lat': 'север', 'x-geo-lng': '40.93' })).toBe(yaroslavl.id);
  });

  it('answers nothing for a street the city does not have, and 400 in Russian for bad queries', async () => {
    const none = await search({ q: 'Тверская 1', city: yaroslavl.id });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    const bad: Record<string, string>[] = [
      { q: 'ул' },
      { q: 'я'.repeat(201) },
      { q: 'свободы', city: 'не-город' },
      {},
    ];
    for (const query of bad) {
      const response = await search(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).message).toMatch(/[а-я]/);
    }
    const unknown = await search({ q: 'свободы', city: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, message: 'Выберите город из списка' });
  });

  it(`allows ${PLACE_SEARCHES_PER_MINUTE} searches a minute per client address, then 429 with Retry-After`, async () => {
    const ip = '203.0.113.250';
    const ask = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/geo/search',
        query: { q: 'Кирова', city: yaroslavl.id },
        remoteAddress: ip,
      });
    for (let i = 0; i < PLACE_SEARCHES_PER_MINUTE; i += 1) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'Слишком много запросов, попробуйте позже',
    });
    // Another address is not held up.
    expect((await search({ q: 'Кирова', city: yaroslavl.id })).statusCode).toBe(200);
  });

  it('saves SPEC §7’s body without coordinates: the geocoder finds the address and its zone', async () => {
    const customer = await signIn(t, nextPhone());
    const zones = await t.db.db.select().from(deliveryZones).where(eq(deliveryZones.cityId, yaroslavl.id));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/me/addresses',
      headers: customer.headers,
      // SPEC §7: address, deliveryArea, city. The zone sent is stale: the one the address lies in counts.
      payload: { address: 'Ярославль, ул. Свободы, 46', deliveryArea: zones.at(-1)?.id, city: yaroslavl.id },
    });
    expect(response.statusCode).toBe(200);
    const saved = SavedAddressSchema.parse(response.json());
    expect(saved).toMatchObject({
      address: 'г. Ярославль, ул. Свободы, 46',
      shortAddress: 'ул. Свободы, 46',
      city: yaroslavl.id,
      coordinates: { longitude: 39.8705, latitude: 57.6262 },
      is_default: true,
    });
    const kirovsky = zones.find((zone) => zone.name === 'Кировский');
    expect(saved.deliveryArea).toBe(kirovsky?.id);
  });

  it('refuses an address the geocoder cannot find with 400 and a Russian message naming it', async () => {
    const customer = await signIn(t, nextPhone());
    const [zone] = await t.db.db.select().from(deliveryZones).where(eq(deliveryZones.cityId, yaroslavl.id));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/me/addresses',
      headers: customer.headers,
      payload: { address: 'Тверская улица, 7', deliveryArea: zone?.id, city: yaroslavl.id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: 'Не нашли адрес «Тверская улица, 7». Уточните улицу и номер дома или отметьте точку на карте',
      errors: {
        address:
          'Не нашли адрес «Тверская улица, 7». Уточните улицу и номер дома или отметьте точку на карте',
      },
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user/me/addresses',
      headers: customer.headers,
    });
    expect(list.json()).toEqual([]);
  });
});
