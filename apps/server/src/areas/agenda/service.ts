import { createHash } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, or, sql, type Placeholder } from 'drizzle-orm';
import { conflictingIds } from '@mingle/shared/domain/schedule';
import { checkInState, TIME_RULE_MESSAGES } from '@mingle/shared/domain/time-rules';
import type {
  AgendaDto,
  AgendaViewerDto,
  CheckInResult,
  ManagedSessionDto,
  ScheduleDto,
  SessionDto,
  ViewerMarks,
} from '@mingle/shared/agenda/contract';
import { CHECK_IN_REPEAT_MESSAGE, SESSION_FULL_MESSAGE, type sessionInputSchema } from '@mingle/shared/agenda/inputs';
import type { WebhookSession } from '@mingle/shared/webhooks/events';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth/caller.ts';
import type { AppContext } from '../../context.ts';
import { preparedQuery } from '../../platform/db/prepared.ts';
import { sessionAttendance, sessionBookmarks, sessions } from '../../platform/db/schema/agenda.ts';
import { events } from '../../platform/db/schema/events.ts';
import { conflict, HttpError, notFound } from '../../platform/http/errors.ts';
import { etagMatches } from '../../platform/http/etag.ts';
import { assertEventPermission, canManageEvent, canParticipate, eventIdOfSession, type EventRelation, isSuperAdmin, loadEventRelation, loadEventWithRelation, participatesIn, relationColumns } from '../event-access/index.ts';
import { queueWebhooks } from '../webhooks/index.ts';
import { isUuid, qualified } from '../../platform/db/sql.ts';
import { msg } from '@mingle/shared/core/messages';

type SessionRow = typeof sessions.$inferSelect;
type SessionInput = z.output<typeof sessionInputSchema>;

/** The columns of a session that the API shows to every participant (the speaker bio and the audit columns stay out). */
const { speakerBio: _speakerBio, createdBy: _createdBy, createdAt: _createdAt, updatedAt: _updatedAt, ...sharedColumns } = getTableColumns(sessions);
type SharedSessionRow = Omit<SessionRow, 'speakerBio' | 'createdBy' | 'createdAt' | 'updatedAt'>;

/** The one place a session row becomes the API's SessionDto (packages/shared sessionSchema). */
export function toSessionDto(row: SharedSessionRow): SessionDto {
  return {
    id: row.id,
    eventId: row.eventId,
    title: row.title,
    description: row.description,
    speakerName: row.speakerName,
    sessionType: row.sessionType,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    timezone: row.timezone,
    location: row.location,
    maxCapacity: row.maxCapacity,
    tags: row.tags,
    networkingSlotsOpen: row.networkingSlotsOpen,
    hostName: row.hostName,
    referenceUrl: row.referenceUrl,
    attendeeCount: row.checkedInCount,
  };
}

/** The session ids of the user's rows in `table` (bookmarks or check-ins) among the event's sessions, as a JSON array. */
function marksOf(table: typeof sessionBookmarks | typeof sessionAttendance, userId: Placeholder) {
  return sql<string[]>`coalesce((
    select json_agg(${qualified(table.sessionId)} order by ${qualified(table.sessionId)})
    from ${table} join ${sessions} on ${qualified(sessions.id)} = ${qualified(table.sessionId)}
    where ${qualified(table.userId)} = ${userId}::uuid and ${qualified(sessions.eventId)} = ${qualified(events.id)}
  ), '[]'::json)`;
}

/**
 * The caller's relation to the event and their bookmarks and check-ins among its sessions, in one prepared query
 * (a handful of rows each, by the user's indexes); no row when the event does not exist.
 */
const viewerQuery = preparedQuery('mingle_agenda_viewer', (db) =>
  db
    .select({
      relation: relationColumns(sql.placeholder('userId')),
      bookmarks: marksOf(sessionBookmarks, sql.placeholder('userId')),
      checkIns: marksOf(sessionAttendance, sql.placeholder('userId')),
    })
    .from(events)
    .where(eq(events.id, sql.placeholder('eventId'))),
);

/** The caller's part of an event's agenda, after the check that they may see it (`allowed`). */
async function viewerOf(ctx: AppContext, caller: Caller, eventId: string, allowed: (caller: Caller, relation: EventRelation) => boolean) {
  const [found] = isUuid(eventId) ? await viewerQuery(ctx.db).execute({ userId: caller.userId, eventId }) : [];
  assertEventPermission(caller, found?.relation ?? null, allowed);
  return found!;
}

/**
 * Bumped whenever the agenda's JSON shape changes, so a browser's copy of an older shape is never confirmed by a
 * 304 after a deploy that left the rows as they were.
 */
const AGENDA_SHAPE_VERSION = 1;

const digestQuery = preparedQuery('mingle_agenda_digest', (db) =>
  db
    .select({
      digest: sql<string>`md5(coalesce(string_agg(${qualified(sessions.id)}::text || '.' || ${sessions}.xmin::text, ',' order by ${qualified(sessions.id)}), ''))`,
    })
    .from(sessions)
    .where(eq(sessions.eventId, sql.placeholder('eventId'))),
);

/**
 * The ETag of an event's agenda (decision 0145): a digest of its header as answered and of every session's
 * `(id, xmin)`. `xmin` is the transaction that wrote a row's current version, so any change to a session gives
 * it a new one (an edit, a check-in counted, a script's update); an added or deleted session changes the set. One
 * aggregate over the event's sessions by their index, one short row back, nothing stored.
 */
async function agendaEtag(ctx: AppContext, event: AgendaDto['event']): Promise<string> {
  const [row] = await digestQuery(ctx.db).execute({ eventId: event.id });
  const hash = createHash('sha256').update(`${AGENDA_SHAPE_VERSION}\n${JSON.stringify(event)}\n${row!.digest}`).digest('base64url');
  return `W/"${hash.slice(0, 32)}"`;
}

/** The agenda, or only its ETag when the caller's copy (If-None-Match) is still current. */
export type AgendaAnswer = { etag: string; notModified: true } | { etag: string; notModified: false; agenda: AgendaDto };

/**
 * The agenda: the event's header and its sessions by start time, the same for every participant of the event, with
 * its ETag. Who may see it is checked first (a caller who may not gets the same 404 whatever they send); then a
 * copy the caller already holds is confirmed (304, two queries) or the sessions are read (three). The version is
 * read before the sessions: a change committed in between gives a newer body under an older tag, which only costs
 * the next request a 200, never a stale 304.
 */
export async function getAgenda(ctx: AppContext, caller: Caller, eventId: string, ifNoneMatch?: string): Promise<AgendaAnswer> {
  const found = await loadEventWithRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, found?.relation ?? null, canParticipate);
  const { row } = found!;
  const event: AgendaDto['event'] = {
    id: row.id,
    name: row.name,
    description: row.description,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    location: row.location,
    eventType: row.eventType,
    timezone: row.timezone,
  };
  const etag = await agendaEtag(ctx, event);
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, etag)) return { etag, notModified: true };
  const rows = await ctx.db
    .select(sharedColumns)
    .from(sessions)
    .where(eq(sessions.eventId, eventId))
    .orderBy(asc(sessions.startTime), asc(sessions.id));
  return { etag, notModified: false, agenda: { event, sessions: rows.map(toSessionDto) } };
}

/** The caller's own part of an event's agenda: whether they manage it, and their bookmarks and check-ins there. */
export async function getAgendaViewer(ctx: AppContext, caller: Caller, eventId: string): Promise<AgendaViewerDto> {
  const viewer = await viewerOf(ctx, caller, eventId, canParticipate);
  return { canManage: canManageEvent(caller, viewer.relation), bookmarkedSessionIds: viewer.bookmarks, checkedInSessionIds: viewer.checkIns };
}

/** Manage Sessions: the same list with what only the form needs (the speaker bio), for managers. */
export async function listManagedSessions(ctx: AppContext, caller: Caller, eventId: string): Promise<ManagedSessionDto[]> {
  const viewer = await viewerOf(ctx, caller, eventId, canManageEvent);
  const rows = await ctx.db.select().from(sessions).where(eq(sessions.eventId, eventId)).orderBy(asc(sessions.startTime), asc(sessions.id));
  const bookmarks = new Set(viewer.bookmarks);
  const checkIns = new Set(viewer.checkIns);
  return rows.map((row) => managed(row, { isBookmarked: bookmarks.has(row.id), isCheckedIn: checkIns.has(row.id) }));
}

function sessionValues(input: SessionInput) {
  return {
    title: input.title,
    description: input.description,
    speakerName: input.speakerName,
    speakerBio: input.speakerBio,
    sessionType: input.sessionType,
    startTime: new Date(input.startTime),
    endTime: new Date(input.endTime),
    timezone: input.timezone,
    location: input.location,
    maxCapacity: input.maxCapacity,
    tags: input.tags,
    networkingSlotsOpen: input.networkingSlotsOpen,
    // Only workshops have a host and a reference link.
    hostName: input.sessionType === 'workshop' ? input.hostName : null,
    referenceUrl: input.sessionType === 'workshop' ? input.referenceUrl : null,
  };
}

function managed(row: SessionRow, viewer: ViewerMarks = { isBookmarked: false, isCheckedIn: false }): ManagedSessionDto {
  return { ...toSessionDto(row), ...viewer, speakerBio: row.speakerBio };
}

/** What a session's webhooks carry. */
function sessionWebhookData(row: SessionRow): WebhookSession {
  return {
    eventId: row.eventId,
    sessionId: row.id,
    title: row.title,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    location: row.location,
  };
}

export async function createSession(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  input: SessionInput,
): Promise<ManagedSessionDto> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(sessions)
      .values({ ...sessionValues(input), eventId, createdBy: caller.userId })
      .returning();
    await queueWebhooks(ctx, tx, { eventId, type: 'session.created', data: sessionWebhookData(created!) });
    return created;
  });
  return managed(row!);
}

/** The session's event and the caller's relation to it; a session of an event the caller cannot see is a 404. */
async function sessionGate(
  ctx: AppContext,
  caller: Caller,
  sessionId: string,
  allowed: (caller: Caller, relation: EventRelation) => boolean,
): Promise<{ eventId: string; relation: EventRelation }> {
  const eventId = await eventIdOfSession(ctx.db, sessionId);
  const relation = eventId ? await loadEventRelation(ctx.db, caller, eventId) : null;
  assertEventPermission(caller, relation, allowed, 'Session not found');
  return { eventId: eventId!, relation };
}

export async function updateSession(
  ctx: AppContext,
  caller: Caller,
  sessionId: string,
  input: SessionInput,
): Promise<ManagedSessionDto> {
  await sessionGate(ctx, caller, sessionId, canManageEvent);
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ startTime: sessions.startTime }).from(sessions).where(eq(sessions.id, sessionId)).for('update');
    const [updated] = await tx
      .update(sessions)
      .set({ ...sessionValues(input), updatedAt: new Date() })
      .where(eq(sessions.id, sessionId))
      .returning();
    // A session moved to another time is reminded of again, before its new start (areas/agenda/reminders.ts).
    if (updated && before && updated.startTime.getTime() !== before.startTime.getTime()) {
      await tx.update(sessionBookmarks).set({ remindedAt: null }).where(eq(sessionBookmarks.sessionId, sessionId));
    }
    if (updated) await queueWebhooks(ctx, tx, { eventId: updated.eventId, type: 'session.updated', data: sessionWebhookData(updated) });
    return updated;
  });
  if (!row) throw notFound(msg('Session not found'));
  return managed(row);
}

export async function deleteSession(ctx: AppContext, caller: Caller, sessionId: string): Promise<void> {
  await sessionGate(ctx, caller, sessionId, canManageEvent);
  await ctx.db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Bookmark a session (idempotent: the unique key makes repeated and parallel clicks one bookmark). */
export async function addBookmark(ctx: AppContext, caller: Caller, sessionId: string) {
  await sessionGate(ctx, caller, sessionId, canParticipate);
  await ctx.db.insert(sessionBookmarks).values({ sessionId, userId: caller.userId }).onConflictDoNothing();
  return { bookmarked: true as const };
}

export async function removeBookmark(ctx: AppContext, caller: Caller, sessionId: string) {
  await sessionGate(ctx, caller, sessionId, canParticipate);
  await ctx.db
    .delete(sessionBookmarks)
    .where(and(eq(sessionBookmarks.sessionId, sessionId), eq(sessionBookmarks.userId, caller.userId)));
  return { bookmarked: false as const };
}

/**
 * Check in to a session: one way, once, and only while its window is open, from 30 minutes before it starts until
 * it ends (decision 0105); outside it nothing is written. In one transaction the attendance row is inserted (a repeat finds the
 * primary key and is refused with the spec's message) and the session's count goes up only while it is below
 * max_capacity; the update's row lock makes parallel check-ins wait for each other, so a full session refuses
 * exactly the check-ins past its capacity, and a refused one leaves no attendance row (rolled back).
 */
export async function checkIn(ctx: AppContext, caller: Caller, sessionId: string): Promise<CheckInResult> {
  await sessionGate(ctx, caller, sessionId, canParticipate);
  const [times] = await ctx.db.select({ startTime: sessions.startTime, endTime: sessions.endTime }).from(sessions).where(eq(sessions.id, sessionId));
  if (!times) throw notFound(msg('Session not found'));
  const state = checkInState(times);
  if (state === 'not_open') throw conflict(TIME_RULE_MESSAGES.checkInNotOpen, 'check_in_not_open');
  if (state === 'closed') throw conflict(TIME_RULE_MESSAGES.checkInClosed, 'check_in_closed');
  return ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(sessionAttendance)
      .values({ sessionId, userId: caller.userId })
      .onConflictDoNothing()
      .returning({ sessionId: sessionAttendance.sessionId });
    if (!inserted) throw conflict(CHECK_IN_REPEAT_MESSAGE, 'already_checked_in');
    const [counted] = await tx
      .update(sessions)
      .set({ checkedInCount: sql`${sessions.checkedInCount} + 1` })
      .where(
        and(
          eq(sessions.id, sessionId),
          or(sql`${sessions.maxCapacity} is null`, sql`${sessions.checkedInCount} < ${sessions.maxCapacity}`),
        ),
      )
      .returning({ count: sessions.checkedInCount });
    if (!counted) throw new HttpError(409, 'session_full', SESSION_FULL_MESSAGE);
    return { checkedIn: true as const, attendeeCount: counted.count };
  });
}

/** The caller's bookmarked sessions with their event's name, newest bookmark first (My Schedule and its .ics). */
async function scheduleRows(ctx: AppContext, caller: Caller) {
  return ctx.db
    .select({
      bookmarkId: sessionBookmarks.id,
      bookmarkedAt: sessionBookmarks.createdAt,
      session: sessions,
      eventName: events.name,
      isCheckedIn: sql<boolean>`${sessionAttendance.userId} is not null`,
    })
    .from(sessionBookmarks)
    .innerJoin(sessions, eq(sessions.id, sessionBookmarks.sessionId))
    .innerJoin(events, eq(events.id, sessions.eventId))
    .leftJoin(sessionAttendance, and(eq(sessionAttendance.sessionId, sessions.id), eq(sessionAttendance.userId, caller.userId)))
    .where(
      and(
        eq(sessionBookmarks.userId, caller.userId),
        isSuperAdmin(caller) ? undefined : participatesIn(caller.userId, sessions.eventId),
      ),
    )
    .orderBy(desc(sessionBookmarks.createdAt), desc(sessionBookmarks.id));
}

/**
 * My Schedule: the caller's bookmarked sessions with their event's name, newest bookmark first, each marked when
 * it overlaps another. Sessions of events the caller no longer takes part in are left out. Not paginated: one
 * person's bookmarks are a bounded list, and conflicts need all of them.
 */
export async function getSchedule(ctx: AppContext, caller: Caller): Promise<ScheduleDto> {
  const rows = await scheduleRows(ctx, caller);
  const conflicts = conflictingIds(rows.map((row) => row.session));
  return {
    items: rows.map((row) => ({
      bookmarkId: row.bookmarkId,
      bookmarkedAt: row.bookmarkedAt.toISOString(),
      event: { id: row.session.eventId, name: row.eventName },
      session: { ...toSessionDto(row.session), isBookmarked: true, isCheckedIn: row.isCheckedIn },
      conflict: conflicts.has(row.session.id),
    })),
  };
}

/** The schedule's sessions for its calendar file. */
export async function getScheduleSessions(ctx: AppContext, caller: Caller) {
  const rows = await scheduleRows(ctx, caller);
  return rows.map((row) => ({ session: row.session, eventName: row.eventName }));
}

/** One session with its event's name, for the participants of its event (the calendar file of one session). */
export async function getSessionForCalendar(ctx: AppContext, caller: Caller, sessionId: string) {
  await sessionGate(ctx, caller, sessionId, canParticipate);
  const [row] = await ctx.db
    .select({ session: sessions, eventName: events.name })
    .from(sessions)
    .innerJoin(events, eq(events.id, sessions.eventId))
    .where(eq(sessions.id, sessionId));
  if (!row) throw notFound(msg('Session not found'));
  return row;
}
