import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CalendarFeedDto, CalendarFeedLinkDto } from '@mingle/shared/calendar-feeds/contract';
import { CALENDAR_FEED_NOT_FOUND_MESSAGE, CALENDAR_FEED_TOO_MANY_MESSAGE, type CalendarFeedKind } from '@mingle/shared/calendar-feeds/inputs';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { calendarFeeds } from '../../platform/db/schema/calendar-feeds.ts';
import { notFound } from '../../platform/http/errors.ts';
import { rateLimitFor } from '../../platform/http/rate-limit.ts';
import { scheduleCalendar } from '../agenda/index.ts';
import { acceptedMeetingsCalendar } from '../meetings/index.ts';

// Calendar subscriptions (decision 0173): the secret address a calendar app polls, made, listed and revoked by its
// owner, and the file it answers.

/** Polls a feed may take per hour: calendar apps poll every 5 minutes at the most eager, most far less often. */
const POLLS_PER_HOUR = 60;

/** 32 random bytes as base64url: 43 characters, 256 bits, not guessable, so the address alone is the credential. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const toDto = (row: typeof calendarFeeds.$inferSelect): CalendarFeedDto => ({
  kind: row.kind,
  createdAt: row.createdAt.toISOString(),
  lastPolledAt: row.lastPolledAt?.toISOString() ?? null,
});

/** The caller's feeds that are on (never their address: only its hash is kept). */
export async function listFeeds(ctx: AppContext, caller: Caller): Promise<CalendarFeedDto[]> {
  const rows = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, caller.userId)).orderBy(asc(calendarFeeds.kind));
  return rows.map(toDto);
}

/**
 * Turns the caller's feed of this kind on, or gives it a new address: one upsert on (user, kind), so the old
 * address stops working in the same statement and two clicks at once leave one feed. The address is answered this
 * once.
 */
export async function createFeed(ctx: AppContext, caller: Caller, kind: CalendarFeedKind): Promise<CalendarFeedLinkDto> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashOf(token);
  const [row] = await ctx.db
    .insert(calendarFeeds)
    .values({ userId: caller.userId, kind, tokenHash })
    .onConflictDoUpdate({ target: [calendarFeeds.userId, calendarFeeds.kind], set: { tokenHash, createdAt: sql`now()`, lastPolledAt: null } })
    .returning();
  const url = new URL(`/api/calendar-feeds/${token}.ics`, ctx.config.publicUrl).toString();
  return { ...toDto(row!), url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

/** Turns the caller's feed of this kind off; turning off a feed that is off is no error (the outcome is the same). */
export async function revokeFeed(ctx: AppContext, caller: Caller, kind: CalendarFeedKind): Promise<void> {
  await ctx.db.delete(calendarFeeds).where(and(eq(calendarFeeds.userId, caller.userId), eq(calendarFeeds.kind, kind)));
}

/**
 * The iCalendar file of the feed whose address holds `token`, and its ETag (a digest of the file, whose stamps come
 * from the rows, so an unchanged schedule gives the same tag and the poll a 304). The feed is found and its last
 * poll noted in one statement; an unknown, reset or revoked token is a 404, and a feed polled past its limit a 429.
 */
export async function feedCalendar(ctx: AppContext, token: string): Promise<{ body: string; etag: string }> {
  if (!TOKEN_PATTERN.test(token)) throw notFound(CALENDAR_FEED_NOT_FOUND_MESSAGE);
  const [feed] = await ctx.db
    .update(calendarFeeds)
    .set({ lastPolledAt: sql`now()` })
    .where(eq(calendarFeeds.tokenHash, hashOf(token)))
    .returning({ id: calendarFeeds.id, userId: calendarFeeds.userId, kind: calendarFeeds.kind });
  if (!feed) throw notFound(CALENDAR_FEED_NOT_FOUND_MESSAGE);
  await rateLimitFor(ctx.db, { prefix: 'calendar-feed', points: POLLS_PER_HOUR, windowSeconds: 3600, message: CALENDAR_FEED_TOO_MANY_MESSAGE }).consume(feed.id);
  const body = feed.kind === 'schedule' ? await scheduleCalendar(ctx.db, feed.userId) : await acceptedMeetingsCalendar(ctx.db, feed.userId);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}
