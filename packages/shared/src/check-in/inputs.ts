import { z } from 'zod';
import { QR_INVALID_MESSAGE, QR_TOKEN_REQUIRED_MESSAGE } from '../volunteers/inputs.ts';
import { fill, msg } from '../core/messages.ts';

// Door check-in (issue 20): volunteers, co-owners and owners check registered people in by their QR (the personal QR
// of the app, or the badge's) or by name, once per check-in point; organizers name the points.

export const CHECK_IN_POINTS_MAX = 20;
export const CHECK_IN_POINT_NAME_MAX = 60;

export const POINT_REQUIRED_MESSAGE = msg('Choose the check-in point you are at');
export const POINT_UNKNOWN_MESSAGE = msg('This check-in point does not exist at this event');
export const POINT_NAME_REQUIRED_MESSAGE = msg('Point name is required');
export const POINT_NAME_TAKEN_MESSAGE = msg('Two check-in points cannot have the same name');
export const POINT_IN_USE_MESSAGE = msg('A check-in point with check-ins cannot be removed');
export const CHECK_IN_NOT_FOUND_MESSAGE = msg('Check-in not found');
export const PERSON_REQUIRED_MESSAGE = msg('Scan a QR code or choose a person');
export const NOT_CHECKED_IN_MESSAGE = msg('This participant has not checked in at the door yet');
export const SCANNED_AT_FUTURE_MESSAGE = msg('The scan time cannot be in the future');

/**
 * One check-in: a scanned code (personal QR or badge) or a person picked by name, at a point when the event has
 * points. `clientCheckInId` is the device's own id for it, so a resend (a lost answer, a queue flushed twice) never
 * checks in twice and answers what the first send did; `scannedAt` is when a phone that was offline saw the person.
 */
export const checkInInputSchema = z
  .object({
    token: z.string().trim().min(1, QR_TOKEN_REQUIRED_MESSAGE).max(200, QR_INVALID_MESSAGE).optional(),
    userId: z.uuid(msg('Invalid person')).optional(),
    pointId: z.uuid(POINT_UNKNOWN_MESSAGE).nullable().optional(),
    clientCheckInId: z.string().trim().min(1).max(100),
    scannedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((input) => (input.token === undefined) !== (input.userId === undefined), { message: PERSON_REQUIRED_MESSAGE, path: ['token'] });
export type CheckInInput = z.input<typeof checkInInputSchema>;

export const checkInPointInputSchema = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, POINT_NAME_REQUIRED_MESSAGE).max(CHECK_IN_POINT_NAME_MAX, fill(msg('Point name must be at most {{max}} characters'), { max: CHECK_IN_POINT_NAME_MAX })),
});

/** The organizer's door settings: the points (kept by id, new without one, removed when left out) and the goodie rule. */
export const checkInSettingsInputSchema = z.object({
  points: z
    .array(checkInPointInputSchema)
    .max(CHECK_IN_POINTS_MAX, fill(msg('At most {{max}} check-in points'), { max: CHECK_IN_POINTS_MAX }))
    .refine((points) => new Set(points.map((point) => point.name.trim().toLowerCase())).size === points.length, POINT_NAME_TAKEN_MESSAGE),
  goodiesRequireCheckIn: z.boolean(),
});
export type CheckInSettingsInput = z.input<typeof checkInSettingsInputSchema>;

export const checkInListQuerySchema = z.object({ cursor: z.string().max(200).optional() });

// ---- Words of the door page ----------------------------------------------------------------------------------------

export const DOOR_CHECK_IN_TITLE = 'Door Check-in';
export const CHECKED_IN_TITLE = 'Checked in';
export const ALREADY_CHECKED_IN_TITLE = 'Already checked in';
export const NOT_ON_LIST_TITLE = 'Not on the list';
export const CHECK_IN_UNDONE_MESSAGE = msg('Check-in undone');
