import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CHAT_TEXT_MAX_LENGTH } from '../../../core/rules/chat';
import { stores } from './catalog';
import { files, users } from './identity';

/**
 * Roles beyond 'customer' (every user is one): 'operator' answers the support chat and moves orders in the
 * /operator console. Granted by `npm run user:role -- <phone> operator` (docs/decisions/027).
 */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['operator'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** The shops whose orders an operator's board shows; an operator with none serves every shop. */
export const operatorStores = pgTable(
  'operator_stores',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] })],
);

/** One support conversation per customer (SPEC §1 'a support chat'); closed by an operator, reopened by a message. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_conversations_customer_idx').on(t.customerId),
    index('chat_conversations_open_idx').on(t.status, t.lastMessageAt),
  ],
);

/**
 * A message of a conversation. `seq` orders them (and is the cursor of the history's pages); `readAt` is when
 * the other side read it (the sent / read state).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role', { enum: ['customer', 'operator'] }).notNull(),
    text: text('text').notNull().default(''),
    imageId: uuid('image_id').references(() => files.id, { onDelete: 'set null' }),
    imagePath: text('image_path'),
    /** An order the customer asks about (its number: /order/{number}). */
    orderNumber: integer('order_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * The Idempotency-Key the message was posted with (the API's header, the chat form's hidden field): a
     * repeat of the post by the same author answers this message instead of storing another (ADR 037).
     */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.seq),
    uniqueIndex('chat_messages_idempotency_idx')
      .on(t.authorId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('chat_messages_unread_idx').on(t.conversationId, t.authorRole).where(sql`${t.readAt} is null`),
    check(
      'chat_messages_text_length',
      sql`char_length(${t.text}) <= ${sql.raw(String(CHAT_TEXT_MAX_LENGTH))}`,
    ),
    check('chat_messages_not_empty', sql`${t.text} <> '' or ${t.imagePath} is not null`),
  ],
);

/** Web push subscriptions (SPEC §7 POST /api/notification/subscribe); removed when the push service says 404/410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Pushes in a row the push service did not take (a success starts over); too many drop it (ADR 037). */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
