import { z } from 'zod';
import { MEETING_DURATION_LIMITS, MEETING_STATUSES, MEETING_TYPES } from '../core/constants.ts';
import { msg } from '../core/messages.ts';

// Spec 02 section 5 "Meeting request" with the exact messages, section 4's states and section 8's toasts.

export const MEETING_LIMITS = { locationMax: 200, boothIdentifierMax: 50, agendaMax: 500 } as const;
export const MEETING_LOCATION_TYPES = ['booth', 'custom'] as const;
export type MeetingLocationType = (typeof MEETING_LOCATION_TYPES)[number];

export const MEETING_MESSAGES = {
  timeRequired: msg('Meeting time is required'),
  durationMin: msg('Duration must be at least 15 minutes'),
  durationMax: msg('Duration cannot exceed 3 hours'),
  locationTooLong: msg('Location must be less than 200 characters'),
  boothTooLong: msg('Booth identifier must be less than 50 characters'),
  agendaRequired: msg('Agenda is required'),
  agendaTooLong: msg('Agenda cannot exceed 500 characters'),
  requestFailed: msg('Failed to send meeting request'),
  notFound: msg('Meeting not found'),
  recipientOnly: msg('Only the recipient can accept or decline a meeting request'),
  requesterOnly: msg('Only the requester can cancel a pending meeting request'),
  cannotRequest: msg('You can only request meetings with people you share an event with or are connected to'),
  cannotMeetSelf: msg('You cannot request a meeting with yourself'),
} as const;

/** The wording of a booth location (spec: "a booth label plus the identifier"). */
export const boothLocation = (identifier: string) => `Booth ${identifier}`;

export const meetingRequestSchema = z
  .object({
    recipientId: z.uuid(msg('User not found')),
    eventId: z.uuid(msg('Event not found')).nullish(),
    proposedTime: z
      .string({ error: MEETING_MESSAGES.timeRequired })
      .min(1, MEETING_MESSAGES.timeRequired)
      .pipe(z.iso.datetime({ offset: true, error: msg('Please enter a valid date and time') })),
    durationMinutes: z
      .number({ error: MEETING_MESSAGES.durationMin })
      .int(MEETING_MESSAGES.durationMin)
      .min(MEETING_DURATION_LIMITS.min, MEETING_MESSAGES.durationMin)
      .max(MEETING_DURATION_LIMITS.max, MEETING_MESSAGES.durationMax)
      .default(MEETING_DURATION_LIMITS.default),
    meetingType: z.enum(MEETING_TYPES, msg('Please choose a meeting type')).default('virtual'),
    locationType: z.enum(MEETING_LOCATION_TYPES).default('custom'),
    location: z.string().trim().max(MEETING_LIMITS.locationMax, MEETING_MESSAGES.locationTooLong).nullish(),
    boothIdentifier: z.string().trim().max(MEETING_LIMITS.boothIdentifierMax, MEETING_MESSAGES.boothTooLong).nullish(),
    agenda: z
      .string({ error: MEETING_MESSAGES.agendaRequired })
      .trim()
      .min(1, MEETING_MESSAGES.agendaRequired)
      .max(MEETING_LIMITS.agendaMax, MEETING_MESSAGES.agendaTooLong),
  })
  .transform(({ locationType, boothIdentifier, location, ...rest }) => ({
    ...rest,
    // Virtual: no location. In person: a booth label plus the identifier, or the typed location.
    location:
      rest.meetingType === 'virtual'
        ? null
        : locationType === 'booth'
          ? boothIdentifier
            ? boothLocation(boothIdentifier)
            : null
          : location || null,
  }));
export type MeetingRequestInput = z.input<typeof meetingRequestSchema>;

export const MEETING_ACTIONS = ['accept', 'decline', 'cancel'] as const;
export type MeetingAction = (typeof MEETING_ACTIONS)[number];
export const meetingActionSchema = z.object({ action: z.enum(MEETING_ACTIONS) });

export const MEETING_TOASTS = {
  accept: { title: 'Meeting Accepted', description: 'The meeting has been added to your calendar' },
  decline: { title: 'Meeting Declined', description: 'The meeting request has been declined' },
  cancel: { title: 'Meeting Cancelled', description: 'The meeting has been cancelled' },
} as const;

export { MEETING_STATUSES };
