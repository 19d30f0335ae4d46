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
import { isUuid } from '../../auth/event-access.ts';
import { eitherBlocked, isConnected, sharesNetworkingEvent } from '../../auth/networking-access.ts';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../db/client.ts';
import { events, userEventAccess } from '../../db/schema/events.ts';
import { userConnections, userInteractions } from '../../db/schema/networking.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';

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
  score: number;
  created_key: string;
}

/** A text[] literal of parameters (drizzle would spread a JS array into a parenthesised list). */
function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** The viewer's side of discovery: what they chose, the keys matchmaking compares, their networking events. */
interface Viewer {
  interests: string[];
  goals: string[];
  interestKeys: string[];
  goalKeys: string[];
  /** The events the viewer takes part in that have attendee networking on: whose people they may discover. */
  eventIds: string[];
}

/**
 * The match score of the profile aliased "p" for the viewer (matchOf's score, every point of which a card shows):
 * their interests among the viewer's, their goals among the viewer's, their goals that answer one of the viewer's.
 * Both sides are keys (profiles.interest_keys and goal_keys: trimmed, lower-cased, distinct, kept by PostgreSQL),
 * so it is one `key = any(...)` test per viewer key and no per-row subquery: it runs for every reachable person.
 */
function scoreSql(viewer: Viewer): SQL {
  const hits = (column: SQL, keys: readonly string[]) => keys.map((key) => sql`(${key}::text = any(${column}))::int`);
  const complements = [...new Set(complementsOf(viewer.goals).map((name) => name.trim().toLowerCase()))];
  const terms = [
    ...hits(sql`"p"."interest_keys"`, viewer.interestKeys),
    ...hits(sql`"p"."goal_keys"`, viewer.goalKeys),
    ...hits(sql`"p"."goal_keys"`, complements),
  ];
  return terms.length > 0 ? sql`(${sql.join(terms, sql` + `)})` : sql`0`;
}

/**
 * Everyone in the viewer's networking-enabled events (the viewer too), as a set of ids: the rule of
 * `sharesNetworkingEvent` (auth/networking-access.ts) in set form, so discovery does not apply it a second time
 * per row. The events come as constants from `viewerOf`, which lets PostgreSQL plan for the real size of the
 * viewer's events (a join on them is planned for an average event, which picked parallel hash plans over
 * the whole profiles table). The cost follows the size of the viewer's events, not of the platform.
 */
function reachablePeople(eventIds: readonly string[]): SQL {
  return sql`select distinct "user_id" from ${userEventAccess} where "event_id" = any(${textArray(eventIds)}::uuid[])`;
}

type Cursor = { score: number; created: string; id: string };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.score, cursor.created, cursor.id])).toString('base64url');
}

function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const [score, created, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as [number, string, string];
    if (!Number.isInteger(score) || typeof created !== 'string' || Number.isNaN(Date.parse(created)) || !isUuid(id)) throw new Error();
    return { score, created, id };
  } catch {
    throw badRequest('Invalid cursor');
  }
}

/**
 * The viewer's profile and keys, and their networking-enabled events: the same events `sharesNetworkingEvent`
 * (auth/networking-access.ts) joins through, so a change to that rule must be made here too (the discovery tests
 * cover both sides: networking off, no shared event).
 */
async function viewerOf(ctx: AppContext, userId: string): Promise<Viewer> {
  const [row] = await selectRows<{ event_ids: string[]; interests: string[] | null; goals: string[] | null; interest_keys: string[] | null; goal_keys: string[] | null }>(
    ctx.db,
    sql`select array(
        select "mine"."event_id"::text from ${userEventAccess} as "mine"
        join ${events} as "shared_event" on "shared_event"."id" = "mine"."event_id" and "shared_event"."allow_attendee_networking"
        where "mine"."user_id" = ${userId}::uuid
      ) as "event_ids",
      "p"."selected_interests" as "interests", "p"."selected_goals" as "goals", "p"."interest_keys", "p"."goal_keys"
      from (select 1) as "one" left join ${profiles} as "p" on "p"."id" = ${userId}::uuid`,
  );
  return {
    interests: row?.interests ?? [],
    goals: row?.goals ?? [],
    interestKeys: row?.interest_keys ?? [],
    goalKeys: row?.goal_keys ?? [],
    eventIds: row?.event_ids ?? [],
  };
}

/**
 * Discover Attendees: the people who share a networking-enabled event with the caller, never the caller, never
 * anyone who left the directory or is blocked either way. `q` searches name, company, job title, interests and
 * goals, case-insensitively. `recommended` orders by the match score (shared interests + shared goals +
 * complementary goals), then newest; `newest` by profile creation. Keyset pages either way.
 */
export async function listAttendees(
  ctx: AppContext,
  caller: Caller,
  options: { q?: string; cursor?: string; limit?: number; order?: AttendeeOrder },
): Promise<AttendeePage> {
  const limit = Math.min(options.limit ?? ATTENDEE_PAGE.default, ATTENDEE_PAGE.max);
  const order = options.order ?? 'recommended';
  const after = decodeCursor(options.cursor);
  const me = await viewerOf(ctx, caller.userId);
  // In no networking event, nobody to discover.
  if (me.eventIds.length === 0) return { attendees: [], nextCursor: null };
  const otherId = sql`"p"."id"`;
  // Who shares a networking event with the viewer is the source itself (reachablePeople).
  const filters: SQL[] = [sql`"p"."id" <> ${caller.userId}::uuid`, sql`"p"."discoverable"`, sql`not ${eitherBlocked(caller.userId, otherId)}`];
  const q = options.q?.trim();
  // profiles.search_text: name, company, job title, interests and goals, lower-cased, one field never running into
  // the next. strpos takes the search as it is (no LIKE escaping).
  if (q) filters.push(sql`strpos("p"."search_text", ${q.toLowerCase()}) > 0`);
  const reachable = sql`(${reachablePeople(me.eventIds)}) as "reach" join ${profiles} as "p" on "p"."id" = "reach"."user_id"`;
  // With a search, OFFSET 0 keeps PostgreSQL from testing it on every profile of the platform before the join
  // (it pushes such filters into the scan); without one, the "newest" order may walk the created_at index instead.
  const source = q ? sql`(select "p".* from ${reachable} offset 0) as "p"` : reachable;
  const keyset = after
    ? order === 'recommended'
      ? sql`where ("score", "created_at", "id") < (${after.score}, ${after.created}::timestamptz, ${after.id}::uuid)`
      : sql`where ("created_at", "id") < (${after.created}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const orderBy = (alias: string) => {
    const a = sql.raw(`"${alias}"`);
    return order === 'recommended' ? sql`${a}."score" desc, ${a}."created_at" desc, ${a}."id" desc` : sql`${a}."created_at" desc, ${a}."id" desc`;
  };
  // Rank narrow rows (id, time, score) first; only the page's rows get their card columns and connection state.
  const ranking = sql`select "p"."id", "p"."full_name", "p"."avatar_url", "p"."job_title", "p"."company_or_institution" as "company", "p"."bio",
        "p"."selected_interests" as "interests", "p"."selected_goals" as "goals",
        to_char("p"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "created_key",
        ${isConnected(caller.userId, otherId)} as "connected", "ranked"."score"
      from (
        select * from (
          select "p"."id", "p"."created_at", ${order === 'recommended' ? scoreSql(me) : sql`0`} as "score"
          from ${source}
          where ${sql.join(filters, sql` and `)}
        ) as "candidates"
        ${keyset}
        order by ${orderBy('candidates')}
        limit ${limit + 1}
      ) as "ranked"
      join ${profiles} as "p" on "p"."id" = "ranked"."id"
      order by ${orderBy('ranked')}`;
  const rows = await ctx.db.transaction(async (tx) => {
    // Serially: for a few thousand people PostgreSQL likes a parallel plan (a parallel scan of profiles, each
    // worker sorting all its rows), whose start-up and competition for the cores cost more than it saves; the
    // p95 of "Recommended for you" at 5,000 people was about 1.5 times lower without (docs/decisions/0035).
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return selectRows<AttendeeRow>(tx, ranking);
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    attendees: page.map((row) => toAttendeeDto(row, me)),
    nextCursor: rows.length > limit && last ? encodeCursor({ score: Number(last.score), created: last.created_key, id: last.id }) : null,
  };
}

function toAttendeeDto(row: AttendeeRow, me: { interests: string[]; goals: string[] }): AttendeeDto {
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
  input: { userId: string; via: 'discovery' | 'qr_scan' },
): Promise<ConnectResult> {
  if (input.userId === caller.userId) throw badRequest(NETWORKING_MESSAGES.connectSelf, 'connect_self');
  const target = sql`${input.userId}::uuid`;
  // From the directory: only someone the caller can discover. By QR code: anyone whose code the caller scanned
  // (the link was shown to them in person), unless either blocked the other.
  const visible = input.via === 'discovery' ? sql`${sharesNetworkingEvent(caller.userId, target)} and ` : sql``;
  const [found] = await selectRows<{ id: string }>(
    ctx.db,
    sql`select "id" from ${profiles} where "id" = ${target} and ${visible} not ${eitherBlocked(caller.userId, target)}`,
  );
  if (!found) throw notFound(NETWORKING_MESSAGES.userNotFound);
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

/** The card of /connect/{userId}: anyone signed in who has the link (it is shown as a QR code in person). */
export async function getConnectProfile(ctx: AppContext, caller: Caller, userId: string): Promise<ConnectProfileDto> {
  if (!isUuid(userId)) throw notFound(NETWORKING_MESSAGES.userNotFound);
  const target = sql`${userId}::uuid`;
  const [row] = await selectRows<Omit<AttendeeRow, 'goals' | 'score' | 'created_key'>>(
    ctx.db,
    sql`select "id", "full_name", "avatar_url", "job_title", "company_or_institution" as "company", "bio",
      "selected_interests" as "interests", ${isConnected(caller.userId, target)} as "connected"
      from ${profiles} where "id" = ${target} and not ${eitherBlocked(caller.userId, target)}`,
  );
  if (!row) throw notFound(NETWORKING_MESSAGES.userNotFound);
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
