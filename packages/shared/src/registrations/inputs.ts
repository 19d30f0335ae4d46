import { z } from 'zod';

// Registration for an event (issue 20): the lists an organizer reads, and the refusals a registration can meet. The
// spec has no wording for capacity or a waitlist; these are ours. The settings (capacity, window) are the event's own
// fields, changed through the event's update (events/inputs.ts).

/** The organizer's three lists: who holds a place, who waits for one, who gave theirs up (or was removed). */
export const REGISTRATION_LIST_STATUSES = ['registered', 'waitlisted', 'cancelled'] as const;
export type RegistrationListStatus = (typeof REGISTRATION_LIST_STATUSES)[number];

export const REGISTRATION_SEARCH_MAX = 100;

export const registrationListQuerySchema = z.object({
  status: z.enum(REGISTRATION_LIST_STATUSES, 'Please choose registered, waitlisted or cancelled').default('registered'),
  /** Part of a name or an email address. */
  search: z
    .string()
    .trim()
    .max(REGISTRATION_SEARCH_MAX, `Search must be less than ${REGISTRATION_SEARCH_MAX} characters`)
    .optional()
    .transform((value) => value || undefined),
  cursor: z.string().max(300).optional(),
});
export type RegistrationListQuery = z.input<typeof registrationListQuerySchema>;

export const REGISTRATION_MESSAGES = {
  closed: 'Registration is not open for this event',
  notYetOpen: 'Registration for this event has not opened yet',
  windowClosed: 'Registration for this event has closed',
  notRegistered: 'You are not registered for this event',
  registrationNotFound: 'Registration not found',
} as const;
