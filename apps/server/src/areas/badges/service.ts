import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { BADGE_MESSAGES, type badgeQuerySchema } from '@mingle/shared/badges/inputs';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { authUsers } from '../../platform/db/schema/auth.ts';
import { eventAttendees, events } from '../../platform/db/schema/events.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { badRequest, conflict, forbidden } from '../../platform/http/errors.ts';
import { storedImageAsPng } from '../../platform/storage/images.ts';
import { assertEventPermission, canManageEvent, canStaffEvent, loadEventRelation } from '../event-access/index.ts';
import { badgeToken } from './badge-token.ts';
import { badgesPdf } from './pdf.ts';

// Who gets a badge, and who may print them: the organizers print every registered attendee or a selection; a
// volunteer reprints one badge at a time at the door. Only people holding a place (event_attendees) get a badge,
// never someone waiting or who cancelled.

/** The logo's longest side in pixels: about 300 dpi at the largest size a badge prints it. */
const LOGO_PIXELS = 600;
/**
 * Documents made at once by one process, the others waiting their turn: a PDF of 2,000 badges holds about 250 MB
 * while it is made (bench/badges.mjs), and takes the CPU in turns with every other request.
 */
const documents = pLimit(2);

export async function printBadges(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  query: z.output<typeof badgeQuerySchema>,
): Promise<{ fileName: string; pdf: Uint8Array }> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canStaffEvent);
  const userIds = query.userIds && [...new Set(query.userIds)];
  if (!canManageEvent(caller, relation) && userIds?.length !== 1) throw forbidden(BADGE_MESSAGES.oneAtATime);

  const name = sql<string>`coalesce(${profiles.fullName}, ${authUsers.name})`;
  const [[event], people] = await Promise.all([
    ctx.db.select({ name: events.name, slug: events.slug, logoUrl: events.logoUrl }).from(events).where(eq(events.id, eventId)),
    ctx.db
      .select({ userId: eventAttendees.userId, name, jobTitle: profiles.jobTitle, company: profiles.companyOrInstitution })
      .from(eventAttendees)
      .innerJoin(authUsers, eq(authUsers.id, eventAttendees.userId))
      .leftJoin(profiles, eq(profiles.id, eventAttendees.userId))
      .where(
        and(
          eq(eventAttendees.eventId, eventId),
          userIds ? inArray(eventAttendees.userId, userIds) : undefined,
          query.since ? gte(eventAttendees.registeredAt, new Date(query.since)) : undefined,
        ),
      )
      .orderBy(sql`lower(${name})`, eventAttendees.userId),
  ]);
  if (userIds && people.length < userIds.length) throw badRequest(BADGE_MESSAGES.notRegistered);
  if (people.length === 0) throw conflict(query.since ? BADGE_MESSAGES.noneSince : BADGE_MESSAGES.noAttendees, 'no_attendees');

  const pdf = await documents(async () =>
    badgesPdf(
      {
        eventName: event!.name,
        logoPng: await logoPng(ctx, event!.logoUrl),
        people: people.map((person) => ({ ...person, code: badgeToken(ctx.config.authSecret, eventId, person.userId) })),
      },
      query.size,
    ),
  );
  return { fileName: `badges-${event!.slug}.pdf`, pdf };
}

/**
 * The event's logo as PNG (stored as WebP, or PNG from an SVG), or null: none, not on this server's disk (an S3
 * store serves its files itself), or unreadable. A badge without its logo beats no badges.
 */
async function logoPng(ctx: AppContext, logoUrl: string | null): Promise<Uint8Array | null> {
  const key = logoUrl ? ctx.storage.keyFromUrl(logoUrl) : null;
  const file = key ? await ctx.storage.read(key) : null;
  if (!file) return null;
  try {
    return await storedImageAsPng(file.body, LOGO_PIXELS);
  } catch (error) {
    ctx.log.warn('badges: the event logo could not be read, printed without it', { logoUrl, error: String(error) });
    return null;
  }
}
