/**
 * Demo cities and their delivery zones (DESIGN.md §4). Rings are GeoJSON order [longitude, latitude] and
 * closed; the zones of a city tile the map without overlapping, neighbours share their borders exactly.
 */
import type { LngLat } from '../../../../core/rules/geo';

export type ZoneKey =
  | 'yar-dzerzhinsky'
  | 'yar-leninsky'
  | 'yar-zavolzhsky'
  | 'yar-frunzensky'
  | 'yar-kirovsky'
  | 'yar-krasnoperekopsky'
  | 'kos-tsentralny'
  | 'kos-fabrichny'
  | 'kos-zavolzhsky';

export type ZoneSeed = {
  /** A stable key; stores refer to zones by it. */
  key: ZoneKey;
  name: string;
  /** '#rrggbb', distinct within a city. */
  color: string;
  /** The outer ring, closed (first position == last). */
  ring: LngLat[];
};

export type CitySeed = {
  slug: string;
  name: string;
  isDefault: boolean;
  center: { latitude: number; longitude: number };
  zones: ZoneSeed[];
};

/** A closed axis-aligned rectangle ring from its west, south, east and north edges. */
function box(west: number, south: number, east: number, north: number): LngLat[] {
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
}

export const CITIES: readonly CitySeed[] = [
  {
    slug: 'yaroslavl',
    name: 'Ярославль',
    isDefault: true,
    center: { latitude: 57.63, longitude: 39.89 },
    zones: [
      // North-west: Ленинградский проспект, Брагино.
      {
        key: 'yar-dzerzhinsky',
        name: 'Дзержинский',
        color: '#4f86c6',
        ring: box(39.78, 57.655, 39.86, 57.71),
      },
      // North of the centre, along проспект Ленина and проспект Октября.
      { key: 'yar-leninsky', name: 'Ленинский', color: '#e0a43a', ring: box(39.86, 57.645, 39.93, 57.69) },
      // Across the Volga.
      { key: 'yar-zavolzhsky', name: 'Заволжский', color: '#8e6cc4', ring: box(39.93, 57.64, 40.02, 57.7) },
      // West and south-west: проспект Фрунзе, Московский проспект.
      {
        key: 'yar-frunzensky',
        name: 'Фрунзенский',
        color: '#d0605e',
        ring: box(39.78, 57.57, 39.86, 57.655),
      },
      // The historic centre.
      { key: 'yar-kirovsky', name: 'Кировский', color: '#3fa36b', ring: box(39.86, 57.615, 39.93, 57.645) },
      // South-east, beyond the Которосль.
      {
        key: 'yar-krasnoperekopsky',
        name: 'Красноперекопский',
        color: '#2fa7b5',
        ring: box(39.86, 57.575, 39.96, 57.615),
      },
    ],
  },
  {
    slug: 'kostroma',
    name: 'Кострома',
    isDefault: false,
    center: { latitude: 57.767, longitude: 40.927 },
    zones: [
      { key: 'kos-tsentralny', name: 'Центральный', color: '#3fa36b', ring: box(40.88, 57.755, 40.96, 57.8) },
      { key: 'kos-fabrichny', name: 'Фабричный', color: '#e0a43a', ring: box(40.96, 57.755, 41.03, 57.8) },
      // The right bank of the Volga.
      { key: 'kos-zavolzhsky', name: 'Заволжский', color: '#4f86c6', ring: box(40.88, 57.71, 41.0, 57.755) },
    ],
  },
];
