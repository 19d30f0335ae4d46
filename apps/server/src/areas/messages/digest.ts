import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { messages } from '../../platform/db/schema/messages.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import type { Job, RetryPolicy } from '../../platform/jobs/queue.ts';
import { emailIfWanted, preferenceOf } from '../notifications/index.ts';
import { unreadMessagesDigestEmail, type UnreadConversation } from './emails/unread-digest.tsx';

// New direct messages do not email at once: the first one a person gets starts a wait, and one email then tells of
// every message still unread (a person reading along in the app gets none). One job per person per window, through
// pg-boss's singleton slots, however many messages arrive in it.

export const MESSAGE_DIGEST_QUEUE = 'message-digest';
/** How long a digest waits after the message that asked for it. */
export const MESSAGE_DIGEST_DELAY_SECONDS = 15 * 60;
/** A digest is one query and one email queued: a few quick retries cover a database hiccup. */
const DIGEST_RETRY: RetryPolicy = { limit: 5, delaySeconds: 30, expireSeconds: 120 };
/** The most messages one digest reads (it shows a few of each of a few conversations; the rest are counted). */
const DIGEST_MAX_MESSAGES = 200;

/**
 * In the transaction that wrote a message to `recipientId`: asks for their digest in `delaySeconds`, when they want
 * message emails. A digest already waiting in this window takes this message too (answers null then).
 */
export async function scheduleMessageDigest(
  ctx: AppContext,
  tx: DbOrTx,
  recipientId: string,
  delaySeconds = MESSAGE_DIGEST_DELAY_SECONDS,
): Promise<string | null> {
  if (!(await preferenceOf(tx, recipientId, 'message_received', 'email'))) return null;
  return ctx.jobs.enqueue(
    tx,
    MESSAGE_DIGEST_QUEUE,
    { userId: recipientId },
    {
      startAfter: new Date(Date.now() + delaySeconds * 1000),
      singleton: { key: recipientId, seconds: Math.max(delaySeconds, 1) },
    },
  );
}

/**
 * The digest of `userId`: their messages still unread and in no digest yet, marked digested and, if any, told in
 * one email (when they still want message emails), all in one transaction, so a retry never sends a message twice.
 */
export async function sendMessageDigest(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(messages)
      .set({ digestedAt: sql`now()` })
      .where(
        inArray(
          messages.id,
          tx
            .select({ id: messages.id })
            .from(messages)
            .where(and(eq(messages.recipientId, userId), eq(messages.read, false), isNull(messages.digestedAt)))
            .orderBy(messages.createdAt)
            .limit(DIGEST_MAX_MESSAGES),
        ),
      )
      .returning({ senderId: messages.senderId, content: messages.content, createdAt: messages.createdAt });
    if (rows.length === 0) return;
    const people = await tx
      .select({ id: profiles.id, fullName: profiles.fullName })
      .from(profiles)
      .where(inArray(profiles.id, [userId, ...new Set(rows.map((row) => row.senderId))]));
    const nameOf = new Map(people.map((person) => [person.id, person.fullName]));
    const bySender = new Map<string, UnreadConversation>();
    for (const row of rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
      const conversation = bySender.get(row.senderId) ?? { sender: { id: row.senderId, fullName: nameOf.get(row.senderId) ?? '' }, unreadCount: 0, latest: [] };
      conversation.unreadCount += 1;
      conversation.latest.push({ body: row.content, sentAt: row.createdAt });
      bySender.set(row.senderId, conversation);
    }
    // The most recent conversation first.
    const conversations = [...bySender.values()].reverse();
    await emailIfWanted(ctx, tx, userId, 'message_received', (unsubscribeUrl) =>
      unreadMessagesDigestEmail.with({
        publicUrl: ctx.config.publicUrl,
        unsubscribeUrl,
        recipientName: nameOf.get(userId) ?? '',
        // People keep no time zone: times are written in UTC, named as such.
        timeZone: 'UTC',
        conversations,
      }),
    );
  });
}

/** Works the digest queue in this process (every server process does). */
export async function workMessageDigests(ctx: AppContext): Promise<void> {
  await ctx.jobs.work(MESSAGE_DIGEST_QUEUE, DIGEST_RETRY, (job: Job<{ userId: string }>) => sendMessageDigest(ctx, job.data.userId));
}
