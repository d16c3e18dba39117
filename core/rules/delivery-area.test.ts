import { describe, expect, it } from 'vitest';
import { formatDeliveryArea, parseDeliveryArea, scopeOf } from './delivery-area';

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
