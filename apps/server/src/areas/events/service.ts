import { createHmac } from 'node:crypto';
import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { EVENT_PAGE_SIZE, LIMITS, LOGO_MAX_DIMENSION } from '@mingle/shared/core/constants';
import { slugify, slugWithSuffix } from '@mingle/shared/domain/slug';
import { hasEnded, isInThePast, registrationState, TIME_RULE_MESSAGES } from '@mingle/shared/domain/time-rules';
import {
  DOMAIN_TAKEN_MESSAGE,
  eventDatesIssue,
  registrationWindowIssue,
  LOGO_SIZE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  type createEventSchema,
  type EventListScope,
  type landingConfigSchema,
  type updateEventSchema,
} from '@mingle/shared/events/inputs';
import type { EventDto, EventPage, EventViewer, EventWithViewer, PublicEventDto } from '@mingle/shared/events/contract';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth/caller.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { sessions } from '../../platform/db/schema/agenda.ts';
import { userRoles } from '../../platform/db/schema/auth.ts';
import { eventAttendees, events, userEventAccess } from '../../platform/db/schema/events.ts';
import { sponsors } from '../../platform/db/schema/sponsors.ts';
import { badRequest, conflict } from '../../platform/http/errors.ts';
import { keyset, timestampKey, uuidKey } from '../../platform/http/keyset.ts';
import { recordEventMetric } from '../analytics/index.ts';
import { capacityChanged } from '../registrations/index.ts';
import { recordStoredFile, releaseStoredFile } from '../../platform/storage/file-records.ts';
import { assertEventPermission, canDeleteEvent, canManageEvent, canParticipate, type EventRelation, isSuperAdmin, loadEventRelation, loadEventWithRelation, NO_RELATION, participatesIn, relationColumns, standsWith } from '../event-access/index.ts';
import { databaseRefusal, UNIQUE_VIOLATION } from '../../platform/db/errors.ts';
import { qualified } from '../../platform/db/sql.ts';
import { msg } from '@mingle/shared/core/messages';

type EventRow = typeof events.$inferSelect;

/** The API's shape of an event: the one place a row becomes JSON. */
export function toEventDto(row: EventRow): EventDto {
  return {
    ...publicEventFields(row),
    customDomain: row.customDomain,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What everyone may read of an event, the landing page's as well as the members' (the owner's fields are above). */
function publicEventFields(row: EventRow) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    logoUrl: row.logoUrl,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    eventType: row.eventType,
    timezone: row.timezone,
    location: row.location,
    allowAttendeeNetworking: row.allowAttendeeNetworking,
    allowSessionMeetings: row.allowSessionMeetings,
    registrationOpen: row.registrationOpen,
    capacity: row.capacity,
    registrationOpensAt: row.registrationOpensAt?.toISOString() ?? null,
    registrationClosesAt: row.registrationClosesAt?.toISOString() ?? null,
  };
}

/** What the caller may do with the event, from the same policies the routes enforce. */
export function viewerOf(
  caller: Caller,
  relation: EventRelation,
  row: Pick<EventRow, 'registrationOpen' | 'registrationOpensAt' | 'registrationClosesAt' | 'endDate'>,
): EventViewer {
  const organizer = relation.isOwner || relation.isCoOwner || relation.isVolunteer;
  return {
    isOwner: relation.isOwner,
    isCoOwner: relation.isCoOwner,
    isVolunteer: relation.isVolunteer,
    isAttendee: relation.isAttendee,
    isWaitlisted: relation.isWaitlisted,
    canManage: canManageEvent(caller, relation),
    canDelete: canDeleteEvent(caller, relation),
    canParticipate: canParticipate(caller, relation),
    canRegister: registrationState(row) === 'open' && !relation.isAttendee && !relation.isWaitlisted && !organizer,
    canCancelRegistration: (relation.isAttendee || relation.isWaitlisted) && !hasEnded(row),
  };
}

/**
 * The dashboard's lists, by start date then id, a page at a time.
 * - `all`: events the caller takes part in (owner, co-owner, volunteer, attendee, sponsor representative) or waits
 *   for, plus the events whose owner opened registration; a super admin sees every event (decision 0020).
 * - `registered`: events the caller is registered for as an attendee (My Events).
 * - `participating`: events the caller takes part in, whatever their role (the ticket form's choice, decision 0092).
 */
export async function listEvents(
  ctx: AppContext,
  caller: Caller,
  options: { scope: EventListScope; cursor?: string; limit?: number },
): Promise<EventPage> {
  const limit = Math.min(options.limit ?? EVENT_PAGE_SIZE, 100);
  const keys = keyset([timestampKey(events.startDate), uuidKey(events.id)], { dir: 'asc', cursor: options.cursor });
  const filters: SQL[] = [];
  if (options.scope === 'registered') {
    filters.push(
      sql`exists (select 1 from ${eventAttendees} where ${eventAttendees.eventId} = ${qualified(events.id)} and ${eventAttendees.userId} = ${caller.userId}::uuid)`,
    );
  } else if (options.scope === 'participating') {
    filters.push(participatesIn(caller.userId, events.id));
  } else if (!isSuperAdmin(caller)) {
    // A person waiting for a place keeps seeing the event after registration closes.
    filters.push(or(eq(events.registrationOpen, true), participatesIn(caller.userId, events.id), standsWith(caller.userId, events.id, ['waitlisted']))!);
  }
  const rows = await ctx.db
    .select({ event: events, relation: relationColumns(caller.userId), key: keys.key })
    .from(events)
    .where(and(...filters, keys.where))
    .orderBy(...keys.orderBy)
    .limit(limit + 1);
  const { items, nextCursor } = keys.page(rows, limit);
  return {
    events: items.map(({ event, relation }) => ({ ...toEventDto(event), viewer: viewerOf(caller, relation, event) })),
    nextCursor,
  };
}

/** Tries the name's slug, then the slug with short random suffixes, without aborting the transaction. */
async function insertWithUniqueSlug(tx: DbOrTx, values: typeof events.$inferInsert): Promise<EventRow> {
  const base = slugify(values.name);
  for (let attempt = 0; attempt < 8; attempt++) {
    const slug = attempt === 0 ? base : slugWithSuffix(base);
    const [row] = await tx
      .insert(events)
      .values({ ...values, slug })
      .onConflictDoNothing({ target: events.slug })
      .returning();
    if (row) return row;
  }
  throw conflict(SLUG_TAKEN_MESSAGE);
}

/**
 * Create Event: the creator becomes the owner (and an event_owner), with a unique slug made from the name. An event
 * cannot start in the past (decision 0105).
 */
export async function createEvent(
  ctx: AppContext,
  caller: Caller,
  input: z.output<typeof createEventSchema>,
): Promise<EventWithViewer> {
  if (isInThePast(input.startDate)) throw badRequest(TIME_RULE_MESSAGES.eventStartInPast);
  return ctx.db.transaction(async (tx) => {
    const row = await insertWithUniqueSlug(tx, {
      name: input.name,
      slug: '',
      description: input.description,
      startDate: new Date(input.startDate),
      endDate: new Date(input.endDate),
      eventType: input.eventType,
      timezone: input.timezone,
      location: input.location,
      allowAttendeeNetworking: input.allowAttendeeNetworking,
      allowSessionMeetings: input.allowSessionMeetings,
      createdBy: caller.userId,
    });
    await tx.insert(userRoles).values({ userId: caller.userId, role: 'event_owner' }).onConflictDoNothing();
    await tx
      .insert(userEventAccess)
      .values({ userId: caller.userId, eventId: row.id, accessType: 'organizer', grantedBy: caller.userId })
      .onConflictDoNothing();
    const relation: EventRelation = { ...NO_RELATION, isOwner: true };
    return { ...toEventDto(row), viewer: viewerOf(caller, relation, row) };
  });
}

/** The event and the caller's relation, when the caller may see it: a participant, or anyone while registration is open. */
async function visibleEvent(ctx: AppContext, caller: Caller, eventId: string) {
  const found = await loadEventWithRelation(ctx.db, caller, eventId);
  const relation = found?.relation ?? null;
  assertEventPermission(caller, relation, (who, rel) => canParticipate(who, rel) || rel.isWaitlisted || found!.row.registrationOpen);
  return { row: found!.row, relation };
}

/**
 * One event, for anyone taking part in it, and for anyone signed in while its registration is open (they see the
 * card with Register); everyone else gets a 404.
 */
export async function getEvent(ctx: AppContext, caller: Caller, eventId: string): Promise<EventWithViewer> {
  const { row, relation } = await visibleEvent(ctx, caller, eventId);
  return { ...toEventDto(row), viewer: viewerOf(caller, relation, row) };
}

/**
 * Changes an event's settings (managers); the date rules apply to the event as it will be, and a date that changes
 * cannot move into the past (an event under way keeps its start; decision 0105).
 */
export async function updateEvent(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  input: z.output<typeof updateEventSchema>,
): Promise<EventWithViewer> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!current) throw badRequest(msg('Event not found'));
    const startDate = input.startDate ? new Date(input.startDate) : current.startDate;
    const endDate = input.endDate ? new Date(input.endDate) : current.endDate;
    const moved = (next: Date, before: Date) => next.getTime() !== before.getTime() && isInThePast(next);
    if (moved(startDate, current.startDate)) throw badRequest(TIME_RULE_MESSAGES.eventStartInPast);
    if (moved(endDate, current.endDate)) throw badRequest(TIME_RULE_MESSAGES.eventEndInPast);
    const issue = eventDatesIssue(startDate, endDate);
    if (issue && (input.startDate || input.endDate)) throw badRequest(issue.message);
    const instant = (value: string | null | undefined, before: Date | null) => (value === undefined ? before : value === null ? null : new Date(value));
    const registrationOpensAt = instant(input.registrationOpensAt, current.registrationOpensAt);
    const registrationClosesAt = instant(input.registrationClosesAt, current.registrationClosesAt);
    const windowIssue = registrationWindowIssue(registrationOpensAt, registrationClosesAt);
    if (windowIssue) throw badRequest(windowIssue);
    const [row] = await tx
      .update(events)
      .set({ ...input, startDate, endDate, registrationOpensAt, registrationClosesAt, updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning();
    await capacityChanged(ctx, tx, current, row!);
    return { ...toEventDto(row!), viewer: viewerOf(caller, relation, row!) };
  });
}

/** Deletes an event with everything in it: its owner or a super admin (a co-owner may not). */
export async function deleteEvent(ctx: AppContext, caller: Caller, eventId: string): Promise<void> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canDeleteEvent);
  const [row] = await ctx.db.delete(events).where(eq(events.id, eventId)).returning({ logoUrl: events.logoUrl });
  await removeLogoFile(ctx, eventId, row?.logoUrl ?? null);
}

/** Deletes a logo the event no longer shows, if it is a file uploaded for this event (platform/storage/file-records.ts). */
async function removeLogoFile(ctx: AppContext, eventId: string, url: string | null): Promise<void> {
  await releaseStoredFile(ctx, url, { kind: 'event-logo', recordId: eventId });
}

/**
 * Configure Landing Page: slug, custom domain, (when sent) description and (when sent) a new logo, all or nothing.
 * A new logo is decoded and stored first, under a fresh key, so no file the event shows is touched; then one
 * transaction writes every field. When it fails (a taken slug or domain) the new file is deleted again and the
 * event, its logo and its old file stay as they were; only after it succeeds is the old logo file removed.
 */
export async function updateLanding(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  input: z.output<typeof landingConfigSchema>,
  logo: Uint8Array | null = null,
): Promise<EventWithViewer> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
  const stored = logo ? await storeLogo(ctx, eventId, logo) : null;
  try {
    const { previous, row } = await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select({ logoUrl: events.logoUrl }).from(events).where(eq(events.id, eventId)).for('update');
      const [after] = await tx
        .update(events)
        .set({
          slug: input.slug,
          customDomain: input.customDomain,
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(stored ? { logoUrl: stored.url } : {}),
          updatedAt: new Date(),
        })
        .where(eq(events.id, eventId))
        .returning();
      if (stored) await recordStoredFile(tx, stored.key, { kind: 'event-logo', recordId: eventId }, caller.userId);
      return { previous: before?.logoUrl ?? null, row: after! };
    });
    forgetCustomDomains();
    if (stored) await removeLogoFile(ctx, eventId, previous);
    return { ...toEventDto(row), viewer: viewerOf(caller, relation, row) };
  } catch (error) {
    if (stored) await ctx.storage.delete(stored.key).catch((cause: unknown) => ctx.log.warn('could not delete an unsaved logo', { key: stored.key, error: String(cause) }));
    const refusal = databaseRefusal(error);
    if (refusal?.code === UNIQUE_VIOLATION) throw conflict(refusal.constraint === 'events_custom_domain_key' ? DOMAIN_TAKEN_MESSAGE : SLUG_TAKEN_MESSAGE);
    throw error;
  }
}

/** Decodes, re-encodes and stores an event logo under a new key (an SVG becomes a PNG, so no script in it ever reaches a browser). */
function storeLogo(ctx: AppContext, eventId: string, bytes: Uint8Array) {
  return ctx.storage.putImage(bytes, {
    folder: `event-logos/${eventId}`,
    maxBytes: LIMITS.logoBytes,
    maxDimension: LOGO_MAX_DIMENSION,
    allowSvg: true,
    typeMessage: LOGO_TYPE_MESSAGE,
    sizeMessage: LOGO_SIZE_MESSAGE,
  });
}

/** The caller may replace this event's logo (checked before the upload's body is read); throws 401/403/404. */
export async function authorizeEventLogo(ctx: AppContext, caller: Caller, eventId: string): Promise<void> {
  assertEventPermission(caller, await loadEventRelation(ctx.db, caller, eventId), canManageEvent);
}

/** Replaces the event's logo alone (API clients): the event points at the newly stored file, the old file is removed. */
export async function uploadLogo(ctx: AppContext, caller: Caller, eventId: string, bytes: Uint8Array): Promise<EventWithViewer> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
  const stored = await storeLogo(ctx, eventId, bytes);
  const { previous, row } = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ logoUrl: events.logoUrl }).from(events).where(eq(events.id, eventId)).for('update');
    const [after] = await tx
      .update(events)
      .set({ logoUrl: stored.url, updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning();
    await recordStoredFile(tx, stored.key, { kind: 'event-logo', recordId: eventId }, caller.userId);
    return { previous: before?.logoUrl ?? null, row: after! };
  });
  await removeLogoFile(ctx, eventId, previous);
  return { ...toEventDto(row), viewer: viewerOf(caller, relation, row) };
}

export async function removeLogo(ctx: AppContext, caller: Caller, eventId: string): Promise<EventWithViewer> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
  const [before] = await ctx.db.select({ logoUrl: events.logoUrl }).from(events).where(eq(events.id, eventId));
  const [row] = await ctx.db
    .update(events)
    .set({ logoUrl: null, updatedAt: new Date() })
    .where(eq(events.id, eventId))
    .returning();
  await removeLogoFile(ctx, eventId, before?.logoUrl ?? null);
  return { ...toEventDto(row!), viewer: viewerOf(caller, relation, row!) };
}

// ---- Public landing page ----------------------------------------------------------------------------------------

export async function findEventBySlug(db: DbOrTx, slug: string): Promise<EventRow | undefined> {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) return undefined;
  const [row] = await db.select().from(events).where(eq(events.slug, slug));
  return row;
}

/**
 * A page view's dedupe key (decision 0094): one per viewer (the account when signed in, else the client address),
 * event and UTC day, as an HMAC under the server secret so the stored key gives away neither.
 */
export function pageViewKey(secret: string, eventId: string, viewer: { userId: string | null; address: string }, at = new Date()): string {
  const who = viewer.userId ? `user:${viewer.userId}` : `address:${viewer.address}`;
  const day = at.toISOString().slice(0, 10);
  return createHmac('sha256', secret).update(`page_view\0${eventId}\0${day}\0${who}`).digest('base64url');
}

/**
 * The landing page's data, for everyone: the event, its session and sponsor counts. Counts a page view, once per
 * viewer and UTC day (decision 0094), so reloading the page cannot grow the table or the figure.
 */
export async function getPublicEvent(
  ctx: AppContext,
  slug: string,
  viewer: { userId: string | null; address: string },
): Promise<PublicEventDto | null> {
  const row = await findEventBySlug(ctx.db, slug);
  if (!row) return null;
  const [[sessionCount], [sponsorCount], [placesTaken]] = await Promise.all([
    ctx.db.select({ total: count() }).from(sessions).where(eq(sessions.eventId, row.id)),
    ctx.db.select({ total: count() }).from(sponsors).where(eq(sponsors.eventId, row.id)),
    row.capacity === null ? [undefined] : ctx.db.select({ total: count() }).from(eventAttendees).where(eq(eventAttendees.eventId, row.id)),
  ]);
  // Best effort: a failed metric never fails the page.
  const dedupeKey = pageViewKey(ctx.config.authSecret, row.id, viewer);
  await recordEventMetric(ctx, { eventId: row.id, userId: viewer.userId, metricType: 'page_view', dedupeKey }).catch((error: unknown) =>
    ctx.log.warn('page_view metric failed', { error: String(error) }),
  );
  return {
    ...publicEventFields(row),
    placesLeft: row.capacity === null ? null : Math.max(0, row.capacity - (placesTaken?.total ?? 0)),
    sessionCount: sessionCount?.total ?? 0,
    sponsorCount: sponsorCount?.total ?? 0,
    appUrl: ctx.config.publicUrl,
  };
}

// Custom domains are looked up on every request to a host that is not ours: a short cache keeps that cheap.
const DOMAIN_CACHE_MS = 30_000;
const DOMAIN_CACHE_MAX = 1000;
const domainCache = new Map<string, { slug: string | null; at: number }>();

export function forgetCustomDomains(): void {
  domainCache.clear();
}

/** The slug of the event whose custom domain is `host`, or null. */
export async function eventSlugForDomain(db: DbOrTx, host: string): Promise<string | null> {
  const now = Date.now();
  const cached = domainCache.get(host);
  if (cached && now - cached.at < DOMAIN_CACHE_MS) return cached.slug;
  const [row] = await db.select({ slug: events.slug }).from(events).where(eq(events.customDomain, host));
  if (domainCache.size >= DOMAIN_CACHE_MAX) domainCache.clear();
  domainCache.set(host, { slug: row?.slug ?? null, at: now });
  return row?.slug ?? null;
}
