import { z } from 'zod';
import { MEETING_STATUSES, MEETING_TYPES } from '../core/constants.ts';

// What the meetings API answers. The server's routes answer with these schemas (the OpenAPI document names them by
// their id) and both apps infer their types from them.

const meetingPerson = z.object({ id: z.uuid(), fullName: z.string(), company: z.string().nullable() });

/**
 * The person a meeting may be requested with, and the event a request to them is filed under (the latest networking
 * event both attend) with its zone: the request dialog reads its proposed time there and sends that event with the
 * request, so an event both join meanwhile cannot file it under another clock. Null when they are only connected.
 */
export const meetingPartnerSchema = meetingPerson
  .extend({ eventId: z.uuid().nullable(), eventTimeZone: z.string().nullable() })
  .meta({ id: 'MeetingPartner' });
export type MeetingPartnerDto = z.output<typeof meetingPartnerSchema>;

export const meetingSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid().nullable(),
    eventName: z.string().nullable(),
    /** The zone its event is shown in (its times are read there); null for a meeting outside any event. */
    eventTimeZone: z.string().nullable(),
    requester: meetingPerson,
    recipient: meetingPerson,
    proposedTime: z.string(),
    confirmedTime: z.string().nullable(),
    durationMinutes: z.number().int(),
    meetingType: z.enum(MEETING_TYPES),
    location: z.string().nullable(),
    agenda: z.string(),
    status: z.enum(MEETING_STATUSES),
    createdAt: z.string(),
  })
  .meta({ id: 'Meeting' });
export type MeetingDto = z.output<typeof meetingSchema>;

/** GET /api/meetings: My Meetings. */
export const meetingsSchema = z.object({ meetings: z.array(meetingSchema) });

export const overlapSchema = z.object({
  /** Accepted meetings of the caller that overlap the proposed time. */
  yours: z.number().int(),
  /** Whether the other person has an accepted meeting then (no details: it is their calendar). */
  theirs: z.boolean(),
});
export type OverlapDto = z.output<typeof overlapSchema>;
