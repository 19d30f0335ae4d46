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

/** How many of `column`'s entries are in `names`, case-insensitively. */
function countIn(column: SQL, names: readonly string[]): SQL {
  if (names.length === 0) return sql`0`;
  return sql`(select count(*)::int from unnest(${column}) as "entry" where lower("entry") = any(${textArray(names.map((n) => n.toLowerCase()))}))`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
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

async function viewerProfile(ctx: AppContext, userId: string) {
  const [row] = await ctx.db
    .select({ interests: profiles.selectedInterests, goals: profiles.selectedGoals })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? { interests: [], goals: [] };
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
  const me = await viewerProfile(ctx, caller.userId);
  const p = sql.raw('"p"');
  const score =
    order === 'recommended'
      ? sql`(${countIn(sql`${p}."selected_interests"`, me.interests)} + ${countIn(sql`${p}."selected_goals"`, me.goals)} + ${countIn(sql`${p}."selected_goals"`, complementsOf(me.goals))})`
      : sql`0`;
  const otherId = sql`${p}."id"`;
  const filters: SQL[] = [
    sql`${p}."id" <> ${caller.userId}::uuid`,
    sql`${p}."discoverable"`,
    sharesNetworkingEvent(caller.userId, otherId),
    sql`not ${eitherBlocked(caller.userId, otherId)}`,
  ];
  const q = options.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    filters.push(sql`(
      ${p}."full_name" ilike ${pattern} or ${p}."company_or_institution" ilike ${pattern} or ${p}."job_title" ilike ${pattern}
      or array_to_string(${p}."selected_interests", ' ') ilike ${pattern} or array_to_string(${p}."selected_goals", ' ') ilike ${pattern}
    )`);
  }
  const keyset = after
    ? order === 'recommended'
      ? sql`where ("score", "created_at", "id") < (${after.score}, ${after.created}::timestamptz, ${after.id}::uuid)`
      : sql`where ("created_at", "id") < (${after.created}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const orderBy = order === 'recommended' ? sql`"score" desc, "created_at" desc, "id" desc` : sql`"created_at" desc, "id" desc`;
  const rows = await selectRows<AttendeeRow>(
    ctx.db,
    sql`select * from (
      select ${p}."id", ${p}."full_name", ${p}."avatar_url", ${p}."job_title", ${p}."company_or_institution" as "company", ${p}."bio",
        ${p}."selected_interests" as "interests", ${p}."selected_goals" as "goals", ${p}."created_at",
        to_char(${p}."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "created_key",
        ${isConnected(caller.userId, otherId)} as "connected",
        ${score} as "score"
      from ${profiles} as ${p}
      where ${sql.join(filters, sql` and `)}
    ) as "candidates"
    ${keyset}
    order by ${orderBy}
    limit ${limit + 1}`,
  );
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
