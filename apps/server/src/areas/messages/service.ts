import { and, count, eq, sql } from 'drizzle-orm';
import { liveTopics } from '@mingle/shared/core/live';
import { MESSAGE_LIMITS, MESSAGE_MESSAGES } from '@mingle/shared/messages/inputs';
import type { ConversationDto, MessageDto, MessagePersonDto, ThreadDto } from '@mingle/shared/messages/contract';
import type { Caller } from '../../platform/auth/caller.ts';
import { canReach } from '../networking/index.ts';
import { notify } from '../notifications/index.ts';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../platform/db/client.ts';
import { blockedUsers, messages } from '../../platform/db/schema/messages.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { newestFirst } from '../../platform/http/keyset.ts';
import { rateLimitFor, type RateLimit } from '../../platform/http/rate-limit.ts';
import { isUuid } from '../../platform/db/sql.ts';
import { scheduleMessageDigest } from './digest.ts';
import { msg } from '@mingle/shared/core/messages';

// 30 messages a minute per sender, in the database so every server process counts against the same window.
function sendLimit(ctx: AppContext): RateLimit {
  return rateLimitFor(ctx.db, { prefix: 'messages', points: MESSAGE_LIMITS.sendPerMinute, windowSeconds: 60, message: MESSAGE_MESSAGES.tooMany });
}

interface MessageRow {
  id: string;
  sender_id: string;
  recipient_id: string;
  content: string;
  read: boolean;
  created_at: string | Date;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function toMessageDto(row: MessageRow): MessageDto {
  return {
    id: row.id,
    senderId: row.sender_id,
    recipientId: row.recipient_id,
    content: row.content,
    read: row.read,
    createdAt: iso(row.created_at),
  };
}

const personColumns = sql`"p"."id", "p"."full_name", "p"."avatar_url", "p"."job_title", "p"."company_or_institution" as "company"`;
interface PersonRow {
  id: string;
  full_name: string;
  avatar_url: string | null;
  job_title: string | null;
  company: string | null;
}
const toPerson = (row: PersonRow): MessagePersonDto => ({
  id: row.id,
  fullName: row.full_name,
  avatarUrl: row.avatar_url,
  jobTitle: row.job_title,
  company: row.company,
});

/**
 * The conversation list in one query: the latest message of each pair the caller is part of, the other person's
 * profile, and the number of unread messages they sent the caller (grouped once, not counted per conversation).
 */
export async function listConversations(ctx: AppContext, caller: Caller): Promise<ConversationDto[]> {
  const me = sql`${caller.userId}::uuid`;
  const rows = await selectRows<PersonRow & { content: string; created_at: string | Date; from_me: boolean; unread: number }>(
    ctx.db,
    sql`with "mine" as (
        select case when "sender_id" = ${me} then "recipient_id" else "sender_id" end as "other", "content", "created_at", "id", "sender_id" = ${me} as "from_me"
        from ${messages} where "sender_id" = ${me}
        union all
        select "sender_id", "content", "created_at", "id", false from ${messages} where "recipient_id" = ${me}
      ), "latest" as (
        select distinct on ("other") * from "mine" order by "other", "created_at" desc, "id" desc
      ), "unread" as (
        select "sender_id" as "other", count(*)::int as "unread" from ${messages} where "recipient_id" = ${me} and not "read" group by "sender_id"
      )
      select ${personColumns}, "latest"."content", "latest"."created_at", "latest"."from_me", coalesce("unread"."unread", 0) as "unread"
      from "latest" join ${profiles} as "p" on "p"."id" = "latest"."other"
      left join "unread" on "unread"."other" = "latest"."other"
      order by "latest"."created_at" desc
      limit 200`,
  );
  return rows.map((row) => ({
    user: toPerson(row),
    lastMessage: { content: row.content.slice(0, 200), createdAt: iso(row.created_at), fromMe: Boolean(row.from_me) },
    unreadCount: Number(row.unread),
  }));
}

/**
 * How many messages sent to the caller are unread: the header's Messages badge. Only the caller's own count exists
 * (the query is scoped by the caller, and the live topic that says when to ask again is theirs alone).
 */
export async function unreadCount(ctx: AppContext, caller: Caller): Promise<{ unread: number }> {
  const [row] = await ctx.db
    .select({ unread: count() })
    .from(messages)
    .where(and(eq(messages.recipientId, caller.userId), eq(messages.read, false)));
  return { unread: row?.unread ?? 0 };
}

const pairOf = (a: string, b: string) =>
  sql`least("sender_id", "recipient_id") = least(${a}::uuid, ${b}::uuid) and greatest("sender_id", "recipient_id") = greatest(${a}::uuid, ${b}::uuid)`;

/**
 * The person at the other end of a thread, when the caller may see them: someone they can reach (shared
 * networking event, connection) or already have messages with. Anyone else is not found.
 */
async function loadCounterpart(ctx: AppContext, caller: Caller, otherId: string): Promise<{ person: MessagePersonDto; blocked: boolean }> {
  if (!isUuid(otherId) || otherId === caller.userId) throw notFound(msg('User not found'));
  const other = sql`${otherId}::uuid`;
  const [row] = await selectRows<PersonRow & { blocked: boolean }>(
    ctx.db,
    sql`select ${personColumns},
        exists (select 1 from ${blockedUsers} where "user_id" = ${caller.userId}::uuid and "blocked_user_id" = ${other}) as "blocked"
      from ${profiles} as "p"
      where "p"."id" = ${other}
        and (${canReach(caller.userId, other)} or exists (select 1 from ${messages} where ${pairOf(caller.userId, otherId)}))`,
  );
  if (!row) throw notFound(msg('User not found'));
  return { person: toPerson(row), blocked: Boolean(row.blocked) };
}

/** A thread, newest page first (returned oldest first for display); `cursor` pages to older messages. */
export async function getThread(ctx: AppContext, caller: Caller, otherId: string, cursor?: string): Promise<ThreadDto> {
  const { person, blocked } = await loadCounterpart(ctx, caller, otherId);
  const keys = newestFirst(sql`"created_at"`, sql`"id"`, cursor);
  const limit = MESSAGE_LIMITS.pageSize;
  const rows = await selectRows<MessageRow & { key: string }>(
    ctx.db,
    sql`select "id", "sender_id", "recipient_id", "content", "read", "created_at", ${keys.key} as "key"
      from ${messages}
      where ${pairOf(caller.userId, otherId)} ${keys.where ? sql`and ${keys.where}` : sql``}
      order by ${sql.join(keys.orderBy, sql`, `)}
      limit ${limit + 1}`,
  );
  const { items, nextCursor } = keys.page(rows, limit);
  return { user: person, messages: items.reverse().map(toMessageDto), nextCursor, blocked };
}

/** Marks what the other person sent the caller as read (opening the thread). */
export async function markRead(ctx: AppContext, caller: Caller, otherId: string): Promise<{ updated: number }> {
  if (!isUuid(otherId)) throw notFound(msg('User not found'));
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(messages)
      .set({ read: true })
      .where(and(eq(messages.recipientId, caller.userId), eq(messages.senderId, otherId), eq(messages.read, false)))
      .returning({ id: messages.id });
    if (rows.length > 0) await ctx.live.publish(liveTopics.userMessages(caller.userId), { kind: 'messages.read', data: { userId: otherId } }, tx);
    return { updated: rows.length };
  });
}

/**
 * Sends a message: within the rate limit, to someone the caller can reach, never when the recipient blocked the
 * caller ('Cannot send message to this user', which is also the answer for anyone unreachable, so a block is not
 * confirmed). The recipient (and the sender's other tabs) hear of it live.
 */
export async function sendMessage(ctx: AppContext, caller: Caller, input: { recipientId: string; content: string }): Promise<MessageDto> {
  if (input.recipientId === caller.userId) throw badRequest(MESSAGE_MESSAGES.cannotSend, 'cannot_message');
  await sendLimit(ctx).consume(caller.userId);
  const other = sql`${input.recipientId}::uuid`;
  // The sender's name is read with the check: the recipient's notification says who wrote.
  const [allowed] = await selectRows<{ ok: boolean; senderName: string | null }>(
    ctx.db,
    sql`select (${canReach(caller.userId, other)}
        and not exists (select 1 from ${blockedUsers} where "user_id" = ${other} and "blocked_user_id" = ${caller.userId}::uuid)) as "ok",
        (select "full_name" from ${profiles} where "id" = ${caller.userId}::uuid) as "senderName"
      from ${profiles} where "id" = ${other}`,
  );
  if (!allowed?.ok) throw forbidden(MESSAGE_MESSAGES.cannotSend);
  const sender = { fullName: allowed.senderName ?? caller.name };
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({ senderId: caller.userId, recipientId: input.recipientId, content: input.content })
      .returning();
    const data = { messageId: row!.id, senderId: caller.userId, recipientId: input.recipientId };
    await ctx.live.publish(liveTopics.userMessages(input.recipientId), { kind: 'message.created', data }, tx);
    await ctx.live.publish(liveTopics.userMessages(caller.userId), { kind: 'message.created', data }, tx);
    await notify(ctx, tx, {
      userId: input.recipientId,
      actorId: caller.userId,
      eventId: null,
      facts: { kind: 'message_received', actorName: sender.fullName, actorId: caller.userId, preview: row!.content },
    });
    // No email now: one digest later tells of every message still unread.
    await scheduleMessageDigest(ctx, tx, input.recipientId);
    return {
      id: row!.id,
      senderId: row!.senderId,
      recipientId: row!.recipientId,
      content: row!.content,
      read: row!.read,
      createdAt: row!.createdAt.toISOString(),
    };
  });
}

/** Block User: the blocked person can no longer message the caller. Idempotent. */
export async function blockUser(ctx: AppContext, caller: Caller, userId: string): Promise<{ blocked: true }> {
  if (!isUuid(userId)) throw notFound(msg('User not found'));
  if (userId === caller.userId) throw badRequest(msg('You cannot block yourself'));
  const [exists] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  if (!exists) throw notFound(msg('User not found'));
  await ctx.db.insert(blockedUsers).values({ userId: caller.userId, blockedUserId: userId }).onConflictDoNothing();
  return { blocked: true };
}

export async function unblockUser(ctx: AppContext, caller: Caller, userId: string): Promise<{ blocked: false }> {
  if (!isUuid(userId)) throw notFound(msg('User not found'));
  await ctx.db.delete(blockedUsers).where(and(eq(blockedUsers.userId, caller.userId), eq(blockedUsers.blockedUserId, userId)));
  return { blocked: false };
}
