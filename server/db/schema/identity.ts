import type { House } from '@core/contracts/identity';
import { type AnyPgColumn, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Customers, one per phone number (+7XXXXXXXXXX). */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  phone: text('phone').notNull().unique(),
  name: text('name').notNull(),
  email: text('email'),
  imageId: uuid('image_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
  /** The saved delivery address (SPEC §3 User.house); the address issue writes it. */
  house: jsonb('house').$type<House>(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Images a customer uploaded, re-encoded to WebP and stored under generated names. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    /** The storage key ('avatars/<uuid>.webp') and the public path it is served at. */
    storageKey: text('storage_key').notNull().unique(),
    path: text('path').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('files_user_created_idx').on(table.userId, table.createdAt)],
);

/** Signed-in sessions: only the SHA-256 of the token is kept; the token itself lives in the cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** Absolute lifetime: 30 days after login, however active the session is. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

/**
 * The one live SMS code per phone: a new send replaces it. Only an HMAC of the code is stored; `attempts`
 * counts the tries spent on it (at most 5).
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    phone: text('phone').primaryKey(),
    codeHmac: text('code_hmac').notNull(),
    /** The name typed into the login popup, given to the account if this phone has none yet. */
    name: text('name').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sms_codes_expires_idx').on(table.expiresAt)],
);

/** Counters of the login limits (server/limits) when Redis is not configured. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_reset_idx').on(table.resetAt)],
);

/** Secrets generated on first start and shared by every process (the SMS code HMAC key without AUTH_SECRET). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
