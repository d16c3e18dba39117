/**
 * Forward geocoding (issue 21): a typed address → places, offline over the demo street grid and the shops'
 * addresses, and over HTTP (Yandex, Nominatim) against a local stand-in.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNominatimGeocoder,
  createOfflineGeocoder,
  createYandexGeocoder,
  type SearchCity,
  withFallback,
} from './geocoder';

const YAROSLAVL: SearchCity = {
  name: 'Ярославль',
  center: [39.89, 57.63],
  bounds: { west: 39.78, south: 57.57, east: 40.02, north: 57.71 },
};

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
                { GeoObject: { name: 'улица Свободы, 46', Point: { pos: '39.8705 57.6262' } } },
                { GeoObject: { name: 'без точки' } },
                { GeoObject: { name: 'улица Свободы, 48', Point: { pos: 'где-то там' } } },
              ],
            },
          },
        }),
      );
    } else if (url.pathname === '/nominatim/search') {
      response.end(
        JSON.stringify([
          {
            lat: '57.6262',
            lon: '39.8705',
            address: { road: 'улица Свободы', house_number: '46', city: 'Ярославль' },
          },
          { lat: '57.6', lon: '39.8', address: {} },
        ]),
      );
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

const inBounds = ([lng, lat]: [number, number], { bounds }: SearchCity) =>
  lng >= bounds.west && lng <= bounds.east && lat >= bounds.south && lat <= bounds.north;

describe('forward geocoding', () => {
  const known = async () => [
    {
      at: [39.8705, 57.6262] as [number, number],
      address: 'Ярославль, ул. Свободы, 46',
      cityName: 'Ярославль',
    },
    {
      at: [40.9402, 57.7752] as [number, number],
      address: 'Кострома, ул. Советская, 71',
      cityName: 'Кострома',
    },
  ];

  it('offline: a shop’s own address typed as it is comes first', async () => {
    const offline = createOfflineGeocoder(known);
    const [first] = await offline.search('свободы 46', YAROSLAVL, 5);
    expect(first).toEqual({
      address: 'г. Ярославль, ул. Свободы, 46',
      short: 'ул. Свободы, 46',
      at: [39.8705, 57.6262],
    });
  });

  it('offline: the demo street grid has the streets of the city, each place reversing to itself', async () => {
    const offline = createOfflineGeocoder(async () => []);
    const places = await offline.search('Кирова', YAROSLAVL, 5);
    expect(places).toHaveLength(5);
    for (const place of places) {
      expect(place.short).toMatch(/^ул\. Кирова, \d+$/);
      expect(place.address).toBe(`г. Ярославль, ${place.short}`);
      expect(inBounds(place.at, YAROSLAVL)).toBe(true);
      // The map would show this very address at the suggested point.
      expect(await offline.reverse(place.at, YAROSLAVL)).toEqual({
        address: place.address,
        short: place.short,
      });
    }
    expect(new Set(places.map((place) => place.short)).size).toBe(5);
  });

  it('offline: the house typed where the grid has it, else the nearest numbers', async () => {
    const offline = createOfflineGeocoder(async () => []);
    const [exact] = await offline.search('ул. Кирова, 10', YAROSLAVL, 3);
    // The grid has every number 1–97 somewhere on a street of 18 across Ярославль's box.
    expect(exact?.short).toBe('ул. Кирова, 10');
    const near = await offline.search('Кирова 500', YAROSLAVL, 2);
    expect(near.map((place) => place.short)).toEqual(['ул. Кирова, 97', 'ул. Кирова, 96']);
  });

  it('offline: nothing for a street the city does not have, or no street at all', async () => {
    const offline = createOfflineGeocoder(known);
    expect(await offline.search('Тверская 1', YAROSLAVL, 5)).toEqual([]);
    expect(await offline.search('12', YAROSLAVL, 5)).toEqual([]);
    // Кострома's Советская is not Ярославль's shop address.
    expect((await offline.search('Советская 71', YAROSLAVL, 5)).map((place) => place.address)).not.toContain(
      'г. Кострома, ул. Советская, 71',
    );
  });

  it('asks Yandex inside the city’s box, and keeps only answers with a point', async () => {
    const geocoder = createYandexGeocoder({ url: `${base}/yandex`, apiKey: 'k', timeoutMs: 2000 });
    expect(await geocoder.search('свободы 46', YAROSLAVL, 5)).toEqual([
      { address: 'г. Ярославль, улица Свободы, 46', short: 'улица Свободы, 46', at: [39.8705, 57.6262] },
    ]);
    const query = seen.at(-1);
    expect(query?.searchParams.get('geocode')).toBe('Ярославль, свободы 46');
    expect(query?.searchParams.get('bbox')).toBe('39.78,57.57~40.02,57.71');
    expect(query?.searchParams.get('results')).toBe('5');
  });

  it('asks Nominatim’s search beside its reverse, bounded to the city', async () => {
    const geocoder = createNominatimGeocoder({ url: `${base}/nominatim`, timeoutMs: 2000 });
    expect(await geocoder.search('свободы 46', YAROSLAVL, 5)).toEqual([
      { address: 'г. Ярославль, улица Свободы, 46', short: 'улица Свободы, 46', at: [39.8705, 57.6262] },
    ]);
    const query = seen.at(-1);
    expect(query?.pathname).toBe('/nominatim/search');
    expect(query?.searchParams.get('q')).toBe('свободы 46, Ярославль');
    expect(query?.searchParams.get('bounded')).toBe('1');
  });

  it('falls back to offline only when the service fails', async () => {
    const errors: unknown[] = [];
    const failing = withFallback(
      createYandexGeocoder({ url: `${base}/broken`, apiKey: 'k', timeoutMs: 2000 }),
      createOfflineGeocoder(known),
      (error) => errors.push(error),
    );
    expect((await failing.search('свободы 46', YAROSLAVL, 1))[0]?.short).toBe('ул. Свободы, 46');
    expect(errors).toHaveLength(1);
  });
});
