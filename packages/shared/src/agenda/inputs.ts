import { z } from 'zod';
import { EVENT_TYPES, SESSION_LIMITS, SESSION_TYPES, TIMEZONES } from '../core/constants.ts';
import { instantSchema, optionalText } from '../events/inputs.ts';

// Spec 02 section 5 "Session" with the exact messages, and the API's shapes of sessions and schedules.

export const END_TIME_AFTER_START_MESSAGE = 'End time must be after start time';
export const CHECK_IN_REPEAT_MESSAGE = 'Failed to check in. You may already be checked in.';
export const SESSION_FULL_MESSAGE = 'This session is full';

const httpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export const sessionTagsSchema = z
  .array(z.string().trim().min(1, 'Tags cannot be empty').max(SESSION_LIMITS.tagMax, 'Tags must be less than 50 characters'))
  .max(SESSION_LIMITS.maxTags, 'A session can have at most 10 tags')
  .refine((tags) => new Set(tags.map((tag) => tag.toLowerCase())).size === tags.length, 'Tags must not repeat')
  .default([]);

/** The fields of a session other than its times, shared by the API schema and the form schema. */
export const sessionFields = {
  title: z
    .string({ error: 'Session name is required' })
    .trim()
    .min(1, 'Session name is required')
    .max(SESSION_LIMITS.titleMax, 'Session name must be less than 200 characters'),
  description: optionalText(SESSION_LIMITS.descriptionMax, 'Description must be less than 2000 characters'),
  speakerName: optionalText(SESSION_LIMITS.speakerNameMax, 'Speaker names must be less than 500 characters'),
  speakerBio: optionalText(SESSION_LIMITS.speakerBioMax, 'Speaker bio must be less than 1000 characters'),
  sessionType: z.enum(SESSION_TYPES, 'Please choose a session type').default('topic'),
  timezone: z.enum(TIMEZONES, 'Timezone is required'),
  location: optionalText(SESSION_LIMITS.locationMax, 'Location must be less than 200 characters'),
  maxCapacity: z
    .number('Capacity must be a positive whole number')
    .int('Capacity must be a positive whole number')
    .positive('Capacity must be a positive whole number')
    .max(1_000_000, 'Capacity must be a positive whole number')
    .nullish()
    .transform((value) => value ?? null),
  tags: sessionTagsSchema,
  networkingSlotsOpen: z.boolean().default(false),
  hostName: optionalText(SESSION_LIMITS.hostNameMax, 'Host name must be less than 200 characters'),
  referenceUrl: z
    .string()
    .trim()
    .max(SESSION_LIMITS.referenceUrlMax, 'Reference URL must be less than 500 characters')
    .refine((value) => value === '' || httpUrl(value), 'Must be a valid URL')
    .nullish()
    .transform((value) => (value ? value : null)),
};

/** The workshop rule, for both schemas. */
export function workshopHostIssue(session: { sessionType?: string; hostName?: string | null }): string | null {
  return session.sessionType === 'workshop' && !session.hostName?.trim() ? 'Host name is required for workshop sessions' : null;
}

export const sessionInputSchema = z
  .object({
    title: sessionFields.title,
    description: sessionFields.description,
    speakerName: sessionFields.speakerName,
    speakerBio: sessionFields.speakerBio,
    sessionType: sessionFields.sessionType,
    startTime: instantSchema('Start time is required'),
    endTime: instantSchema('End time is required'),
    timezone: sessionFields.timezone.default('UTC'),
    location: sessionFields.location,
    maxCapacity: sessionFields.maxCapacity,
    tags: sessionFields.tags,
    networkingSlotsOpen: sessionFields.networkingSlotsOpen,
    hostName: sessionFields.hostName,
    referenceUrl: sessionFields.referenceUrl,
  })
  .superRefine((session, ctx) => {
    const host = workshopHostIssue(session);
    if (host) ctx.addIssue({ code: 'custom', path: ['hostName'], message: host });
    if (new Date(session.endTime).getTime() <= new Date(session.startTime).getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: END_TIME_AFTER_START_MESSAGE });
    }
  });
export type SessionInput = z.input<typeof sessionInputSchema>;

// ---- API shapes ------------------------------------------------------------------------------------------------
// The one definition of what the API answers about sessions: the routes' OpenAPI definitions and the web's types
// both come from these schemas (decision 0145).

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
  timezone: z.enum(TIMEZONES),
  location: z.string().nullable(),
  /** Null: no limit. */
  maxCapacity: z.number().int().nullable(),
  tags: z.array(z.string()),
  networkingSlotsOpen: z.boolean(),
  hostName: z.string().nullable(),
  referenceUrl: z.string().nullable(),
  /** Checked-in attendees. */
  attendeeCount: z.number().int(),
});
export type SessionDto = z.infer<typeof sessionSchema>;

/** The viewer's own two marks on a session. */
export const viewerMarksSchema = z.object({ isBookmarked: z.boolean(), isCheckedIn: z.boolean() });
export type ViewerMarks = z.infer<typeof viewerMarksSchema>;

/** A session with the viewer's marks (My Schedule, Manage Sessions, and the agenda page once it has both calls). */
export const viewerSessionSchema = sessionSchema.extend(viewerMarksSchema.shape);
export type ViewerSessionDto = z.infer<typeof viewerSessionSchema>;

/** What managers see: the speaker bio is written on the form, shown nowhere else. */
export const managedSessionSchema = viewerSessionSchema.extend({ speakerBio: z.string().nullable() });
export type ManagedSessionDto = z.infer<typeof managedSessionSchema>;

/** The agenda's header: the event's name, description and dates (spec 02 "Event agenda"). */
export const agendaEventSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string().nullable(),
  eventType: z.enum(EVENT_TYPES),
});

/** GET /api/events/{eventId}/agenda: the event's sessions by start time, the same for every participant (ETag). */
export const agendaSchema = z.object({ event: agendaEventSchema, sessions: z.array(sessionSchema) });
export type AgendaDto = z.infer<typeof agendaSchema>;

/** GET /api/events/{eventId}/agenda/viewer: the caller's own part of the agenda, a few ids. */
export const agendaViewerSchema = z.object({
  /** The caller may manage the event's sessions (the Manage Sessions button). */
  canManage: z.boolean(),
  bookmarkedSessionIds: z.array(z.uuid()),
  checkedInSessionIds: z.array(z.uuid()),
});
export type AgendaViewerDto = z.infer<typeof agendaViewerSchema>;

export const scheduleItemSchema = z.object({
  bookmarkId: z.uuid(),
  bookmarkedAt: z.string(),
  event: z.object({ id: z.uuid(), name: z.string() }),
  session: viewerSessionSchema,
  /** Overlaps another session of the schedule. */
  conflict: z.boolean(),
});
export type ScheduleItemDto = z.infer<typeof scheduleItemSchema>;

export const scheduleSchema = z.object({ items: z.array(scheduleItemSchema) });
export type ScheduleDto = z.infer<typeof scheduleSchema>;

export const checkInResultSchema = z.object({ checkedIn: z.literal(true), attendeeCount: z.number().int() });
export type CheckInResult = z.infer<typeof checkInResultSchema>;
