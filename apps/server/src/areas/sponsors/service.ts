import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { LEAD_PAGE_SIZE, LIMITS, LOGO_MAX_DIMENSION, SPONSOR_TIERS, type SponsorAction } from '@mingle/shared/core/constants';
import { LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE } from '@mingle/shared/events/inputs';
import type {
  BoothDto,
  LeadDto,
  LeadPageDto,
  MyLeadDto,
  MyLeadSummaryDto,
  RepresentativeDto,
  SponsorCardDto,
  SponsorDashboardDto,
  SponsorDto,
  SponsorListDto,
} from '@mingle/shared/sponsors/contract';
import {
  LOGO_URL_STORED_FILE_MESSAGE,
  SPONSOR_DASHBOARD_DENIED_MESSAGE,
  SPONSOR_NOT_FOUND_MESSAGE,
  type LeadFilter,
  type leadInputSchema,
  type sponsorInputSchema,
} from '@mingle/shared/sponsors/inputs';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth/caller.ts';
import { sharingWithdrawn } from '../../platform/auth/consents.ts';
import type { AppContext } from '../../context.ts';
import { selectRows, type DbOrTx } from '../../platform/db/client.ts';
import { sponsorAnalytics } from '../../platform/db/schema/analytics.ts';
import { issueInvitation } from '../invitations/index.ts';
import { authUsers } from '../../platform/db/schema/auth.ts';
import { events } from '../../platform/db/schema/events.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { sponsorLeads, sponsorRepresentatives, sponsors } from '../../platform/db/schema/sponsors.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { keyset, timestampKey, uuidKey } from '../../platform/http/keyset.ts';
import { announceEventAnalytics, announceSponsorAnalytics, recordEventMetric } from '../analytics/index.ts';
import { queueWebhooks } from '../webhooks/index.ts';
import { isStoredFileUrl, recordStoredFile, releaseStoredFile } from '../../platform/storage/file-records.ts';
import { assertEventPermission, canManageEvent, canParticipate, canStaffEvent, canViewSponsorDashboard, type EventRelation, isSuperAdmin, loadEventRelation, participatesIn, relationColumns } from '../event-access/index.ts';
import { isUuid, qualified } from '../../platform/db/sql.ts';
import { msg } from '@mingle/shared/core/messages';
import { SHARING_WITHDRAWN_LEAD_MESSAGE } from '@mingle/shared/privacy/consents';

type SponsorRow = typeof sponsors.$inferSelect;
type SponsorInput = z.output<typeof sponsorInputSchema>;
type LeadInput = z.output<typeof leadInputSchema>;

/** Tier order of the spec (platinum 1 … exhibitor 5), in SQL, for `order by`. */
const tierRank = sql`array_position(array[${sql.join(
  SPONSOR_TIERS.map((tier) => sql`${tier}`),
  sql`, `,
)}]::text[], ${sponsors.tier})`;

/**
 * A lead the sponsor may see: its person has not withdrawn sharing their details (decision 0191). While withdrawn the
 * lead is hidden from the list, the export, the API and the dashboard's counts; given again, it is back.
 */
const sharedLead = sql`not ${sharingWithdrawn(qualified(sponsorLeads.userId))}`;

/** The one place a sponsor row becomes JSON: contact details only for those who manage the event. */
export function toSponsorDto(row: SponsorRow, showContact: boolean): SponsorDto {
  return {
    id: row.id,
    eventId: row.eventId,
    companyName: row.companyName,
    tier: row.tier,
    logoUrl: row.logoUrl,
    websiteUrl: row.websiteUrl,
    description: row.description,
    boothNumber: row.boothNumber,
    contactEmail: showContact ? row.contactEmail : null,
    contactPhone: showContact ? row.contactPhone : null,
  };
}

interface SponsorGate {
  sponsor: SponsorRow;
  event: { id: string; name: string; startDate: Date; endDate: Date };
  relation: EventRelation;
  /** The caller represents this very sponsor. */
  isRep: boolean;
}

/**
 * A sponsor with its event and the caller's relation to both, in one query. A sponsor of an event the caller takes
 * no part in is a 404 'Sponsor not found' (its existence is not confirmed); null when missing.
 */
async function loadSponsor(ctx: AppContext, caller: Caller, sponsorId: string): Promise<SponsorGate | null> {
  if (!isUuid(sponsorId)) return null;
  const [row] = await ctx.db
    .select({
      sponsor: sponsors,
      event: { id: events.id, name: events.name, startDate: events.startDate, endDate: events.endDate },
      ...relationColumns(caller.userId),
      isRep: sql<boolean>`exists (select 1 from ${sponsorRepresentatives} where ${qualified(sponsorRepresentatives.sponsorId)} = ${qualified(sponsors.id)} and ${qualified(sponsorRepresentatives.userId)} = ${caller.userId}::uuid)`,
    })
    .from(sponsors)
    .innerJoin(events, eq(events.id, sponsors.eventId))
    .where(eq(sponsors.id, sponsorId));
  if (!row) return null;
  const { sponsor, event, isRep, ...relation } = row;
  return { sponsor, event, relation, isRep };
}

async function sponsorGate(
  ctx: AppContext,
  caller: Caller,
  sponsorId: string,
  allowed: (caller: Caller, relation: EventRelation) => boolean,
): Promise<SponsorGate> {
  const gate = await loadSponsor(ctx, caller, sponsorId);
  assertEventPermission(caller, gate?.relation ?? null, allowed, SPONSOR_NOT_FOUND_MESSAGE);
  return gate!;
}

async function dashboardGate(ctx: AppContext, caller: Caller, sponsorId: string): Promise<SponsorGate> {
  const gate = await loadSponsor(ctx, caller, sponsorId);
  if (!gate || !canParticipate(caller, gate.relation)) throw notFound(SPONSOR_NOT_FOUND_MESSAGE);
  if (!canViewSponsorDashboard(caller, gate.relation, gate.isRep)) throw forbidden(SPONSOR_DASHBOARD_DENIED_MESSAGE);
  return gate;
}

// ---- Manage Sponsors and booths ------------------------------------------------------------------------------

/** An event's sponsors in tier order (then by name), for its participants; contact details for organizers only. */
export async function listSponsors(ctx: AppContext, caller: Caller, eventId: string): Promise<SponsorListDto> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canParticipate);
  const [[event], rows] = await Promise.all([
    ctx.db.select({ id: events.id, name: events.name }).from(events).where(eq(events.id, eventId)),
    ctx.db
      .select()
      .from(sponsors)
      .where(eq(sponsors.eventId, eventId))
      .orderBy(tierRank, asc(sponsors.companyName), asc(sponsors.id)),
  ]);
  if (!event) throw notFound(msg('Event not found'));
  const canManage = canManageEvent(caller, relation);
  return {
    event,
    canManage,
    canViewDashboards: canStaffEvent(caller, relation),
    sponsors: rows.map((row) => toSponsorDto(row, canManage)),
  };
}

function sponsorValues(input: SponsorInput) {
  return {
    companyName: input.companyName,
    tier: input.tier,
    logoUrl: input.logoUrl,
    websiteUrl: input.websiteUrl,
    description: input.description,
    contactEmail: input.contactEmail,
    contactPhone: input.contactPhone,
    boothNumber: input.boothNumber,
  };
}

/**
 * A typed Logo URL is only ever a URL: one naming a file of ours is refused unless it is the logo the sponsor
 * already shows (the edit form sends it back unchanged), so no record can point at, and later delete, another's file.
 */
function assertTypedLogoUrl(ctx: AppContext, logoUrl: string | null | undefined, current: string | null) {
  if (logoUrl && logoUrl !== current && isStoredFileUrl(ctx, logoUrl)) throw badRequest(LOGO_URL_STORED_FILE_MESSAGE);
}

export async function createSponsor(ctx: AppContext, caller: Caller, eventId: string, input: SponsorInput): Promise<SponsorDto> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
  assertTypedLogoUrl(ctx, input.logoUrl, null);
  const [row] = await ctx.db
    .insert(sponsors)
    .values({ ...sponsorValues(input), eventId, createdBy: caller.userId })
    .returning();
  return toSponsorDto(row!, true);
}

export async function updateSponsor(ctx: AppContext, caller: Caller, sponsorId: string, input: SponsorInput): Promise<SponsorDto> {
  const gate = await sponsorGate(ctx, caller, sponsorId, canManageEvent);
  assertTypedLogoUrl(ctx, input.logoUrl, gate.sponsor.logoUrl);
  const [row] = await ctx.db
    .update(sponsors)
    .set({ ...sponsorValues(input), updatedAt: new Date() })
    .where(eq(sponsors.id, sponsorId))
    .returning();
  if (!row) throw notFound(SPONSOR_NOT_FOUND_MESSAGE);
  if (gate.sponsor.logoUrl && gate.sponsor.logoUrl !== row.logoUrl) await removeLogoFile(ctx, sponsorId, gate.sponsor.logoUrl);
  return toSponsorDto(row, true);
}

export async function deleteSponsor(ctx: AppContext, caller: Caller, sponsorId: string): Promise<void> {
  await sponsorGate(ctx, caller, sponsorId, canManageEvent);
  const [row] = await ctx.db.delete(sponsors).where(eq(sponsors.id, sponsorId)).returning({ logoUrl: sponsors.logoUrl });
  await removeLogoFile(ctx, sponsorId, row?.logoUrl ?? null);
}

/** Deletes a logo the sponsor no longer shows, if it is a file uploaded for this sponsor (never a typed URL). */
async function removeLogoFile(ctx: AppContext, sponsorId: string, url: string | null): Promise<void> {
  await releaseStoredFile(ctx, url, { kind: 'sponsor-logo', recordId: sponsorId });
}

/** The caller may replace this sponsor's logo (checked before the upload's body is read); throws 401/403/404. */
export async function authorizeSponsorLogo(ctx: AppContext, caller: Caller, sponsorId: string): Promise<void> {
  await sponsorGate(ctx, caller, sponsorId, canManageEvent);
}

/** Replaces the sponsor's logo with an uploaded image, decoded and re-encoded (an SVG becomes a PNG). */
export async function uploadSponsorLogo(ctx: AppContext, caller: Caller, sponsorId: string, bytes: Uint8Array): Promise<SponsorDto> {
  const gate = await sponsorGate(ctx, caller, sponsorId, canManageEvent);
  const stored = await ctx.storage.putImage(bytes, {
    folder: `sponsor-logos/${gate.event.id}`,
    maxBytes: LIMITS.logoBytes,
    maxDimension: LOGO_MAX_DIMENSION,
    allowSvg: true,
    typeMessage: LOGO_TYPE_MESSAGE,
    sizeMessage: LOGO_SIZE_MESSAGE,
  });
  const { previous, row } = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ logoUrl: sponsors.logoUrl }).from(sponsors).where(eq(sponsors.id, sponsorId)).for('update');
    const [after] = await tx.update(sponsors).set({ logoUrl: stored.url, updatedAt: new Date() }).where(eq(sponsors.id, sponsorId)).returning();
    if (after) await recordStoredFile(tx, stored.key, { kind: 'sponsor-logo', recordId: sponsorId }, caller.userId);
    return { previous: before?.logoUrl ?? null, row: after };
  });
  if (!row) {
    await ctx.storage.delete(stored.key);
    throw notFound(SPONSOR_NOT_FOUND_MESSAGE);
  }
  await removeLogoFile(ctx, sponsorId, previous);
  return toSponsorDto(row, true);
}

function toMyLead(row: Pick<typeof sponsorLeads.$inferSelect, 'id' | 'interestLevel' | 'notes' | 'contactRequested' | 'visitedAt' | 'updatedAt'>): MyLeadDto {
  return {
    id: row.id,
    interestLevel: row.interestLevel,
    notes: row.notes,
    contactRequested: row.contactRequested,
    visitedAt: row.visitedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Booth detail: the sponsor, what the caller may do, and the caller's own lead (to update or withdraw it). */
export async function getBooth(ctx: AppContext, caller: Caller, sponsorId: string): Promise<BoothDto> {
  const gate = await sponsorGate(ctx, caller, sponsorId, canParticipate);
  const [lead] = await ctx.db
    .select()
    .from(sponsorLeads)
    .where(and(eq(sponsorLeads.sponsorId, sponsorId), eq(sponsorLeads.userId, caller.userId)));
  const canManage = canManageEvent(caller, gate.relation);
  return {
    event: { id: gate.event.id, name: gate.event.name },
    sponsor: toSponsorDto(gate.sponsor, canManage),
    canManage,
    canViewDashboard: canViewSponsorDashboard(caller, gate.relation, gate.isRep),
    myLead: lead ? toMyLead(lead) : null,
  };
}

/**
 * Records a booth action (visit, website click, contact click). A visit also counts an event-level `booth_visit`.
 * Contact clicks come only from those who see the contact details (organizers).
 */
export async function recordAction(ctx: AppContext, caller: Caller, sponsorId: string, action: SponsorAction): Promise<void> {
  const gate = await sponsorGate(ctx, caller, sponsorId, canParticipate);
  if (action === 'contact_click' && !canManageEvent(caller, gate.relation)) throw forbidden();
  const row = { sponsorId, eventId: gate.event.id, userId: caller.userId };
  // Every row reaches the sponsor's open dashboards (and a visit the event's Analytics page) live.
  await ctx.db.transaction(async (tx) => {
    await tx.insert(sponsorAnalytics).values({ ...row, actionType: action });
    if (action === 'booth_visit') {
      await recordEventMetric(ctx, { eventId: gate.event.id, metricType: 'booth_visit', userId: caller.userId, details: { sponsorId } }, tx);
    }
    await announceSponsorAnalytics(ctx, sponsorId, tx);
  });
}

/** A lead was made, changed or withdrawn: the sponsor's dashboards and the event's Analytics (leads by sponsor) refetch. */
async function announceLeadChange(ctx: AppContext, sponsorId: string, eventId: string): Promise<void> {
  await Promise.all([announceSponsorAnalytics(ctx, sponsorId), announceEventAnalytics(ctx, eventId)]);
}

/**
 * Express Your Interest: one lead per (sponsor, visitor), created or updated by a single upsert on that unique
 * key, so repeated and parallel submissions leave exactly one lead. `created` tells the first submission apart.
 */
export async function upsertLead(
  ctx: AppContext,
  caller: Caller,
  sponsorId: string,
  input: LeadInput,
): Promise<{ lead: MyLeadDto; created: boolean }> {
  const gate = await sponsorGate(ctx, caller, sponsorId, canParticipate);
  const values = { interestLevel: input.interestLevel, notes: input.notes, contactRequested: input.contactRequested };
  const eventId = gate.event.id;
  // The lead and its webhook deliveries commit together.
  const row = await ctx.db.transaction(async (tx) => {
    // A person who withdrew sharing their details with sponsors gives none to a sponsor (decision 0191).
    const [consent] = await selectRows<{ withdrawn: boolean }>(tx, sql`select ${sharingWithdrawn(sql`${caller.userId}::uuid`)} as "withdrawn"`);
    if (consent?.withdrawn) throw forbidden(SHARING_WITHDRAWN_LEAD_MESSAGE);
    const [upserted] = await tx
      .insert(sponsorLeads)
      .values({ ...values, sponsorId, eventId, userId: caller.userId })
      .onConflictDoUpdate({ target: [sponsorLeads.sponsorId, sponsorLeads.userId], set: { ...values, updatedAt: new Date() } })
      .returning({
        id: sponsorLeads.id,
        interestLevel: sponsorLeads.interestLevel,
        notes: sponsorLeads.notes,
        contactRequested: sponsorLeads.contactRequested,
        visitedAt: sponsorLeads.visitedAt,
        updatedAt: sponsorLeads.updatedAt,
        // xmax is 0 on a row this statement inserted, set on one it updated.
        created: sql<boolean>`(xmax = 0)`,
      });
    const { id: leadId, interestLevel, notes, contactRequested, created } = upserted!;
    await queueWebhooks(ctx, tx, {
      eventId,
      type: created ? 'lead.created' : 'lead.updated',
      data: { eventId, sponsorId, leadId, attendee: { userId: caller.userId, fullName: caller.name }, interestLevel, notes, contactRequested },
    });
    return upserted;
  });
  const { created, ...lead } = row!;
  await announceLeadChange(ctx, sponsorId, gate.event.id);
  return { lead: toMyLead(lead), created };
}

/** Tells the event's webhooks that the caller took their details back from a sponsor. */
function leadWithdrawnWebhook(ctx: AppContext, tx: DbOrTx, caller: Caller, lead: { id: string; sponsorId: string; eventId: string }): Promise<void> {
  return queueWebhooks(ctx, tx, {
    eventId: lead.eventId,
    type: 'lead.withdrawn',
    data: { eventId: lead.eventId, sponsorId: lead.sponsorId, leadId: lead.id, attendee: { userId: caller.userId, fullName: caller.name } },
  });
}

/** Withdraw the caller's lead at a sponsor (the sponsor no longer holds their details). Idempotent. */
export async function withdrawLead(ctx: AppContext, caller: Caller, sponsorId: string): Promise<void> {
  const gate = await sponsorGate(ctx, caller, sponsorId, canParticipate);
  const withdrawn = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(sponsorLeads)
      .where(and(eq(sponsorLeads.sponsorId, sponsorId), eq(sponsorLeads.userId, caller.userId)))
      .returning({ id: sponsorLeads.id, sponsorId: sponsorLeads.sponsorId, eventId: sponsorLeads.eventId });
    for (const lead of rows) await leadWithdrawnWebhook(ctx, tx, caller, lead);
    return rows;
  });
  if (withdrawn.length > 0) await announceLeadChange(ctx, sponsorId, gate.event.id);
}

/** The sponsors that hold the caller's details, newest first (profile: "Sponsors with my details"). */
export async function listMyLeads(ctx: AppContext, caller: Caller): Promise<MyLeadSummaryDto[]> {
  const rows = await ctx.db
    .select({
      id: sponsorLeads.id,
      sponsorId: sponsors.id,
      companyName: sponsors.companyName,
      logoUrl: sponsors.logoUrl,
      eventId: events.id,
      eventName: events.name,
      interestLevel: sponsorLeads.interestLevel,
      contactRequested: sponsorLeads.contactRequested,
      visitedAt: sponsorLeads.visitedAt,
    })
    .from(sponsorLeads)
    .innerJoin(sponsors, eq(sponsors.id, sponsorLeads.sponsorId))
    .innerJoin(events, eq(events.id, sponsorLeads.eventId))
    .where(eq(sponsorLeads.userId, caller.userId))
    .orderBy(desc(sponsorLeads.visitedAt), desc(sponsorLeads.id));
  return rows.map((row) => ({ ...row, visitedAt: row.visitedAt.toISOString() }));
}

/** Withdraw one of the caller's own leads by its id; someone else's lead is a 404. */
export async function withdrawMyLead(ctx: AppContext, caller: Caller, leadId: string): Promise<void> {
  if (!isUuid(leadId)) throw notFound(msg('Lead not found'));
  const deleted = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(sponsorLeads)
      .where(and(eq(sponsorLeads.id, leadId), eq(sponsorLeads.userId, caller.userId)))
      .returning({ id: sponsorLeads.id, sponsorId: sponsorLeads.sponsorId, eventId: sponsorLeads.eventId });
    for (const lead of rows) await leadWithdrawnWebhook(ctx, tx, caller, lead);
    return rows;
  });
  if (deleted.length === 0) throw notFound(msg('Lead not found'));
  await announceLeadChange(ctx, deleted[0]!.sponsorId, deleted[0]!.eventId);
}

/** /sponsors-networking: the sponsors of every event the caller takes part in, with the event's name, by tier. */
export async function listSponsorCards(ctx: AppContext, caller: Caller): Promise<SponsorCardDto[]> {
  const rows = await ctx.db
    .select({ sponsor: sponsors, eventName: events.name })
    .from(sponsors)
    .innerJoin(events, eq(events.id, sponsors.eventId))
    .where(isSuperAdmin(caller) ? undefined : participatesIn(caller.userId, sponsors.eventId))
    .orderBy(tierRank, asc(sponsors.companyName), asc(sponsors.id))
    .limit(200);
  return rows.map((row) => ({ ...toSponsorDto(row.sponsor, false), eventName: row.eventName }));
}

// ---- Representatives -----------------------------------------------------------------------------------------

export async function listRepresentatives(ctx: AppContext, caller: Caller, sponsorId: string): Promise<RepresentativeDto[]> {
  await sponsorGate(ctx, caller, sponsorId, canManageEvent);
  const rows = await ctx.db
    .select({ userId: authUsers.id, fullName: authUsers.name, email: authUsers.email, addedAt: sponsorRepresentatives.createdAt })
    .from(sponsorRepresentatives)
    .innerJoin(authUsers, eq(authUsers.id, sponsorRepresentatives.userId))
    .where(eq(sponsorRepresentatives.sponsorId, sponsorId))
    .orderBy(asc(sponsorRepresentatives.createdAt));
  return rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }));
}

/**
 * Invites an address to represent the sponsor (issue 16, decision 0076): the representation exists only once the
 * person accepts. The answer is the same whether or not the address has an account (the current representatives,
 * and whether the email went out), and names nobody new.
 */
export async function addRepresentative(
  ctx: AppContext,
  caller: Caller,
  sponsorId: string,
  email: string,
): Promise<{ representatives: RepresentativeDto[]; invitation: { email: string; emailSent: boolean } }> {
  const gate = await sponsorGate(ctx, caller, sponsorId, canManageEvent);
  const { sent } = await issueInvitation(ctx, {
    eventId: gate.event.id,
    email,
    role: 'sponsor_representative',
    sponsorId,
    sponsorName: gate.sponsor.companyName,
    invitedBy: caller.userId,
    inviterName: caller.name,
  });
  return { representatives: await listRepresentatives(ctx, caller, sponsorId), invitation: { email, emailSent: sent } };
}

/** A representative gives up representing the sponsor themselves. */
export async function leaveRepresentation(ctx: AppContext, caller: Caller, sponsorId: string): Promise<void> {
  if (!isUuid(sponsorId)) throw notFound(SPONSOR_NOT_FOUND_MESSAGE);
  const removed = await ctx.db
    .delete(sponsorRepresentatives)
    .where(and(eq(sponsorRepresentatives.sponsorId, sponsorId), eq(sponsorRepresentatives.userId, caller.userId)))
    .returning({ userId: sponsorRepresentatives.userId });
  if (removed.length === 0) throw notFound(SPONSOR_NOT_FOUND_MESSAGE);
}

export async function removeRepresentative(ctx: AppContext, caller: Caller, sponsorId: string, userId: string): Promise<void> {
  await sponsorGate(ctx, caller, sponsorId, canManageEvent);
  if (!isUuid(userId)) return;
  await ctx.db
    .delete(sponsorRepresentatives)
    .where(and(eq(sponsorRepresentatives.sponsorId, sponsorId), eq(sponsorRepresentatives.userId, userId)));
}

// ---- Dashboard -----------------------------------------------------------------------------------------------

/**
 * The dashboard's numbers, aggregated by PostgreSQL: the five stat cards, the two lead tab counts, and visits and
 * leads per day (UTC) from the earlier of the event's start and the first activity to the later of its end and
 * the last activity, at most 92 days (the latest).
 */
export async function getDashboard(ctx: AppContext, caller: Caller, sponsorId: string): Promise<SponsorDashboardDto> {
  const gate = await dashboardGate(ctx, caller, sponsorId);
  const [[actions], [leads], daily] = await Promise.all([
    selectRows<{ booth_visits: number; unique_visitors: number; website_clicks: number; contact_clicks: number }>(
      ctx.db,
      sql`select
            count(*) filter (where ${sponsorAnalytics.actionType} = 'booth_visit')::int as booth_visits,
            count(distinct ${sponsorAnalytics.userId}) filter (where ${sponsorAnalytics.actionType} = 'booth_visit')::int as unique_visitors,
            count(*) filter (where ${sponsorAnalytics.actionType} = 'website_click')::int as website_clicks,
            count(*) filter (where ${sponsorAnalytics.actionType} = 'contact_click')::int as contact_clicks
          from ${sponsorAnalytics} where ${sponsorAnalytics.sponsorId} = ${sponsorId}`,
    ),
    selectRows<{ leads: number; high_interest: number; contact_requests: number }>(
      ctx.db,
      sql`select count(*)::int as leads,
            count(*) filter (where ${sponsorLeads.interestLevel} = 'high')::int as high_interest,
            count(*) filter (where ${sponsorLeads.contactRequested})::int as contact_requests
          from ${sponsorLeads} where ${sponsorLeads.sponsorId} = ${sponsorId} and ${sharedLead}`,
    ),
    selectRows<{ date: string; visits: number; leads: number }>(
      ctx.db,
      sql`with visits as (
            select (${sponsorAnalytics.createdAt} at time zone 'UTC')::date as day, count(*)::int as n
            from ${sponsorAnalytics}
            where ${sponsorAnalytics.sponsorId} = ${sponsorId} and ${sponsorAnalytics.actionType} = 'booth_visit'
            group by 1
          ), lead_days as (
            select (${sponsorLeads.visitedAt} at time zone 'UTC')::date as day, count(*)::int as n
            from ${sponsorLeads} where ${sponsorLeads.sponsorId} = ${sponsorId} and ${sharedLead} group by 1
          ), bounds as (
            select least(${gate.event.startDate.toISOString()}::timestamptz at time zone 'UTC', (select min(day) from visits), (select min(day) from lead_days))::date as first_day,
                   greatest(${gate.event.endDate.toISOString()}::timestamptz at time zone 'UTC', (select max(day) from visits), (select max(day) from lead_days))::date as last_day
          )
          select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(v.n, 0) as visits, coalesce(l.n, 0) as leads
          from bounds, generate_series(greatest(bounds.first_day, bounds.last_day - 91), bounds.last_day, interval '1 day') as d(day)
          left join visits v on v.day = d.day::date
          left join lead_days l on l.day = d.day::date
          order by d.day`,
    ),
  ]);
  const canManage = canManageEvent(caller, gate.relation);
  return {
    event: {
      id: gate.event.id,
      name: gate.event.name,
      startDate: gate.event.startDate.toISOString(),
      endDate: gate.event.endDate.toISOString(),
    },
    sponsor: toSponsorDto(gate.sponsor, canManage),
    canManage,
    stats: {
      boothVisits: actions?.booth_visits ?? 0,
      uniqueVisitors: actions?.unique_visitors ?? 0,
      websiteClicks: actions?.website_clicks ?? 0,
      contactClicks: actions?.contact_clicks ?? 0,
      leads: leads?.leads ?? 0,
      highInterest: leads?.high_interest ?? 0,
      contactRequests: leads?.contact_requests ?? 0,
    },
    daily: daily.map((row) => ({ date: row.date, visits: Number(row.visits), leads: Number(row.leads) })),
  };
}

function leadFilter(filter: LeadFilter): SQL | undefined {
  if (filter === 'high') return eq(sponsorLeads.interestLevel, 'high');
  if (filter === 'contact') return eq(sponsorLeads.contactRequested, true);
  return undefined;
}

const leadColumns = {
  id: sponsorLeads.id,
  userId: sponsorLeads.userId,
  fullName: profiles.fullName,
  company: profiles.companyOrInstitution,
  jobTitle: profiles.jobTitle,
  interests: profiles.selectedInterests,
  email: authUsers.email,
  interestLevel: sponsorLeads.interestLevel,
  notes: sponsorLeads.notes,
  contactRequested: sponsorLeads.contactRequested,
  visitedAt: sponsorLeads.visitedAt,
};

type LeadRow = Omit<Awaited<ReturnType<typeof leadsQuery>>[number], 'key'>;

/** Leads newest visit first, by (visited_at, id); the cursor keeps visited_at to the microsecond. */
const leadKeyset = (cursor: string | undefined) =>
  keyset([timestampKey(sponsorLeads.visitedAt), uuidKey(sponsorLeads.id)], { dir: 'desc', cursor });

/** The one place a lead becomes JSON: the email only when the visitor asked to be contacted. */
function toLeadDto(row: LeadRow): LeadDto {
  return {
    id: row.id,
    userId: row.userId,
    fullName: row.fullName,
    company: row.company,
    jobTitle: row.jobTitle,
    interests: row.interests,
    email: row.contactRequested ? row.email : null,
    interestLevel: row.interestLevel,
    notes: row.notes,
    contactRequested: row.contactRequested,
    visitedAt: row.visitedAt.toISOString(),
  };
}

function leadsQuery(ctx: AppContext, sponsorId: string, where: SQL | undefined, keys: ReturnType<typeof leadKeyset>) {
  return ctx.db
    .select({ ...leadColumns, key: keys.key })
    .from(sponsorLeads)
    .innerJoin(profiles, eq(profiles.id, sponsorLeads.userId))
    .innerJoin(authUsers, eq(authUsers.id, sponsorLeads.userId))
    .where(and(eq(sponsorLeads.sponsorId, sponsorId), sharedLead, where, keys.where))
    .orderBy(...keys.orderBy);
}

/** A page of the sponsor's leads, newest visit first, by (visited_at, id) cursor. */
export async function listLeads(
  ctx: AppContext,
  caller: Caller,
  sponsorId: string,
  options: { filter: LeadFilter; cursor?: string; limit?: number },
): Promise<LeadPageDto> {
  await dashboardGate(ctx, caller, sponsorId);
  const limit = options.limit ?? LEAD_PAGE_SIZE;
  const keys = leadKeyset(options.cursor);
  const { items, nextCursor } = keys.page(await leadsQuery(ctx, sponsorId, leadFilter(options.filter), keys).limit(limit + 1), limit);
  return { leads: items.map(toLeadDto), nextCursor };
}

/** Every lead of the sponsor (newest first) for the CSV export, and the sponsor's name for the file name. */
export async function leadsForExport(ctx: AppContext, caller: Caller, sponsorId: string) {
  const gate = await dashboardGate(ctx, caller, sponsorId);
  const rows = await leadsQuery(ctx, sponsorId, undefined, leadKeyset(undefined));
  return { companyName: gate.sponsor.companyName, leads: rows.map(toLeadDto) };
}
