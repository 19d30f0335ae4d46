import { badgeEndpoints } from '@mingle/shared/badges/endpoints';
import type { BadgeSize } from '@mingle/shared/badges/inputs';
import { urlOf } from '@/lib/api';

// The badges are a PDF download, not JSON: the web links to the file and the browser saves it.

/** The PDF of every registered attendee's badge, of the people in `userIds` only, or of those registered `since` (organizers). */
export const badgesUrl = (eventId: string, size: BadgeSize, userIds?: readonly string[], since?: string) =>
  urlOf(badgeEndpoints.pdf.path, { eventId }, { size, userIds: userIds?.join(','), since });

/** One person's badge: the reprint at the door, which the event's volunteers may ask for too. */
export const badgeUrl = (eventId: string, userId: string, size: BadgeSize) => badgesUrl(eventId, size, [userId]);
