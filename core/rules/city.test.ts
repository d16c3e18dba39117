import { describe, expect, it } from 'vitest';
import { type CityPlace, cityForVisitor, distanceM, nearestCity } from './city';

const yaroslavl: CityPlace & { name: string } = {
  id: 'yar',
  name: 'Ярославль',
  isDefault: true,
  center: [39.89, 57.63],
};
const kostroma: CityPlace & { name: string } = {
  id: 'kos',
  name: 'Кострома',
  isDefault: false,
  center: [40.927, 57.767],
};
const cities = [kostroma, yaroslavl];

describe('the visitor’s city', () => {
  it('measures great-circle distances', () => {
    // Ярославль to Кострома is about 63 km as the crow flies.
    expect(distanceM(yaroslavl.center, kostroma.center)).toBeGreaterThan(60_000);
    expect(distanceM(yaroslavl.center, kostroma.center)).toBeLessThan(66_000);
    expect(distanceM(yaroslavl.center, yaroslavl.center)).toBe(0);
  });

  it('finds the nearest city to a point', () => {
    expect(nearestCity(cities, [40.9, 57.75])?.name).toBe('Кострома');
    expect(nearestCity(cities, [39.7, 57.6])?.name).toBe('Ярославль');
    // Moscow: still Ярославль, the nearer of the two.
    expect(nearestCity(cities, [37.62, 55.75])?.name).toBe('Ярославль');
    expect(nearestCity([], [37.62, 55.75])).toBeUndefined();
  });

  it('takes the visitor’s own choice first, then the IP’s place, then the default city, then the first', () => {
    expect(cityForVisitor(cities, { chosenCityId: 'kos', near: [39.7, 57.6] })?.name).toBe('Кострома');
    expect(cityForVisitor(cities, { near: [40.9, 57.75] })?.name).toBe('Кострома');
    expect(cityForVisitor(cities, {})?.name).toBe('Ярославль');
    // A stale or forged choice is no choice.
    expect(cityForVisitor(cities, { chosenCityId: 'gone' })?.name).toBe('Ярославль');
    expect(cityForVisitor([kostroma, { ...yaroslavl, isDefault: false }], {})?.name).toBe('Кострома');
    expect(cityForVisitor([], {})).toBeUndefined();
  });
});
