import { z } from 'zod';
import { fill, msg } from '../core/messages.ts';

// Printable badges (issue 20): the paper sizes and the selection an organizer prints. The spec has no wording for
// badges; these words are ours.

/** A6 portrait (105 x 148 mm, a sheet per badge) or the common 4 x 3 in label roll, one label per badge. */
export const BADGE_SIZES = ['a6', 'label-4x3'] as const;
export type BadgeSize = (typeof BADGE_SIZES)[number];
export const BADGE_SIZE_LABELS: Record<BadgeSize, string> = {
  a6: msg('A6 (105 × 148 mm)'),
  'label-4x3': msg('4 × 3 in label'),
};

/** The most badges one selection may name: the largest event we plan for prints in one go. */
export const BADGE_SELECTION_MAX = 2000;

export const BADGE_MESSAGES = {
  noAttendees: msg('No registered attendees to print'),
  notRegistered: msg('Badges are printed only for registered attendees'),
  oneAtATime: msg('Volunteers can reprint one badge at a time'),
  noneSince: msg('Nobody registered since then'),
} as const;

/** The ids as given: `?userIds=a,b` or `?userIds=a&userIds=b` (or both); blanks are ignored. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).map((id) => id.trim()).filter(Boolean));

export const badgeQuerySchema = z.object({
  size: z.enum(BADGE_SIZES, msg('Please choose A6 or a 4 × 3 in label')).default('a6'),
  /** Only these attendees; without it, every registered attendee. */
  userIds: idList
    .pipe(
      z
        .array(z.uuid(msg('Please select attendees from the list')))
        .min(1, msg('Please select at least one attendee'))
        .max(BADGE_SELECTION_MAX, fill(msg('Please select at most {{max}} attendees'), { max: BADGE_SELECTION_MAX.toLocaleString('en-US') })),
    )
    .optional(),
  /** Only the attendees who registered at or after this time (the morning's print of late registrations). */
  since: z.iso.datetime({ offset: true, message: msg('Please enter a valid date and time') }).optional(),
});
export type BadgeQuery = z.input<typeof badgeQuerySchema>;
