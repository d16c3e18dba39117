import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/** A ring of [longitude, latitude] pairs, GeoJSON order; the first ring is the outer boundary. */
export type PolygonCoordinates = [number, number][][];

export const cities = pgTable('cities', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  centerLatitude: doublePrecision('center_latitude').notNull(),
  centerLongitude: doublePrecision('center_longitude').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    polygon: jsonb('polygon').$type<PolygonCoordinates>().notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('delivery_zones_city_idx').on(t.cityId)],
);
