import { ProductPageSchema } from '@core/contracts/catalog';
import { ErrorBodySchema } from '@core/contracts/common';
import {
  AddressListSchema,
  GeocodedAddressSchema,
  OUTSIDE_ZONES_MESSAGE,
  SavedAddressSchema,
} from '@core/contracts/geo';
import { LoginResponseSchema, UserResponseSchema } from '@core/contracts/identity';
import { formatDeliveryArea } from '@core/rules/delivery-area';
import { findZoneForPoint } from '@core/rules/geo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { signIn, testClientAddress } from '../../../tests/setup/identity';
import { lastCodeFor } from '../../../tests/setup/sms-outbox';
import { cities, deliveryZones, points } from '../../db/schema/index';

describe.each(TEST_DATABASE_KINDS)('addresses and zones on %s', (kind) => {
  let t: TestApp;
  let yaroslavl: typeof cities.$inferSelect;
  let zones: (typeof deliveryZones.$inferSelect)[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    [yaroslavl] = (await t.db.db.select().from(cities).where(eq(cities.slug, 'yaroslavl'))) as [
      typeof cities.$inferSelect,
    ];
    zones = await t.db.db.select().from(deliveryZones).where(eq(deliveryZones.cityId, yaroslavl.id));
  });

  afterAll(async () => {
    await t?.close();
  });

  const centre = () => ({ longitude: yaroslavl.centerLongitude, latitude: yaroslavl.centerLatitude });
  const centreZone = () => findZoneForPoint([yaroslavl.centerLongitude, yaroslavl.centerLatitude], zones);

  it('reverse-geocodes a map point offline, naming a known address near a shop', async () => {
    const [point] = await t.db.db.select().from(points).where(eq(points.cityId, yaroslavl.id)).limit(1);
    const near = await t.app.inject({
      method: 'GET',
      url: '/api/geo/reverse',
      query: { lng: String(point?.longitude), lat: String(point?.latitude) },
    });
    expect(near.statusCode).toBe(200);
    expect(GeocodedAddressSchema.parse(near.json()).address).toContain(
      point?.address.split(', ').slice(1).join(', '),
    );
    const elsewhere = GeocodedAddressSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/geo/reverse', query: { lng: '39.95', lat: '57.66' } })
      ).json(),
    );
    expect(elsewhere.address).toMatch(/^г\. Ярославль, .+, \d+$/);
    expect(elsewhere.address.endsWith(elsewhere.short)).toBe(true);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/geo/reverse',
      query: { lng: 'восток', lat: '57' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses guests (401), which the popup ignores', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/me/addresses',
      payload: {
        address: 'г. Ярославль, ул. Свободы, 1',
        deliveryArea: centreZone()?.id,
        city: yaroslavl.id,
        coordinates: centre(),
      },
    });
    expect(response.statusCode).toBe(401);
  });

  it('saves an address inside a zone, makes it the house, and corrects a stale zone id', async () => {
    const customer = await signIn(t, '+7 (900) 100-00-01');
    const otherZone = zones.find((zone) => zone.id !== centreZone()?.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/me/addresses',
      headers: customer.headers,
      payload: {
        address: 'г. Ярославль, ул. Свободы, 1',
        shortAddress: 'ул. Свободы, 1',
        deliveryArea: otherZone?.id,
        city: yaroslavl.id,
        coordinates: centre(),
      },
    });
    expect(response.statusCode).toBe(200);
    const saved = SavedAddressSchema.parse(response.json());
    expect(saved.deliveryArea).toBe(centreZone()?.id);
    expect(saved).toMatchObject({ is_default: true, flat: '', entrance: '', floor: '' });
    const me = UserResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/user/me', headers: customer.headers })).json(),
    );
    expect(me.user.house).toMatchObject({
      address: 'г. Ярославль, ул. Свободы, 1',
      shortAddress: 'ул. Свободы, 1',
      deliveryArea: centreZone()?.id,
      flat: '',
      entrance: '',
      floor: '',
    });
  });

  it('saves the address a guest chose when the login carries it (SPEC §4 Login 3, §6)', async () => {
    /** The login popups' calls: a code, then the login with the pending address (or a broken one). */
    async function logInWith(phone: string, address: unknown) {
      const remoteAddress = testClientAddress();
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/user/code',
        payload: { name: 'Гость', phone },
        remoteAddress,
      });
      expect(sent.statusCode).toBe(200);
      const normalised = `+7${phone.replace(/\D/g, '').slice(1)}`;
      const code = await lastCodeFor(t.smsOutbox, normalised);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { phone, code, address },
        remoteAddress,
      });
      expect(response.statusCode, response.body).toBe(200);
      return LoginResponseSchema.parse(response.json());
    }
    const otherZone = zones.find((zone) => zone.id !== centreZone()?.id);
    const pending = {
      address: 'г. Ярославль, ул. Гостевая, 7',
      shortAddress: 'ул. Гостевая, 7',
      // A stale zone from the browser: the server takes the zone the point lies in.
      deliveryArea: otherZone?.id,
      city: yaroslavl.id,
      coordinates: centre(),
    };
    const signedIn = await logInWith('+7 (900) 100-00-09', pending);
    // The login's own answer already has it as the house; the account lists it as the default address.
    expect(signedIn.user.house).toMatchObject({
      address: pending.address,
      shortAddress: pending.shortAddress,
      deliveryArea: centreZone()?.id,
    });
    const headers = { authorization: `Bearer ${signedIn.token}` };
    const list = AddressListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/user/me/addresses', headers })).json(),
    );
    expect(list).toEqual([
      expect.objectContaining({ address: pending.address, deliveryArea: centreZone()?.id, is_default: true }),
    ]);
    // A point outside every zone, or something that is no address at all: the login still succeeds, and
    // nothing is saved (SPEC §8: an address post failure is ignored).
    for (const [phone, address] of [
      ['+7 (900) 100-00-10', { ...pending, coordinates: { longitude: 38.5, latitude: 57.1 } }],
      ['+7 (900) 100-00-11', { address: 42, city: 'нет' }],
    ] as const) {
      const other = await logInWith(phone, address);
      expect(other.user.house).toBeNull();
      const none = await t.app.inject({
        method: 'GET',
        url: '/api/user/me/addresses',
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(AddressListSchema.parse(none.json())).toEqual([]);
    }
  });

  it('rejects a point outside every zone with the spec message', async () => {
    const customer = await signIn(t, '+7 (900) 100-00-02');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/me/addresses',
      headers: customer.headers,
      payload: {
        address: 'Где-то в лесу',
        deliveryArea: centreZone()?.id,
        city: yaroslavl.id,
        coordinates: { longitude: 38.5, latitude: 57.1 },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).message).toBe(OUTSIDE_ZONES_MESSAGE);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user/me/addresses',
      headers: customer.headers,
    });
    expect(AddressListSchema.parse(list.json())).toEqual([]);
  });

  it('lists, switches the default and deletes addresses', async () => {
    const customer = await signIn(t, '+7 (900) 100-00-03');
    const save = async (address: string, dx: number) =>
      SavedAddressSchema.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/user/me/addresses',
            headers: customer.headers,
            payload: {
              address,
              deliveryArea: centreZone()?.id,
              city: yaroslavl.id,
              coordinates: { longitude: yaroslavl.centerLongitude + dx, latitude: yaroslavl.centerLatitude },
            },
          })
        ).json(),
      );
    const first = await save('г. Ярославль, ул. Кирова, 1', 0);
    const second = await save('г. Ярославль, ул. Кирова, 3', 0.0005);
    let list = AddressListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/user/me/addresses', headers: customer.headers })
      ).json(),
    );
    expect(list.map((item) => [item._id, item.is_default])).toEqual([
      [second._id, true],
      [first._id, false],
    ]);
    list = AddressListSchema.parse(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/user/me/addresses/${first._id}/default`,
          headers: customer.headers,
        })
      ).json(),
    );
    expect(list.find((item) => item.is_default)?._id).toBe(first._id);
    list = AddressListSchema.parse(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/user/me/addresses/${first._id}`,
          headers: customer.headers,
        })
      ).json(),
    );
    expect(list.map((item) => [item._id, item.is_default])).toEqual([[second._id, true]]);
    const me = UserResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/user/me', headers: customer.headers })).json(),
    );
    expect(me.user.house?.address).toBe('г. Ярославль, ул. Кирова, 3');
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/me/addresses/${first._id}`,
      headers: customer.headers,
    });
    expect(missing.statusCode).toBe(404);
    const withoutHeader = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/me/addresses/${second._id}`,
      headers: { cookie: customer.cookie },
    });
    expect(withoutHeader.statusCode).toBe(403);
  });

  it('narrows the catalogue to the area of the cookie, and ignores a forged cookie', async () => {
    const zone = centreZone();
    const all = ProductPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/catalog/products' })).json(),
    );
    const inZone = ProductPageSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/catalog/products',
          cookies: {
            fresh_area: formatDeliveryArea({
              mode: 'delivery',
              cityId: yaroslavl.id,
              zoneId: zone?.id ?? '',
            }),
          },
        })
      ).json(),
    );
    expect(inZone.total).toBeGreaterThan(0);
    expect(inZone.total).toBeLessThan(all.total);
    const forged = ProductPageSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/catalog/products',
          cookies: { fresh_area: "d.1' or 1=1" },
        })
      ).json(),
    );
    expect(forged.total).toBe(all.total);
    const [point] = await t.db.db.select().from(points).limit(1);
    const atPoint = ProductPageSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/catalog/products',
          cookies: {
            fresh_area: formatDeliveryArea({
              mode: 'pickup',
              cityId: point?.cityId ?? '',
              pointId: point?.id ?? '',
            }),
          },
        })
      ).json(),
    );
    expect(atPoint.total).toBeLessThan(all.total);
    for (const product of atPoint.products) expect(product.offer?.point).toBe(point?.id);
  });
});
