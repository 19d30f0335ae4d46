import { z } from 'zod';
import { EVENT_TYPES, SESSION_TYPES } from '../core/constants.ts';

// What the agenda API answers about sessions and schedules. The server's routes answer with these schemas (the
// OpenAPI document names them by their id) and both apps infer their types from them (decision 0145).

/**
 * A session as every participant of its event sees it: the shared part of the agenda, the same for every viewer,
 * so it can be answered with an ETag. The speaker bio stays out (the form's only).
 */
export const sessionSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  speakerName: z.string().nullable(),
  sessionType: z.enum(SESSION_TYPES),
  /** ISO 8601 instants (UTC). */
  startTime: z.string(),
  endTime: z.string(),
  /** The zone the session is shown in. */
  timezone: z.string(),
  location: z.string().nullable(),
  /** Null: no limit. */
  maxCapacity: z.number().int().nullable(),
  tags: z.array(z.string()),
  networkingSlotsOpen: z.boolean(),
  hostName: z.string().nullable(),
  referenceUrl: z.string().nullable(),
  /** Checked-in attendees. */
  attendeeCount: z.number().int(),
}).meta({ id: 'Session' });
export type SessionDto = z.output<typeof sessionSchema>;

/** The viewer's own two marks on a session. */
export const viewerMarksSchema = z.object({ isBookmarked: z.boolean(), isCheckedIn: z.boolean() });
export type ViewerMarks = z.output<typeof viewerMarksSchema>;

/** A session with the viewer's marks (My Schedule, Manage Sessions, and the agenda page once it has both calls). */
export const viewerSessionSchema = sessionSchema.extend(viewerMarksSchema.shape);
export type ViewerSessionDto = z.output<typeof viewerSessionSchema>;

/** What managers see: the speaker bio is written on the form, shown nowhere else. */
export const managedSessionSchema = viewerSessionSchema.extend({ speakerBio: z.string().nullable() }).meta({ id: 'ManagedSession' });
export type ManagedSessionDto = z.output<typeof managedSessionSchema>;

/** GET /api/events/{eventId}/sessions: Manage Sessions' list. */
export const managedSessionsSchema = z.object({ sessions: z.array(managedSessionSchema) });

/** The agenda's header: the event's name, description and dates (spec 02 "Event agenda"). */
export const agendaEventSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string().nullable(),
  eventType: z.enum(EVENT_TYPES),
  /** The zone the event's dates are shown in. */
  timezone: z.string(),
});

/** GET /api/events/{eventId}/agenda: the event's sessions by start time, the same for every participant (ETag). */
export const agendaSchema = z.object({ event: agendaEventSchema, sessions: z.array(sessionSchema) }).meta({ id: 'Agenda' });
export type AgendaDto = z.output<typeof agendaSchema>;

/** GET /api/events/{eventId}/agenda/viewer: the caller's own part of the agenda, a few ids. */
export const agendaViewerSchema = z.object({
  /** The caller may manage the event's sessions (the Manage Sessions button). */
  canManage: z.boolean(),
  bookmarkedSessionIds: z.array(z.uuid()),
  checkedInSessionIds: z.array(z.uuid()),
}).meta({ id: 'AgendaViewer' });
export type AgendaViewerDto = z.output<typeof agendaViewerSchema>;

export const scheduleItemSchema = z.object({
  bookmarkId: z.uuid(),
  bookmarkedAt: z.string(),
  event: z.object({ id: z.uuid(), name: z.string() }),
  session: viewerSessionSchema,
  /** Overlaps another session of the schedule. */
  conflict: z.boolean(),
});
export type ScheduleItemDto = z.output<typeof scheduleItemSchema>;

export const scheduleSchema = z.object({ items: z.array(scheduleItemSchema) }).meta({ id: 'Schedule' });
export type ScheduleDto = z.output<typeof scheduleSchema>;

export const checkInResultSchema = z.object({ checkedIn: z.literal(true), attendeeCount: z.number().int() });
export type CheckInResult = z.output<typeof checkInResultSchema>;

/** PUT and DELETE /api/sessions/{sessionId}/bookmark: the bookmark's state after the call. */
export const bookmarkStateSchema = z.object({ bookmarked: z.boolean() });
