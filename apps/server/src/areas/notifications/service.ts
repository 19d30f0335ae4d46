import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { liveTopics } from '@mingle/shared/core/live';
import {
  DEFAULT_SESSION_REMINDER_LEAD,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type LanguageCode,
  type NotificationKind,
  type SessionReminderLead,
} from '@mingle/shared/core/constants';
import type { NotificationDto, NotificationPreferencesDto } from '@mingle/shared/notifications/contract';
import type { notificationPreferencesInputSchema, pushSubscriptionInputSchema } from '@mingle/shared/notifications/inputs';
import {
  describeNotification,
  MESSAGE_BODY_KINDS,
  NOTIFICATION_CREATED_KIND,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_READ_KIND,
  type NotificationCreatedEvent,
  type NotificationFacts,
  type NotificationText,
} from '@mingle/shared/notifications/texts';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth/caller.ts';
import type { AppContext } from '../../context.ts';
import { selectRows, type DbOrTx } from '../../platform/db/client.ts';
import { authUsers } from '../../platform/db/schema/auth.ts';
import { notificationPreferences, notifications, notificationSettings, pushSubscriptions } from '../../platform/db/schema/notifications.ts';
import type { UnrenderedEmail } from '../../platform/mail/templates.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { newestFirst } from '../../platform/http/keyset.ts';
import { isUuid } from '../../platform/db/sql.ts';
import { readUnsubscribeToken, unsubscribeUrl } from '../../platform/mail/unsubscribe.ts';
import { translateMessageTo } from '../../platform/push/translate.ts';

/** What a causing area says when its write concerns someone: who, about what, caused by whom. */
export interface NotifyInput {
  /** The person told. */
  userId: string;
  /** Who caused it; never told of their own act. */
  actorId: string | null;
  eventId: string | null;
  facts: NotificationFacts;
  /**
   * The email of this notification, one of the causing area's templates (its messages live there, and notifications
   * imports no area) given the kind's one-click unsubscribe URL. Queued when the person's email switch for the kind
   * is on; the mail worker renders it.
   */
  email?: (unsubscribeUrl: string) => UnrenderedEmail;
}

const channelColumn = {
  email: notificationPreferences.email,
  push: notificationPreferences.push,
  inApp: notificationPreferences.inApp,
} as const;

/**
 * Whether `userId` wants `kind` on `channel`: their switch, or on when they never changed it. The mail and push
 * senders ask this before they send.
 */
export async function preferenceOf(db: DbOrTx, userId: string, kind: NotificationKind, channel: NotificationChannel): Promise<boolean> {
  const [row] = await db
    .select({ on: channelColumn[channel] })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return row?.on ?? true;
}

/**
 * Queues an email of `kind` to `userId` in `tx` when their email switch for the kind is on (their address and the
 * switch in one query); `email` gets the kind's one-click unsubscribe URL. Answers whether it was queued.
 */
export async function emailIfWanted(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  kind: NotificationKind,
  email: (unsubscribeUrl: string) => UnrenderedEmail,
): Promise<boolean> {
  const [person] = await tx
    .select({ to: authUsers.email, on: sql<boolean>`coalesce(${notificationPreferences.email}, true)` })
    .from(authUsers)
    .leftJoin(notificationPreferences, and(eq(notificationPreferences.userId, authUsers.id), eq(notificationPreferences.kind, kind)))
    .where(eq(authUsers.id, userId));
  if (!person?.on) return false;
  await ctx.mailer.enqueue(tx, { to: person.to, ...email(unsubscribeUrl(ctx.config, userId, kind)) });
  return true;
}

/**
 * Tells a person of something, on every channel they keep on for its kind, in the causing write's transaction `tx`
 * (a rollback tells nobody): the email (when the caller gave one and email is on), and the in-app notification,
 * announced on the person's account topic through the same transaction (heard only after commit). The in-app row is
 * written unless the person turned in-app off for the kind, by the statement that reads their address and switches. Nobody is told of their own act. Answers
 * the new notification's id, or null when none was written.
 */
export async function notify(ctx: AppContext, tx: DbOrTx, input: NotifyInput): Promise<string | null> {
  if (input.actorId === input.userId) return null;
  const { kind } = input.facts;
  const text = describeNotification(input.facts);
  // One statement reads the person's address, switches and devices for the kind and writes the in-app row when that
  // switch is on (a scan at the door pays one round trip for every channel).
  const [row] = await selectRows<{ id: string | null; to: string; language: LanguageCode | null; emailOn: boolean; devices: string[] }>(
    tx,
    sql`with person as (
          select u."email" as "to", u."language", coalesce(p."email", true) as "emailOn", coalesce(p."in_app", true) as "inAppOn",
                 coalesce(p."push", true) as "pushOn"
          from ${authUsers} u left join ${notificationPreferences} p on p."user_id" = u."id" and p."kind" = ${kind}
          where u."id" = ${input.userId}::uuid
        ),
        written as (
          insert into ${notifications} ("user_id", "kind", "event_id", "actor_id", "payload")
          select ${input.userId}::uuid, ${kind}, ${input.eventId}::uuid, ${input.actorId}::uuid, ${JSON.stringify(text)}::jsonb
          from person where "inAppOn"
          returning "id"
        )
        select (select "id" from written) as "id", "to", "language", "emailOn",
               case when "pushOn" then (select coalesce(json_agg(s."id"), '[]'::json) from ${pushSubscriptions} s where s."user_id" = ${input.userId}::uuid)
                    else '[]'::json end as "devices"
        from person`,
  );
  if (!row) return null;
  if (input.email && row.emailOn) await ctx.mailer.enqueue(tx, { to: row.to, ...input.email(unsubscribeUrl(ctx.config, input.userId, kind)) });
  if (row.devices.length > 0) await ctx.pusher.enqueue(tx, row.devices, { ...pushText(text, kind, row.language ?? 'en'), link: text.link, tag: kind });
  if (!row.id) return null;
  const event: NotificationCreatedEvent = { id: row.id, kind, ...text };
  await ctx.live.publish(liveTopics.userAccount(input.userId), { kind: NOTIFICATION_CREATED_KIND, data: event }, tx);
  return row.id;
}

/** A push notification's words in the person's language: the device's system shows them as they are. */
function pushText(text: NotificationText, kind: NotificationKind, language: LanguageCode) {
  const body = text.body !== null && MESSAGE_BODY_KINDS.has(kind) ? translateMessageTo(language, text.body) : text.body;
  return { title: translateMessageTo(language, text.title), body };
}

/** The most devices one person receives push on; subscribing another forgets their oldest. */
const MAX_PUSH_DEVICES = 10;

/**
 * Starts (or renews) push to the caller's device. The endpoint is the device's: if someone else subscribed it before
 * (another account in the same browser), it is the caller's from now on. Only the browsers' push services are
 * accepted, so that the server never posts to an address a caller chose.
 */
export async function subscribePush(ctx: AppContext, caller: Caller, input: z.output<typeof pushSubscriptionInputSchema>): Promise<void> {
  if (!ctx.pusher.isPushService(input.endpoint)) throw badRequest(NOTIFICATION_MESSAGES.pushServiceUnknown, 'push_service_unknown');
  const device = { userId: caller.userId, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ ...device, endpoint: input.endpoint })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...device, createdAt: sql`now()` } });
    await tx.execute(sql`delete from ${pushSubscriptions} where "user_id" = ${caller.userId}::uuid and "id" not in (
      select "id" from ${pushSubscriptions} where "user_id" = ${caller.userId}::uuid order by "created_at" desc limit ${MAX_PUSH_DEVICES})`);
  });
}

/** Stops push to one of the caller's devices; a device that is not theirs (or not subscribed) is not found. */
export async function unsubscribePush(ctx: AppContext, caller: Caller, endpoint: string): Promise<void> {
  const removed = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, caller.userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound(NOTIFICATION_MESSAGES.pushDeviceNotFound);
}

/** The caller's notifications, newest first, a page of `limit`. */
export async function listNotifications(
  ctx: AppContext,
  caller: Caller,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ items: NotificationDto[]; nextCursor: string | null }> {
  const keys = newestFirst(notifications.createdAt, notifications.id, query.cursor);
  const rows = await ctx.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      eventId: notifications.eventId,
      payload: notifications.payload,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      key: keys.key,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, caller.userId), keys.where))
    .orderBy(...keys.orderBy)
    .limit(query.limit + 1);
  const { items, nextCursor } = keys.page(rows, query.limit);
  return {
    items: items.map(({ payload, readAt, createdAt, ...row }) => ({
      ...row,
      title: payload.title,
      body: payload.body,
      link: payload.link,
      readAt: readAt?.toISOString() ?? null,
      createdAt: createdAt.toISOString(),
    })),
    nextCursor,
  };
}

/** The bell's count: the caller's unread notifications (served by the partial index of unread rows). */
export async function unreadNotificationCount(ctx: AppContext, caller: Caller): Promise<{ unread: number }> {
  const [row] = await ctx.db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, caller.userId), isNull(notifications.readAt)));
  return { unread: row?.unread ?? 0 };
}

async function announceRead(ctx: AppContext, tx: DbOrTx, userId: string) {
  await ctx.live.publish(liveTopics.userAccount(userId), { kind: NOTIFICATIONS_READ_KIND }, tx);
}

/** Marks one of the caller's notifications read (again is fine); anyone else's is not found. */
export async function markNotificationRead(ctx: AppContext, caller: Caller, notificationId: string): Promise<void> {
  if (!isUuid(notificationId)) throw notFound(NOTIFICATION_MESSAGES.notFound);
  await ctx.db.transaction(async (tx) => {
    const mine = and(eq(notifications.id, notificationId), eq(notifications.userId, caller.userId));
    const marked = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(mine, isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (marked.length > 0) return announceRead(ctx, tx, caller.userId);
    const [exists] = await tx.select({ id: notifications.id }).from(notifications).where(mine);
    if (!exists) throw notFound(NOTIFICATION_MESSAGES.notFound);
  });
}

/** Mark all as read: every unread notification of the caller. */
export async function markAllNotificationsRead(ctx: AppContext, caller: Caller): Promise<{ updated: number }> {
  return ctx.db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, caller.userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (marked.length > 0) await announceRead(ctx, tx, caller.userId);
    return { updated: marked.length };
  });
}

/** The caller's switches for every kind, all on where they changed nothing, and their session reminders' lead time. */
export async function getPreferences(db: DbOrTx, caller: Caller): Promise<NotificationPreferencesDto> {
  const [rows, [settings]] = await Promise.all([
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, caller.userId)),
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, caller.userId)),
  ]);
  const stored = new Map(rows.map((row) => [row.kind, row]));
  return {
    preferences: NOTIFICATION_KINDS.map((kind) => {
      const row = stored.get(kind);
      return { kind, email: row?.email ?? true, push: row?.push ?? true, inApp: row?.inApp ?? true };
    }),
    sessionReminderMinutes: (settings?.sessionReminderMinutes ?? DEFAULT_SESSION_REMINDER_LEAD) as SessionReminderLead,
  };
}

/** Saves the given kinds' switches (one upsert; the others keep theirs) and the lead time when given, together. */
export async function savePreferences(
  ctx: AppContext,
  caller: Caller,
  input: z.output<typeof notificationPreferencesInputSchema>,
): Promise<NotificationPreferencesDto> {
  await ctx.db.transaction(async (tx) => {
    if (input.preferences.length > 0) {
      await tx
        .insert(notificationPreferences)
        .values(input.preferences.map((item) => ({ userId: caller.userId, ...item })))
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: {
            email: sql`excluded."email"`,
            push: sql`excluded."push"`,
            inApp: sql`excluded."in_app"`,
            updatedAt: sql`now()`,
          },
        });
    }
    if (input.sessionReminderMinutes !== undefined) {
      await tx
        .insert(notificationSettings)
        .values({ userId: caller.userId, sessionReminderMinutes: input.sessionReminderMinutes })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: { sessionReminderMinutes: input.sessionReminderMinutes, updatedAt: sql`now()` } });
    }
  });
  return getPreferences(ctx.db, caller);
}

/**
 * One-click unsubscribe: switches off the email of the token's kind for the token's person (their other switches
 * and kinds stay as they are). A token this server did not make, or whose person is gone, is not found and writes
 * nothing.
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<void> {
  const target = readUnsubscribeToken(ctx.config.authSecret, token);
  if (!target) throw notFound(NOTIFICATION_MESSAGES.unsubscribeNotFound);
  // Written only while the person exists: a token outliving its account answers 404, not a foreign-key error.
  const [row] = await selectRows<{ userId: string }>(
    ctx.db,
    sql`insert into ${notificationPreferences} ("user_id", "kind", "email")
      select "id", ${target.kind}, false from ${authUsers} where "id" = ${target.userId}::uuid
      on conflict ("user_id", "kind") do update set "email" = false, "updated_at" = now()
      returning "user_id" as "userId"`,
  );
  if (!row) throw notFound(NOTIFICATION_MESSAGES.unsubscribeNotFound);
}
