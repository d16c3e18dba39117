import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGeocoder,
  createNominatimGeocoder,
  createOfflineGeocoder,
  createYandexGeocoder,
  withFallback,
} from './geocoder';

const YAROSLAVL = { name: 'Ярославль' };

/** A local stand-in for the Yandex and Nominatim endpoints: answers by path, records the queries. */
let server: http.Server;
let base = '';
const seen: URL[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    seen.push(url);
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/yandex') {
      response.end(
        JSON.stringify({
          response: {
            GeoObjectCollection: {
              featureMember: [
                {
                  GeoObject: {
                    name: 'улица Свободы, 12',
                    metaDataProperty: { GeocoderMetaData: { text: 'Россия, Ярославль, улица Свободы, 12' } },
                  },
                },
              ],
            },
          },
        }),
      );
    } else if (url.pathname === '/nominatim') {
      response.end(
        JSON.stringify({ address: { road: 'улица Кирова', house_number: '5', city: 'Ярославль' } }),
      );
    } else if (url.pathname === '/empty') {
      response.end(JSON.stringify({ response: { GeoObjectCollection: { featureMember: [] } } }));
    } else {
      response.statusCode = 500;
      response.end('{}');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

const noKnown = async () => [];

describe('geocoders', () => {
  it('asks Yandex for the house at lng,lat and reads its answer', async () => {
    const geocoder = createYandexGeocoder({ url: `${base}/yandex`, apiKey: 'test-key', timeoutMs: 2000 });
    expect(await geocoder.reverse([39.89, 57.63], YAROSLAVL)).toEqual({
      address: 'г. Ярославль, улица Свободы, 12',
      short: 'улица Свободы, 12',
    });
    const query = seen.at(-1);
    expect(query?.searchParams.get('geocode')).toBe('39.89,57.63');
    expect(query?.searchParams.get('apikey')).toBe('test-key');
    expect(query?.searchParams.get('lang')).toBe('ru_RU');
  });

  it('asks Nominatim with lat and lon in Russian', async () => {
    const geocoder = createNominatimGeocoder({ url: `${base}/nominatim`, timeoutMs: 2000 });
    expect(await geocoder.reverse([39.89, 57.63], YAROSLAVL)).toEqual({
      address: 'г. Ярославль, улица Кирова, 5',
      short: 'улица Кирова, 5',
    });
    const query = seen.at(-1);
    expect(query?.searchParams.get('lat')).toBe('57.63');
    expect(query?.searchParams.get('lon')).toBe('39.89');
    expect(query?.searchParams.get('accept-language')).toBe('ru');
  });

  it('falls back to the offline answer when the service fails or knows nothing', async () => {
    const errors: unknown[] = [];
    const offline = createOfflineGeocoder(noKnown);
    const failing = withFallback(
      createYandexGeocoder({ url: `${base}/broken`, apiKey: 'k', timeoutMs: 2000 }),
      offline,
      (error) => errors.push(error),
    );
    const answer = await failing.reverse([39.89, 57.63], YAROSLAVL);
    expect(answer?.address).toMatch(/^г\. Ярославль, /);
    expect(errors).toHaveLength(1);
    const empty = withFallback(
      createYandexGeocoder({ url: `${base}/empty`, apiKey: 'k', timeoutMs: 2000 }),
      offline,
      (error) => errors.push(error),
    );
    expect((await empty.reverse([39.89, 57.63], YAROSLAVL))?.address).toMatch(/^г\. Ярославль, /);
    expect(errors).toHaveLength(1);
  });

  it('answers offline from the nearest known address, else the street grid, the same every time', async () => {
    const offline = createOfflineGeocoder(async () => [
      { at: [39.8937, 57.6263], address: 'Ярославль, ул. Свободы, 12', cityName: 'Ярославль' },
    ]);
    expect(await offline.reverse([39.8938, 57.6263], YAROSLAVL)).toEqual({
      address: 'г. Ярославль, ул. Свободы, 12',
      short: 'ул. Свободы, 12',
    });
    const far = await offline.reverse([39.95, 57.66], YAROSLAVL);
    expect(far).toEqual(await offline.reverse([39.95, 57.66], YAROSLAVL));
    expect(far?.short).toMatch(/^.+, \d+$/);
  });

  it('needs a key for Yandex', () => {
    expect(() =>
      createGeocoder(
        { GEOCODER: 'yandex', GEOCODER_URL: undefined, YANDEX_GEOCODER_KEY: undefined },
        noKnown,
        () => {},
      ),
    ).toThrow(/YANDEX_GEOCODER_KEY/);
  });
});
