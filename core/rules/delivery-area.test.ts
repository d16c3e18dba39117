import { describe, expect, it } from 'vitest';
import {
  AREA_LABEL_MAX_LENGTH,
  DELIVERY_AREA_COOKIE,
  DELIVERY_AREA_MAX_AGE_S,
  formatCityChoice,
  formatDeliveryArea,
  parseCityChoice,
  parseDeliveryArea,
  scopeOf,
} from './delivery-area';

const city = '11111111-1111-4111-8111-111111111111';
const zone = '22222222-2222-4222-8222-222222222222';

describe('delivery area cookie', () => {
  it('round-trips delivery and pickup areas', () => {
    for (const area of [
      { mode: 'delivery', cityId: city, zoneId: zone },
      { mode: 'pickup', cityId: city, pointId: zone },
    ] as const) {
      expect(parseDeliveryArea(formatDeliveryArea(area))).toEqual(area);
    }
  });

  it('carries the header label, Cyrillic included', () => {
    const area = { mode: 'delivery', cityId: city, zoneId: zone, label: 'ул. Свободы, 12' } as const;
    const value = formatDeliveryArea(area);
    expect(value).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(parseDeliveryArea(value)).toEqual(area);
    expect(parseDeliveryArea(`${formatDeliveryArea({ ...area, label: undefined })}.%%%`)).toBeUndefined();
    expect(parseDeliveryArea(`${formatDeliveryArea({ ...area, label: undefined })}.____`)).toEqual({
      mode: 'delivery',
      cityId: city,
      zoneId: zone,
    });
  });

  it('is the fresh_area cookie, kept for a year', () => {
    expect(DELIVERY_AREA_COOKIE).toBe('fresh_area');
    expect(DELIVERY_AREA_MAX_AGE_S).toBe(31_536_000);
  });

  it('carries labels of any length in cookie-safe characters, padding and all', () => {
    // «пао» encodes to base64 with both «+» and «/»; one to three bytes need two, one and no padding signs.
    for (const label of ['пао', 'a', 'ab', 'abc', 'ё']) {
      const area = { mode: 'pickup', cityId: city, pointId: zone, label } as const;
      const value = formatDeliveryArea(area);
      expect(value, label).toMatch(/^[A-Za-z0-9._-]+$/);
      expect(parseDeliveryArea(value), label).toEqual(area);
    }
  });

  it(`cuts the label to ${AREA_LABEL_MAX_LENGTH} characters, written and read`, () => {
    const long = 'Ярославль, улица Свободы, дом 12, '.repeat(10);
    const written = parseDeliveryArea(
      formatDeliveryArea({ mode: 'delivery', cityId: city, zoneId: zone, label: long }),
    );
    expect(written?.label).toBe(long.slice(0, AREA_LABEL_MAX_LENGTH));
    // A cookie written by something else with a longer label is cut as it is read.
    const forged = `d.${city}.${zone}.${btoa('x'.repeat(200)).replace(/=+$/, '')}`;
    expect(parseDeliveryArea(forged)?.label).toBe('x'.repeat(AREA_LABEL_MAX_LENGTH));
  });

  it('reads ids in either case', () => {
    const lettered = 'abcdef12-3456-4789-8abc-def012345678';
    expect(parseDeliveryArea(`d.${city}.${lettered.toUpperCase()}`)).toEqual({
      mode: 'delivery',
      cityId: city,
      zoneId: lettered.toUpperCase(),
    });
  });

  it('ignores anything else', () => {
    for (const value of [
      undefined,
      '',
      'd.1.2',
      `x.${city}.${zone}`,
      `d.${city}.${zone}.ex tra`,
      `d.${city}.${zone}.a.b`,
      `d.${city}'--`,
    ]) {
      expect(parseDeliveryArea(value)).toBeUndefined();
    }
  });

  it('turns an area into the assortment scope', () => {
    expect(scopeOf({ mode: 'delivery', cityId: city, zoneId: zone })).toEqual({ zoneId: zone });
    expect(scopeOf({ mode: 'pickup', cityId: city, pointId: zone })).toEqual({ pointId: zone });
    expect(scopeOf(undefined)).toBeUndefined();
  });
});

describe('a city chosen before an address', () => {
  it('is the same cookie as c.<city>, which is no delivery area', () => {
    const value = formatCityChoice(city);
    expect(value).toBe(`c.${city}`);
    expect(parseDeliveryArea(value)).toBeUndefined();
    expect(parseCityChoice(value)).toBe(city);
  });

  it('is also the city of a delivery or pickup area, and nothing else', () => {
    expect(parseCityChoice(formatDeliveryArea({ mode: 'delivery', cityId: city, zoneId: zone }))).toBe(city);
    expect(
      parseCityChoice(formatDeliveryArea({ mode: 'pickup', cityId: city, pointId: zone, label: 'x' })),
    ).toBe(city);
    for (const value of [undefined, '', 'c.', `c.${city}.x`, `x.${city}`, 'c.not-a-uuid', `c.${city}\n`])
      expect(parseCityChoice(value), String(value)).toBeUndefined();
  });

  it('scopes the assortment to the city only while there is no area', () => {
    expect(scopeOf(undefined, city)).toEqual({ cityId: city });
    expect(scopeOf(undefined, undefined)).toBeUndefined();
    expect(scopeOf({ mode: 'delivery', cityId: city, zoneId: zone }, city)).toEqual({ zoneId: zone });
    expect(scopeOf({ mode: 'pickup', cityId: city, pointId: zone }, city)).toEqual({ pointId: zone });
  });
});
