import { boolean, doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cities, deliveryZones } from './geo';
import { users } from './identity';

/**
 * A customer's saved delivery addresses (SPEC §3: address, deliveryArea, city), with the point on the map and
 * the details a courier needs. One of them is the default; it is also the user's `house`.
 */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    shortAddress: text('short_address').notNull(),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => deliveryZones.id),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    flat: text('flat').notNull().default(''),
    entrance: text('entrance').notNull().default(''),
    floor: text('floor').notNull().default(''),
    comment: text('comment').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_addresses_user_idx').on(t.userId, t.createdAt)],
);
