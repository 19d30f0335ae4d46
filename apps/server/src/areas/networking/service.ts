import { eq, sql, type SQL } from 'drizzle-orm';
import { LEVELS, LIMITS } from '@mingle/shared/core/constants';
import { liveTopics } from '@mingle/shared/core/live';
import { complementsOf, matchOf } from '@mingle/shared/domain/matchmaking';
import type { AttendeeDto, AttendeePage, ConnectProfileDto, ConnectResult } from '@mingle/shared/networking/contract';
import { ATTENDEE_PAGE, NETWORKING_MESSAGES, type AttendeeOrder } from '@mingle/shared/networking/inputs';
import type { Caller } from '../../platform/auth/caller.ts';
import { isConnectCode } from '../../platform/auth/connect-code.ts';
import { eitherBlocked, isConnected, sharesNetworkingEvent } from './reach.ts';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../platform/db/client.ts';
import { events, userEventAccess } from '../../platform/db/schema/events.ts';
import { blockedUsers } from '../../platform/db/schema/messages.ts';
import { userConnections, userInteractions } from '../../platform/db/schema/networking.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { decodeCursor, encodeCursor } from '../../platform/http/keyset.ts';
import { isUuid } from '../../platform/db/sql.ts';
import { msg } from '@mingle/shared/core/messages';

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
  /** The events the viewer takes part in that have attendee networking on: whose people they may discover. */
  eventIds: string[];
  /** Whom the viewer blocked and who blocked them: `eitherBlocked` (areas/networking/reach.ts) as a list. */
  blocked: string[];
}

/** A place in the order: score, created_at as PostgreSQL writes it to the microsecond (UTC), id. */
interface RankKey {
  score: number;
  created: string;
  id: string;
}

/** created_at as the cursor carries it (the form of platform/http/keyset.ts's timestamp keys): to the microsecond, in UTC. */
const CREATED_KEY = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`);
const RANK_KINDS = ['integer', 'timestamp', 'uuid'] as const;

const encodeRank = (key: RankKey) => encodeCursor([key.score, key.created, key.id]);

function decodeRank(cursor: string | undefined): RankKey | null {
  const values = decodeCursor(cursor, RANK_KINDS);
  if (!values) return null;
  if (values[0] < 0) throw badRequest(msg('Invalid cursor'));
  return { score: values[0], created: values[1], id: values[2] };
}

/** `text` as a LIKE pattern that matches it anywhere, literally (`%`, `_` and `\` escaped). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
}

/**
 * The viewer's profile and keys, the people they blocked or were blocked by, and their networking-enabled events,
 * in one query. The events are the ones `sharesNetworkingEvent` (areas/networking/reach.ts) joins through, so a
 * change to that rule must be made here too (the discovery tests cover both sides: networking off, no shared
 * event). They go into the ranking as constants, so PostgreSQL plans with those events' statistics (decision 0035).
 */
async function viewerOf(ctx: AppContext, userId: string): Promise<Viewer> {
  const [row] = await selectRows<{
    event_ids: string[];
    blocked: string[];
    interests: string[] | null;
    goals: string[] | null;
    interest_keys: string[] | null;
    goal_keys: string[] | null;
  }>(
    ctx.db,
    sql`select array(
        select "mine"."event_id"::text from ${userEventAccess} as "mine"
        join ${events} as "shared_event" on "shared_event"."id" = "mine"."event_id" and "shared_event"."allow_attendee_networking"
        where "mine"."user_id" = ${userId}::uuid
      ) as "event_ids",
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
    eventIds: row?.event_ids ?? [],
    blocked: row?.blocked ?? [],
  };
}

/**
 * The ranking, in one statement: the first `take` listed people after `after`, in the order's place, with their
 * cards and connection state. Listed: in one of the viewer's networking events (each person once, a semi-join),
 * in the directory, not the viewer, not blocked either way, and containing the search if there is one.
 *
 * "Recommended": score desc, created_at desc, id desc, where the score is one point per viewer key the person
 * holds (the viewer's interest keys in theirs, the viewer's goal keys and the goals that answer them in their goal
 * keys), which is `matchOf(...).score`. It runs in two parts joined by UNION ALL under one LIMIT: first whoever
 * shares at least one key (`&&`, answered by the GIN indexes on the keys), scored and sorted; then, only if the page
 * is not full yet, the people who share none (score 0), newest first, which PostgreSQL reads in created_at order
 * and stops. "newest" is the second part alone, with no key test.
 */
function rankedPage(viewer: Viewer, callerId: string, options: { order: AttendeeOrder; search: string | null; after: RankKey | null; take: number }): SQL {
  const { order, search, after, take } = options;
  const complementKeys = [...new Set(complementsOf(viewer.goals).map((name) => name.trim().toLowerCase()))];
  const goalSide = [...new Set([...viewer.goalKeys, ...complementKeys])];
  const listed = sql.join(
    [
      sql`"p"."id" in (select "user_id" from ${userEventAccess} where "event_id" = any(${textArray(viewer.eventIds)}::uuid[]))`,
      sql`"p"."discoverable"`,
      sql`"p"."id" <> ${callerId}::uuid`,
      ...(viewer.blocked.length > 0 ? [sql`not ("p"."id" = any(${textArray(viewer.blocked)}::uuid[]))`] : []),
      // search_text is lower-cased by PostgreSQL; the search is lower-cased here and taken literally.
      ...(search ? [sql`"p"."search_text" like ${containsPattern(search)}`] : []),
    ],
    sql` and `,
  );
  const newerThanCursor = after ? sql`and ("p"."created_at", "p"."id") < (${after.created}::timestamptz, ${after.id}::uuid)` : sql``;
  const hits = [
    ...viewer.interestKeys.map((key) => sql`(${key} = any("p"."interest_keys"))::int`),
    ...viewer.goalKeys.map((key) => sql`(${key} = any("p"."goal_keys"))::int`),
    ...complementKeys.map((key) => sql`(${key} = any("p"."goal_keys"))::int`),
  ];
  const sharesKey = sql.join(
    [
      ...(viewer.interestKeys.length > 0 ? [sql`"p"."interest_keys" && ${textArray(viewer.interestKeys)}`] : []),
      ...(goalSide.length > 0 ? [sql`"p"."goal_keys" && ${textArray(goalSide)}`] : []),
    ],
    sql` or `,
  );
  const parts: SQL[] = [];
  const recommended = order === 'recommended' && hits.length > 0;
  // Whoever shares a key: only if the cursor is not already among the score-0 people.
  if (recommended && (!after || after.score > 0)) {
    const score = sql.join(hits, sql` + `);
    const keyset = after
      ? sql`where "score" < ${after.score} or ("score" = ${after.score} and ("created_at", "id") < (${after.created}::timestamptz, ${after.id}::uuid))`
      : sql``;
    parts.push(sql`(select * from (
        select "p"."id", ${score} as "score", "p"."created_at" from ${profiles} as "p" where ${listed} and (${sharesKey})
      ) as "matched" ${keyset} order by "score" desc, "created_at" desc, "id" desc limit ${take})`);
  }
  // Score 0: everyone for "newest"; who shares no key for "recommended". For "newest" the cursor's score is ignored.
  const zeroKeyset = !after || (recommended && after.score > 0) ? sql`` : newerThanCursor;
  parts.push(sql`(select "p"."id", 0 as "score", "p"."created_at" from ${profiles} as "p"
    where ${listed} ${recommended ? sql`and not (${sharesKey})` : sql``} ${zeroKeyset}
    order by "p"."created_at" desc, "p"."id" desc limit ${take})`);
  const otherId = sql`"c"."id"`;
  return sql`select "c"."id", "c"."full_name", "c"."avatar_url", "c"."job_title", "c"."company_or_institution" as "company", "c"."bio",
      "c"."selected_interests" as "interests", "c"."selected_goals" as "goals", ${isConnected(callerId, otherId)} as "connected",
      "r"."score"::int as "score", to_char("r"."created_at" at time zone 'UTC', ${CREATED_KEY}) as "created_key"
    from (select * from (${sql.join(parts, sql` union all `)}) as "parts" limit ${take}) as "r"
    join ${profiles} as "c" on "c"."id" = "r"."id"
    order by "r"."score" desc, "r"."created_at" desc, "r"."id" desc`;
}

/**
 * Discover Attendees: the people who share a networking-enabled event with the caller, never the caller, never
 * anyone who left the directory or is blocked either way. `q` searches name, company, job title, interests and
 * goals, case-insensitively, literally. `recommended` orders by the match score (shared interests + shared goals +
 * complementary goals), then newest; `newest` by profile creation. Keyset pages either way, on
 * (score, created_at, id). Two queries: the viewer (viewerOf), then the page (rankedPage), both reading the database
 * as it is now, so every change committed before the request is in its answer (docs/decisions/0140).
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
  if (me.eventIds.length === 0) return { attendees: [], nextCursor: null };
  const q = options.q?.trim();
  const ranking = rankedPage(me, caller.userId, { order: options.order ?? 'recommended', search: q ? q.toLowerCase() : null, after, take: limit + 1 });
  const rows = await ctx.db.transaction(async (tx) => {
    // Three planner settings for this statement only (decision 0140). The rows a page reads are in memory: priced as
    // such, PostgreSQL reads an event of a few thousand by index probes instead of hashing every profile of the
    // platform (15 against 41 ms of CPU at 5,000 among 75,000). An entry of the discovery index (migration 0009)
    // carries two key arrays that the `&&` test reads, twice the default price of an index entry: priced so, an event
    // of 5,000 among 75,000 is probed (20 ms) rather than the whole index scanned (36 ms), while an event of 50,000
    // still scans it. And no parallel plan: for a big event it sorted every profile of the platform by score in each
    // worker, spilling to disk, instead of keeping the page's top rows.
    await tx.execute(
      sql`select set_config('random_page_cost', '1.1', true), set_config('cpu_index_tuple_cost', '0.01', true), set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    return selectRows<AttendeeRow & { score: number; created_key: string }>(tx, ranking);
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeRank({ score: Number(last.score), created: last.created_key, id: last.id }) : null;
  return { attendees: page.map((row) => toAttendeeDto(row, me)), nextCursor };
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
  if (!row) throw notFound(msg('Profile not found'));
  return row;
}

/** Leave or rejoin the directory. */
export async function setDiscoverable(ctx: AppContext, caller: Caller, discoverable: boolean): Promise<{ discoverable: boolean }> {
  const [row] = await ctx.db
    .update(profiles)
    .set({ discoverable, updatedAt: new Date() })
    .where(eq(profiles.id, caller.userId))
    .returning({ discoverable: profiles.discoverable });
  if (!row) throw notFound(msg('Profile not found'));
  return row;
}
