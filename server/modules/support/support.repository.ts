/** The support chat's and the operator role's queries (issue 15). */
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { rowFromColumns, selectPrefixed } from '../../db/columns';
import { chatConversations, chatMessages, operatorStores, userRoles } from '../../db/schema/index';
import { namedRows } from '../../db/statements';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type Role = (typeof userRoles.$inferSelect)['role'];

export async function findRoles(db: Db, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role);
}

/** Grants a role and sets the operator's shops (none: every shop), in one transaction. */
export async function grantRole(
  db: Db,
  userId: string,
  role: Role,
  storeIds: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(userRoles).values({ userId, role }).onConflictDoNothing();
    await tx.delete(operatorStores).where(eq(operatorStores.userId, userId));
    if (storeIds.length > 0) {
      await tx.insert(operatorStores).values(storeIds.map((storeId) => ({ userId, storeId })));
    }
  });
}

export async function revokeRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
    await tx.delete(operatorStores).where(eq(operatorStores.userId, userId));
  });
}

export async function findOperatorStores(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ storeId: operatorStores.storeId })
    .from(operatorStores)
    .where(eq(operatorStores.userId, userId));
  return rows.map((row) => row.storeId);
}

export async function findConversationOfCustomer(
  db: Db,
  customerId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.customerId, customerId));
  return row;
}

/** The ids of these customers' conversations. */
export async function findConversationIdsOfCustomers(
  db: Db,
  customerIds: readonly string[],
): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const rows = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(inArray(chatConversations.customerId, [...customerIds]));
  return rows.map((row) => row.id);
}

export async function findConversation(db: Db, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
  return row;
}

export type NewMessage = Omit<typeof chatMessages.$inferInsert, 'conversationId' | 'id' | 'seq' | 'readAt'>;

const conversationColumns = getTableColumns(chatConversations);
const messageColumns = getTableColumns(chatMessages);

/** The statement's one row, its columns as the CTEs return them (made once: client.ts). */
const RawRowSchema = z.record(z.string(), z.unknown());

/**
 * A message in the customer's conversation, and the conversation opened (or reopened) for it, in one
 * statement (data-modifying CTEs: both or neither, one round trip where a transaction took four; ADR 047).
 * With an idempotency key this author used before, no message is stored and the answer is undefined (a repeat
 * of that post; the caller answers the earlier message). Only two posts under one key at the same moment
 * reach that here (the service answers a repeat before it stores): the later one then leaves the conversation
 * open at its own time, a few milliseconds after the message the first one stored.
 */
export async function storeMessage(
  db: Executor,
  customerId: string,
  values: NewMessage,
): Promise<{ conversation: ConversationRow; message: MessageRow } | undefined> {
  const at = (values.createdAt ?? new Date()).toISOString();
  const value = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  const [raw] = await namedRows(
    db,
    'chat_store_message',
    RawRowSchema,
    () => sql`with c as (
        insert into ${chatConversations} (customer_id, status, last_message_at, created_at)
        values (${value('customerId', 'uuid')}, 'open', ${value('at', 'timestamptz')}, ${value('at', 'timestamptz')})
        on conflict (customer_id) do update set status = 'open', last_message_at = excluded.last_message_at
        returning *
      ), m as (
        insert into ${chatMessages} (conversation_id, author_id, author_role, text, image_id, image_path,
          order_number, created_at, idempotency_key)
        select c.id, ${value('authorId', 'uuid')}, ${value('authorRole', 'text')}, ${value('text', 'text')},
          ${value('imageId', 'uuid')}, ${value('imagePath', 'text')}, ${value('orderNumber', 'int')},
          ${value('at', 'timestamptz')}, ${value('idempotencyKey', 'text')}
        from c
        on conflict (author_id, idempotency_key) where idempotency_key is not null do nothing
        returning *
      )
      select ${selectPrefixed(chatConversations, 'c', 'c_')}, ${selectPrefixed(chatMessages, 'm', 'm_')}
      from c left join m on true`,
    {
      customerId,
      at,
      authorId: values.authorId ?? null,
      authorRole: values.authorRole,
      text: values.text ?? '',
      imageId: values.imageId ?? null,
      imagePath: values.imagePath ?? null,
      orderNumber: values.orderNumber ?? null,
      idempotencyKey: values.idempotencyKey ?? null,
    },
  );
  if (!raw) throw new Error('conversation not stored');
  // The key's message exists already (a repeat that came at the same time): this one stores nothing.
  if (raw.m_id === null || raw.m_id === undefined) return undefined;
  return {
    conversation: rowFromColumns<ConversationRow>(conversationColumns, raw, 'c_'),
    message: rowFromColumns<MessageRow>(messageColumns, raw, 'm_'),
  };
}

/** The message an author posted with this idempotency key, if any. */
export async function findMessageByKey(
  db: Db,
  authorId: string,
  key: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.authorId, authorId), eq(chatMessages.idempotencyKey, key)));
  return row;
}

/** A page of a conversation, oldest first: the `limit` messages before `before` (the newest without it). */
export async function listMessages(
  db: Db,
  conversationId: string,
  before: number | undefined,
  limit: number,
): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        before === undefined ? undefined : lt(chatMessages.seq, before),
      ),
    )
    .orderBy(desc(chatMessages.seq))
    .limit(limit);
  return rows.reverse();
}

/** Messages created at or after `since` in these conversations (all of them: null), oldest first. */
export function listMessagesSince(
  db: Db,
  conversationIds: readonly string[] | null,
  since: Date,
  limit: number,
): Promise<MessageRow[]> {
  if (conversationIds?.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(chatMessages)
    .where(
      and(
        gte(chatMessages.createdAt, since),
        conversationIds ? inArray(chatMessages.conversationId, [...conversationIds]) : undefined,
      ),
    )
    .orderBy(asc(chatMessages.seq))
    .limit(limit);
}

/** The other side's unread messages become read; how many did. */
export async function markMessagesRead(
  db: Db,
  conversationId: string,
  authorRole: MessageRow['authorRole'],
  at: Date,
): Promise<number> {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: at })
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.authorRole, authorRole),
        isNull(chatMessages.readAt),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length;
}

export async function setConversationStatus(
  db: Db,
  id: string,
  status: ConversationRow['status'],
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(chatConversations)
    .set({ status })
    .where(eq(chatConversations.id, id))
    .returning();
  return row;
}

export type ConversationListRow = ConversationRow & { unread: number; lastMessage: MessageRow | null };

/**
 * Conversations newest first, each with the customer's unread count and its last message; only these
 * customers' (everyone's: null).
 */
export async function listConversations(
  db: Db,
  status: ConversationRow['status'] | 'all',
  limit: number,
  customerIds: readonly string[] | null = null,
): Promise<ConversationListRow[]> {
  if (customerIds?.length === 0) return [];
  const conversations = await db
    .select()
    .from(chatConversations)
    .where(
      and(
        status === 'all' ? undefined : eq(chatConversations.status, status),
        customerIds ? inArray(chatConversations.customerId, [...customerIds]) : undefined,
      ),
    )
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(limit);
  return withUnreadAndLast(db, conversations);
}

export async function withUnreadAndLast(
  db: Db,
  conversations: readonly ConversationRow[],
): Promise<ConversationListRow[]> {
  const ids = conversations.map((row) => row.id);
  if (ids.length === 0) return [];
  const [unread, last] = await Promise.all([
    db
      .select({ conversationId: chatMessages.conversationId, value: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(
        and(
          inArray(chatMessages.conversationId, ids),
          eq(chatMessages.authorRole, 'customer'),
          isNull(chatMessages.readAt),
        ),
      )
      .groupBy(chatMessages.conversationId),
    db
      .selectDistinctOn([chatMessages.conversationId])
      .from(chatMessages)
      .where(inArray(chatMessages.conversationId, ids))
      .orderBy(chatMessages.conversationId, desc(chatMessages.seq)),
  ]);
  const unreadBy = new Map(unread.map((row) => [row.conversationId, Number(row.value)]));
  const lastBy = new Map(last.map((row) => [row.conversationId, row]));
  return conversations.map((row) => ({
    ...row,
    unread: unreadBy.get(row.id) ?? 0,
    lastMessage: lastBy.get(row.id) ?? null,
  }));
}
