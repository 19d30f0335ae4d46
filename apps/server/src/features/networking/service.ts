import { eq, sql, type SQL } from 'drizzle-orm';
import { LEVELS, LIMITS } from '@mingle/shared/constants';
import { liveTopics } from '@mingle/shared/live';
import { complementsOf, matchOf } from '@mingle/shared/domain/matchmaking';
import {
  ATTENDEE_PAGE,
  NETWORKING_MESSAGES,
  type AttendeeDto,
  type AttendeeOrder,
  type AttendeePage,
  type ConnectProfileDto,
  type ConnectResult,
} from '@mingle/shared/schemas/networking';
import type { Caller } from '../../auth/caller.ts';
import { isConnectCode } from '../../auth/connect-code.ts';
import { isUuid } from '../../auth/event-access.ts';
import { eitherBlocked, isConnected, sharesNetworkingEvent } from '../../auth/networking-access.ts';
import type { AppContext } from '../../context.ts';
import { selectRows, type Database } from '../../db/client.ts';
import { events, userEventAccess } from '../../db/schema/events.ts';
import { blockedUsers } from '../../db/schema/messages.ts';
import { userConnections, userInteractions } from '../../db/schema/networking.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { decodeCursor, encodeCursor } from '../../http/keyset.ts';
import { DirectoryCache } from './directory-cache.ts';
import { DirectoryIndex, rankAcross, type RankKey } from './directory-index.ts';

interface AttendeeRow {
  id: string;
  full_name: string;
  avatar_url: string | null;
  job_title: string | null;
  company: string | null;
  bio: string | null;
  interests: string[];
  goals: string[];
  connected: boolean;
}

/** A text[] literal of parameters (drizzle would spread a JS array into a parenthesised list). */
function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** The viewer's side of discovery: what they chose, the keys matchmaking compares, whose people they may see. */
interface Viewer {
  interests: string[];
  goals: string[];
  interestKeys: string[];
  goalKeys: string[];
  /**
   * The events the viewer takes part in that have attendee networking on (whose people they may discover), with
   * the directory version each is at now.
   */
  events: Array<{ id: string; version: number }>;
  /** Whom the viewer blocked and who blocked them: `eitherBlocked` (auth/networking-access.ts) as a set. */
  blocked: string[];
}

/**
 * The ranking runs in this process (directory-index.ts), on created_at as whole microseconds since 1970, so the
 * cursor is written here rather than by SQL: (score, created_at, id), created_at in the UTC text every cursor uses.
 */
const RANK_KINDS = ['integer', 'timestamp', 'uuid'] as const;

/** created_at as the cursor carries it: the millisecond ISO text with the remaining three digits of microseconds. */
function createdKey(micros: number): string {
  const millis = Math.floor(micros / 1000);
  return `${new Date(millis).toISOString().slice(0, -1)}${String(micros - millis * 1000).padStart(3, '0')}Z`;
}

/** The microseconds of a cursor's created_at (decodeCursor checked its form: six decimals, UTC). */
function createdMicros(key: string): number {
  return Date.parse(`${key.slice(0, 19)}Z`) * 1000 + Number(key.slice(20, 26));
}

const encodeRank = (key: RankKey) => encodeCursor([key.score, createdKey(key.createdMicros), key.id]);

function decodeRank(cursor: string | undefined): RankKey | null {
  const values = decodeCursor(cursor, RANK_KINDS);
  return values && { score: values[0], createdMicros: createdMicros(values[1]), id: values[2] };
}

/**
 * The viewer's profile and keys, the people they blocked or were blocked by, and their networking-enabled events
 * with each one's directory version, in one query. It runs after anything committed before this request, so the
 * directories used (at least at these versions, DirectoryCache.get) reflect it; blocks and the networking switch
 * are read here on every request. The events are the ones `sharesNetworkingEvent` (auth/networking-access.ts) joins
 * through, so a change to that rule must be made here too (the discovery tests cover both sides: networking off,
 * no shared event).
 */
async function viewerOf(ctx: AppContext, userId: string): Promise<Viewer> {
  const [row] = await selectRows<{
    events: Array<{ id: string; version: number }> | null;
    blocked: string[];
    interests: string[] | null;
    goals: string[] | null;
    interest_keys: string[] | null;
    goal_keys: string[] | null;
  }>(
    ctx.db,
    sql`select (
        select json_agg(json_build_object('id', "shared_event"."id", 'version', "shared_event"."directory_version"))
        from ${userEventAccess} as "mine"
        join ${events} as "shared_event" on "shared_event"."id" = "mine"."event_id" and "shared_event"."allow_attendee_networking"
        where "mine"."user_id" = ${userId}::uuid
      ) as "events",
      array(
        select "blocked_user_id"::text from ${blockedUsers} where "user_id" = ${userId}::uuid
        union select "user_id"::text from ${blockedUsers} where "blocked_user_id" = ${userId}::uuid
      ) as "blocked",
      "p"."selected_interests" as "interests", "p"."selected_goals" as "goals", "p"."interest_keys", "p"."goal_keys"
      from (select 1) as "one" left join ${profiles} as "p" on "p"."id" = ${userId}::uuid`,
  );
  return {
    interests: row?.interests ?? [],
    goals: row?.goals ?? [],
    interestKeys: row?.interest_keys ?? [],
    goalKeys: row?.goal_keys ?? [],
    events: row?.events ?? [],
    blocked: row?.blocked ?? [],
  };
}

/**
 * An event's directory as it is now: its discoverable people, newest first, and the version it is at, read in one
 * statement (one snapshot), so the copy is exactly the event at that version. Null when the event is gone. The
 * keys come as json: the drivers parse 5,000 json arrays (JSON.parse) about 10 ms faster than 5,000 text[] ones.
 */
async function loadDirectory(db: Database, eventId: string): Promise<DirectoryIndex | null> {
  const rows = await selectRows<{
    version: number;
    id: string | null;
    created_micros: number;
    interest_keys: string[];
    goal_keys: string[];
    search_text: string;
  }>(
    db,
    sql`select "e"."directory_version"::float8 as "version", "p"."id",
        (extract(epoch from "p"."created_at") * 1000000)::float8 as "created_micros",
        array_to_json("p"."interest_keys") as "interest_keys", array_to_json("p"."goal_keys") as "goal_keys", "p"."search_text"
      from ${events} as "e"
      left join (${userEventAccess} as "a" join ${profiles} as "p" on "p"."id" = "a"."user_id" and "p"."discoverable")
        on "a"."event_id" = "e"."id"
      where "e"."id" = ${eventId}::uuid
      order by "p"."created_at" desc, "p"."id" desc`,
  );
  const [first] = rows;
  if (!first) return null;
  const people = rows.flatMap((row) =>
    row.id === null
      ? []
      : [{ id: row.id, createdMicros: row.created_micros, interestKeys: row.interest_keys, goalKeys: row.goal_keys, searchText: row.search_text }],
  );
  return new DirectoryIndex(Number(first.version), people);
}

/** The directories of each database this process serves (tests and benches run several in one process). */
const directories = new WeakMap<Database, DirectoryCache>();

function directoriesOf(ctx: AppContext): DirectoryCache {
  let cache = directories.get(ctx.db);
  if (!cache) {
    const { db } = ctx;
    cache = new DirectoryCache((eventId) => loadDirectory(db, eventId));
    directories.set(ctx.db, cache);
  }
  return cache;
}

/**
 * Discover Attendees: the people who share a networking-enabled event with the caller, never the caller, never
 * anyone who left the directory or is blocked either way. `q` searches name, company, job title, interests and
 * goals, case-insensitively. `recommended` orders by the match score (shared interests + shared goals +
 * complementary goals), then newest; `newest` by profile creation. Keyset pages either way.
 *
 * The ranking runs on this process's copy of each event's directory (directory-index.ts), brought up to the
 * version the first query read; then one query fetches the cards and connection state of the page's people.
 */
export async function listAttendees(
  ctx: AppContext,
  caller: Caller,
  options: { q?: string; cursor?: string; limit?: number; order?: AttendeeOrder },
): Promise<AttendeePage> {
  const limit = Math.min(options.limit ?? ATTENDEE_PAGE.default, ATTENDEE_PAGE.max);
  const after = decodeRank(options.cursor);
  const me = await viewerOf(ctx, caller.userId);
  // In no networking event, nobody to discover.
  if (me.events.length === 0) return { attendees: [], nextCursor: null };
  const cache = directoriesOf(ctx);
  const indexes = await Promise.all(me.events.map((event) => cache.get(event.id, event.version)));
  const q = options.q?.trim();
  const ranked = rankAcross(indexes, {
    order: options.order ?? 'recommended',
    interestKeys: me.interestKeys,
    goalKeys: me.goalKeys,
    // The goals that answer the viewer's, as keys (matchOf compares them trimmed and lower-cased).
    complementKeys: [...new Set(complementsOf(me.goals).map((name) => name.trim().toLowerCase()))],
    exclude: new Set([caller.userId, ...me.blocked]),
    // profiles.search_text is lower-cased by PostgreSQL; the search is taken as it is (no patterns).
    search: q ? q.toLowerCase() : null,
    after,
    take: limit + 1,
  });
  const page = ranked.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = ranked.length > limit && last ? encodeRank(last) : null;
  if (page.length === 0) return { attendees: [], nextCursor };
  const otherId = sql`"p"."id"`;
  const cards = await selectRows<AttendeeRow>(
    ctx.db,
    sql`select "p"."id", "p"."full_name", "p"."avatar_url", "p"."job_title", "p"."company_or_institution" as "company", "p"."bio",
        "p"."selected_interests" as "interests", "p"."selected_goals" as "goals", ${isConnected(caller.userId, otherId)} as "connected"
      from ${profiles} as "p" where "p"."id" = any(${textArray(page.map((entry) => entry.id))}::uuid[])`,
  );
  const cardOf = new Map(cards.map((card) => [card.id, card]));
  // A profile deleted since the ranking has no card: it is left out.
  const attendees = page.flatMap((entry) => {
    const card = cardOf.get(entry.id);
    return card ? [toAttendeeDto(card, me)] : [];
  });
  return { attendees, nextCursor };
}

function toAttendeeDto(row: AttendeeRow, me: Pick<Viewer, 'interests' | 'goals'>): AttendeeDto {
  return {
    id: row.id,
    fullName: row.full_name,
    avatarUrl: row.avatar_url,
    jobTitle: row.job_title,
    company: row.company,
    bio: row.bio,
    interests: row.interests,
    goals: row.goals,
    reasons: matchOf(me, { interests: row.interests, goals: row.goals }).reasons,
    connected: Boolean(row.connected),
  };
}

/** The level a points total reaches, in SQL, from the same thresholds as levelForPoints. */
function levelSql(points: SQL): SQL {
  const steps = LEVELS.slice(1).map((level) => {
    const threshold = LEVELS[level.level - 2]!.nextAt!;
    return sql`when ${points} >= ${sql.raw(String(threshold))} then ${sql.raw(String(level.level))}`;
  });
  return sql`(case ${sql.join(steps.reverse(), sql` `)} else 1 end)`;
}

/**
 * Connect: one transaction. The pair's connection row goes in with on-conflict-do-nothing; only when it went in
 * does the interaction row go in (its unique pair index is a second guard) and the initiator's points,
 * total_interactions and level move, in one UPDATE. However often or in parallel it is pressed, one award.
 * A repeat answers 409 with the spec's duplicate message.
 */
export async function connect(
  ctx: AppContext,
  caller: Caller,
  input: { userId: string; via: 'discovery' | 'qr_scan'; token?: string | undefined },
): Promise<ConnectResult> {
  if (input.userId === caller.userId) throw badRequest(NETWORKING_MESSAGES.connectSelf, 'connect_self');
  const target = sql`${input.userId}::uuid`;
  // From the directory: only someone the caller can discover. By QR code: only with the code the scanned person's
  // connect QR carries, checked against their live personal token (decision 0093). Never if either blocked the other.
  const visible = input.via === 'discovery' ? sql`${sharesNetworkingEvent(caller.userId, target)} and ` : sql``;
  const [found] = await selectRows<{ id: string; qr_token_hash: string | null }>(
    ctx.db,
    sql`select "id", case when "qr_token_expires_at" > now() then "qr_token_hash" end as "qr_token_hash"
      from ${profiles} where "id" = ${target} and ${visible} not ${eitherBlocked(caller.userId, target)}`,
  );
  if (!found) throw notFound(NETWORKING_MESSAGES.userNotFound);
  if (input.via === 'qr_scan' && !isConnectCode(ctx.config.authSecret, found.id, found.qr_token_hash, input.token)) {
    throw notFound(NETWORKING_MESSAGES.userNotFound);
  }
  const [first, second] = [caller.userId, input.userId].sort() as [string, string];
  return ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(userConnections)
      .values({ userId1: first, userId2: second, connectionType: input.via })
      .onConflictDoNothing()
      .returning({ id: userConnections.id });
    if (!inserted) throw conflict(NETWORKING_MESSAGES.alreadyConnected, 'already_connected');
    const [interaction] = await tx
      .insert(userInteractions)
      .values({
        initiatorId: caller.userId,
        recipientId: input.userId,
        interactionType: 'connection_made',
        pointsAwarded: LIMITS.connectionPoints,
      })
      .onConflictDoNothing()
      .returning({ id: userInteractions.id });
    const points = sql`${profiles.points} + ${interaction ? LIMITS.connectionPoints : 0}`;
    const [updated] = await tx
      .update(profiles)
      .set(
        interaction
          ? {
              points: sql`${points}`,
              totalInteractions: sql`${profiles.totalInteractions} + 1`,
              level: sql`${levelSql(points)}`,
              updatedAt: new Date(),
            }
          : { updatedAt: new Date() },
      )
      .where(eq(profiles.id, caller.userId))
      .returning({ points: profiles.points, level: profiles.level });
    await ctx.live.publish(liveTopics.userAccount(caller.userId), { kind: 'points.awarded' }, tx);
    return {
      connected: true as const,
      pointsAwarded: interaction ? LIMITS.connectionPoints : 0,
      points: updated?.points ?? 0,
      level: updated?.level ?? 1,
    };
  });
}

/**
 * The card of /connect/{userId}: for the one who holds that person's connect code (their connect QR, shown in
 * person; decision 0093), for someone already connected with them, and for the person themself.
 */
export async function getConnectProfile(ctx: AppContext, caller: Caller, userId: string, token?: string): Promise<ConnectProfileDto> {
  if (!isUuid(userId)) throw notFound(NETWORKING_MESSAGES.userNotFound);
  const target = sql`${userId}::uuid`;
  const [row] = await selectRows<Omit<AttendeeRow, 'goals'> & { qr_token_hash: string | null }>(
    ctx.db,
    sql`select "id", "full_name", "avatar_url", "job_title", "company_or_institution" as "company", "bio",
      "selected_interests" as "interests", ${isConnected(caller.userId, target)} as "connected",
      case when "qr_token_expires_at" > now() then "qr_token_hash" end as "qr_token_hash"
      from ${profiles} where "id" = ${target} and not ${eitherBlocked(caller.userId, target)}`,
  );
  const allowed =
    row && (row.id === caller.userId || Boolean(row.connected) || isConnectCode(ctx.config.authSecret, row.id, row.qr_token_hash, token));
  if (!row || !allowed) throw notFound(NETWORKING_MESSAGES.userNotFound);
  return {
    id: row.id,
    fullName: row.full_name,
    avatarUrl: row.avatar_url,
    jobTitle: row.job_title,
    company: row.company,
    bio: row.bio,
    interests: row.interests,
    isSelf: row.id === caller.userId,
    connected: Boolean(row.connected),
  };
}

export async function getNetworkingSettings(ctx: AppContext, caller: Caller): Promise<{ discoverable: boolean }> {
  const [row] = await ctx.db.select({ discoverable: profiles.discoverable }).from(profiles).where(eq(profiles.id, caller.userId));
  if (!row) throw notFound('Profile not found');
  return row;
}

/** Leave or rejoin the directory. */
export async function setDiscoverable(ctx: AppContext, caller: Caller, discoverable: boolean): Promise<{ discoverable: boolean }> {
  const [row] = await ctx.db
    .update(profiles)
    .set({ discoverable, updatedAt: new Date() })
    .where(eq(profiles.id, caller.userId))
    .returning({ discoverable: profiles.discoverable });
  if (!row) throw notFound('Profile not found');
  return row;
}
