import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { conflictingIds } from '@mingle/shared/domain/schedule';
import { checkInState, TIME_RULE_MESSAGES } from '@mingle/shared/domain/time-rules';
import {
  CHECK_IN_REPEAT_MESSAGE,
  SESSION_FULL_MESSAGE,
  type AgendaDto,
  type CheckInResult,
  type ManagedSessionDto,
  type ScheduleDto,
  type SessionDto,
  type sessionInputSchema,
} from '@mingle/shared/schemas/agenda';
import type { z } from 'zod';
import type { Caller } from '../../auth/caller.ts';
import { assertEventPermission, eventIdOfSession, loadEventRelation, participatesIn } from '../../auth/event-access.ts';
import { canManageEvent, canParticipate, isSuperAdmin, type EventRelation } from '../../auth/policies.ts';
import type { AppContext } from '../../context.ts';
import { sessionAttendance, sessionBookmarks, sessions } from '../../db/schema/agenda.ts';
import { events } from '../../db/schema/events.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import { agendaSessionsJson } from './session-json.ts';

type SessionRow = typeof sessions.$inferSelect;
type SessionInput = z.output<typeof sessionInputSchema>;

/** The API's shape of a session for one viewer: the one place a row becomes JSON (the speaker bio stays out). */
export function toSessionDto(row: SessionRow, viewer: { isBookmarked: boolean; isCheckedIn: boolean }): SessionDto {
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
    isBookmarked: viewer.isBookmarked,
    isCheckedIn: viewer.isCheckedIn,
  };
}

/** The caller's bookmarks and check-ins among an event's sessions: a handful of rows, by the user's indexes. */
async function viewerMarks(ctx: AppContext, userId: string, eventId: string) {
  const [bookmarked, checkedIn] = await Promise.all([
    ctx.db
      .select({ sessionId: sessionBookmarks.sessionId })
      .from(sessionBookmarks)
      .innerJoin(sessions, eq(sessions.id, sessionBookmarks.sessionId))
      .where(and(eq(sessionBookmarks.userId, userId), eq(sessions.eventId, eventId))),
    ctx.db
      .select({ sessionId: sessionAttendance.sessionId })
      .from(sessionAttendance)
      .innerJoin(sessions, eq(sessions.id, sessionAttendance.sessionId))
      .where(and(eq(sessionAttendance.userId, userId), eq(sessions.eventId, eventId))),
  ]);
  return { bookmarks: new Set(bookmarked.map((row) => row.sessionId)), checkIns: new Set(checkedIn.map((row) => row.sessionId)) };
}

/** Sessions of an event with the caller's bookmark and check-in (Manage Sessions): rows mapped by toSessionDto. */
async function sessionsWithViewer(ctx: AppContext, userId: string, eventId: string) {
  const [rows, marks] = await Promise.all([
    ctx.db.select().from(sessions).where(eq(sessions.eventId, eventId)).orderBy(asc(sessions.startTime), asc(sessions.id)),
    viewerMarks(ctx, userId, eventId),
  ]);
  return rows.map((session) => ({ session, isBookmarked: marks.bookmarks.has(session.id), isCheckedIn: marks.checkIns.has(session.id) }));
}

/**
 * The agenda: the event's header and its sessions by start time, for the event's participants, as JSON text (an
 * AgendaDto). Five queries whatever the number of sessions (relation, event, the caller's bookmarks, check-ins, and
 * the sessions' versions), and a sixth for the sessions this process has no current copy of (session-json.ts).
 */
export async function getAgendaJson(ctx: AppContext, caller: Caller, eventId: string): Promise<string> {
  const relation = await loadEventRelation(ctx.db, caller.userId, eventId);
  assertEventPermission(caller, relation, canParticipate);
  const [[event], marks] = await Promise.all([
    ctx.db
      .select({
        id: events.id,
        name: events.name,
        description: events.description,
        startDate: events.startDate,
        endDate: events.endDate,
        location: events.location,
        eventType: events.eventType,
      })
      .from(events)
      .where(eq(events.id, eventId)),
    viewerMarks(ctx, caller.userId, eventId),
  ]);
  if (!event) throw notFound('Event not found');
  const header: Omit<AgendaDto, 'sessions'> = {
    event: { ...event, startDate: event.startDate.toISOString(), endDate: event.endDate.toISOString() },
    canManage: canManageEvent(caller, relation),
  };
  const list = await agendaSessionsJson(ctx, eventId, marks);
  return `${JSON.stringify(header).slice(0, -1)},"sessions":${list}}`;
}

/** Manage Sessions: the same list with what only the form needs (the speaker bio), for managers. */
export async function listManagedSessions(ctx: AppContext, caller: Caller, eventId: string): Promise<ManagedSessionDto[]> {
  const relation = await loadEventRelation(ctx.db, caller.userId, eventId);
  assertEventPermission(caller, relation, canManageEvent);
  const rows = await sessionsWithViewer(ctx, caller.userId, eventId);
  return rows.map((row) => ({ ...toSessionDto(row.session, row), speakerBio: row.session.speakerBio }));
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

function managed(row: SessionRow, viewer = { isBookmarked: false, isCheckedIn: false }): ManagedSessionDto {
  return { ...toSessionDto(row, viewer), speakerBio: row.speakerBio };
}

export async function createSession(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  input: SessionInput,
): Promise<ManagedSessionDto> {
  const relation = await loadEventRelation(ctx.db, caller.userId, eventId);
  assertEventPermission(caller, relation, canManageEvent);
  const [row] = await ctx.db
    .insert(sessions)
    .values({ ...sessionValues(input), eventId, createdBy: caller.userId })
    .returning();
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
  const relation = eventId ? await loadEventRelation(ctx.db, caller.userId, eventId) : null;
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
  const [row] = await ctx.db
    .update(sessions)
    .set({ ...sessionValues(input), updatedAt: new Date() })
    .where(eq(sessions.id, sessionId))
    .returning();
  if (!row) throw notFound('Session not found');
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
  if (!times) throw notFound('Session not found');
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
      session: toSessionDto(row.session, { isBookmarked: true, isCheckedIn: row.isCheckedIn }),
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
  if (!row) throw notFound('Session not found');
  return row;
}
