import { z } from 'zod';
import { EVENT_TYPES } from '../core/constants.ts';

// What the events API answers. The server's routes answer with these schemas (the OpenAPI document names them by
// their id) and both apps infer their types from them.

/** What the caller may do with an event: the web shows only these buttons, the server enforces the same rules. */
export const eventViewerSchema = z.object({
  isOwner: z.boolean(),
  isCoOwner: z.boolean(),
  isVolunteer: z.boolean(),
  isAttendee: z.boolean(),
  /** Waiting for a place of a full event. */
  isWaitlisted: z.boolean(),
  /** Sessions, landing page, options, registration setting. */
  canManage: z.boolean(),
  canDelete: z.boolean(),
  /** Agenda, feed, booths. */
  canParticipate: z.boolean(),
  /** Registration is open (switched on, inside its window, before the end) and the caller is neither in nor waiting. */
  canRegister: z.boolean(),
  /** Registered or waiting, and the event has not ended: the caller may give up the place. */
  canCancelRegistration: z.boolean(),
});
export type EventViewer = z.output<typeof eventViewerSchema>;

/** An event's own fields, without what the caller may do with it. */
export const eventFieldsSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  customDomain: z.string().nullable(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  eventType: z.enum(EVENT_TYPES),
  /** The zone the event's dates are shown in (an IANA name). */
  timezone: z.string(),
  location: z.string().nullable(),
  allowAttendeeNetworking: z.boolean(),
  allowSessionMeetings: z.boolean(),
  registrationOpen: z.boolean(),
  /** Places for registrations; null is unlimited. When full, a registration joins the waitlist. */
  capacity: z.number().int().nullable(),
  /** When self-registration opens and closes (null: no limit on that side), while registrationOpen is on. */
  registrationOpensAt: z.string().nullable(),
  registrationClosesAt: z.string().nullable(),
  createdBy: z.uuid(),
  createdAt: z.string(),
});
export type EventDto = z.output<typeof eventFieldsSchema>;

export const eventSchema = eventFieldsSchema.extend({ viewer: eventViewerSchema }).meta({ id: 'Event' });
export type EventWithViewer = z.output<typeof eventSchema>;

/** GET /api/events: a page of the dashboard's list, by start date. */
export const eventPageSchema = z.object({ events: z.array(eventSchema), nextCursor: z.string().nullable() });
export type EventPage = z.output<typeof eventPageSchema>;

/** The public landing page (no sign-in): never the owner or contact data. */
export const publicEventSchema = eventFieldsSchema
  .pick({
    id: true,
    name: true,
    slug: true,
    description: true,
    logoUrl: true,
    startDate: true,
    endDate: true,
    eventType: true,
    timezone: true,
    location: true,
    allowAttendeeNetworking: true,
    allowSessionMeetings: true,
    registrationOpen: true,
    capacity: true,
    registrationOpensAt: true,
    registrationClosesAt: true,
  })
  .extend({
    /** Null when unlimited; 0 when full (a registration joins the waitlist). */
    placesLeft: z.number().int().nullable(),
    sessionCount: z.number().int(),
    sponsorCount: z.number().int(),
    /** Where Sign In and Register Now lead (the app's own origin, also when the page is served on a custom domain). */
    appUrl: z.string(),
  })
  .meta({ id: 'PublicEvent' });
export type PublicEventDto = z.output<typeof publicEventSchema>;
