import { z } from 'zod';
import { INTEREST_LEVELS, SPONSOR_TIERS } from '../core/constants.ts';

// What the sponsors API answers. The server's routes answer with these schemas (the OpenAPI document names them by
// their id) and both apps infer their types from them.

export const sponsorSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    companyName: z.string(),
    tier: z.enum(SPONSOR_TIERS),
    logoUrl: z.string().nullable(),
    websiteUrl: z.string().nullable(),
    description: z.string().nullable(),
    boothNumber: z.string().nullable(),
    /** Only for the event's organizers (owner, co-owners, super admins); null for everyone else. */
    contactEmail: z.string().nullable().meta({ description: "Only for the event's organizers; null otherwise" }),
    contactPhone: z.string().nullable(),
  })
  .meta({ id: 'Sponsor' });
export type SponsorDto = z.output<typeof sponsorSchema>;

const eventRefSchema = z.object({ id: z.uuid(), name: z.string() });

export const sponsorListSchema = z
  .object({
    event: eventRefSchema,
    /** Add, edit and delete sponsors; see contact details. */
    canManage: z.boolean(),
    /** See every sponsor's dashboard (organizers and volunteers). */
    canViewDashboards: z.boolean(),
    sponsors: z.array(sponsorSchema),
  })
  .meta({ id: 'SponsorList' });
export type SponsorListDto = z.output<typeof sponsorListSchema>;

/** What the visitor has told this sponsor (their own lead). */
export const myLeadSchema = z
  .object({
    id: z.uuid(),
    interestLevel: z.enum(INTEREST_LEVELS),
    notes: z.string().nullable(),
    contactRequested: z.boolean(),
    visitedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'MyLead' });
export type MyLeadDto = z.output<typeof myLeadSchema>;

export const boothSchema = z
  .object({
    event: eventRefSchema,
    sponsor: sponsorSchema,
    canManage: z.boolean(),
    canViewDashboard: z.boolean(),
    myLead: myLeadSchema.nullable(),
  })
  .meta({ id: 'Booth' });
export type BoothDto = z.output<typeof boothSchema>;

/** Express Your Interest: the lead, and whether it is new. */
export const leadUpsertSchema = z.object({ lead: myLeadSchema, created: z.boolean() });

/** A sponsor that holds the caller's details (their profile's "Sponsors with my details" list). */
export const myLeadSummarySchema = z.object({
  id: z.uuid(),
  sponsorId: z.uuid(),
  companyName: z.string(),
  logoUrl: z.string().nullable(),
  eventId: z.uuid(),
  eventName: z.string(),
  interestLevel: z.enum(INTEREST_LEVELS),
  contactRequested: z.boolean(),
  visitedAt: z.string(),
});
export type MyLeadSummaryDto = z.output<typeof myLeadSummarySchema>;
export const myLeadsSchema = z.object({ leads: z.array(myLeadSummarySchema) });

export const sponsorCardSchema = sponsorSchema.extend({ eventName: z.string() });
export type SponsorCardDto = z.output<typeof sponsorCardSchema>;
export const sponsorCardsSchema = z.object({ sponsors: z.array(sponsorCardSchema) });

export const sponsorStatsSchema = z.object({
  boothVisits: z.number().int(),
  uniqueVisitors: z.number().int(),
  websiteClicks: z.number().int(),
  contactClicks: z.number().int(),
  leads: z.number().int(),
  highInterest: z.number().int(),
  contactRequests: z.number().int(),
});
export type SponsorStatsDto = z.output<typeof sponsorStatsSchema>;

export const sponsorDashboardSchema = z
  .object({
    event: eventRefSchema.extend({ startDate: z.string(), endDate: z.string() }),
    sponsor: sponsorSchema,
    canManage: z.boolean(),
    stats: sponsorStatsSchema,
    /** One point per day (UTC) over the event's days and any day with activity around them. */
    daily: z.array(z.object({ date: z.string(), visits: z.number().int(), leads: z.number().int() })),
  })
  .meta({ id: 'SponsorDashboard' });
export type SponsorDashboardDto = z.output<typeof sponsorDashboardSchema>;

export const leadSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    fullName: z.string(),
    company: z.string().nullable(),
    jobTitle: z.string().nullable(),
    interests: z.array(z.string()),
    /** Shared only when the visitor requested contact. */
    email: z.string().nullable().meta({ description: 'Only when the visitor requested contact' }),
    interestLevel: z.enum(INTEREST_LEVELS),
    notes: z.string().nullable(),
    contactRequested: z.boolean(),
    visitedAt: z.string(),
  })
  .meta({ id: 'Lead' });
export type LeadDto = z.output<typeof leadSchema>;

export const leadPageSchema = z.object({ leads: z.array(leadSchema), nextCursor: z.string().nullable() });
export type LeadPageDto = z.output<typeof leadPageSchema>;

export const representativeSchema = z
  .object({ userId: z.uuid(), fullName: z.string(), email: z.string(), addedAt: z.string() })
  .meta({ id: 'SponsorRepresentative' });
export type RepresentativeDto = z.output<typeof representativeSchema>;
export const representativesSchema = z.object({ representatives: z.array(representativeSchema) });

/** The current representatives, and the invitation sent to the added address. */
export const representativeAddedSchema = z.object({
  representatives: z.array(representativeSchema),
  invitation: z.object({ email: z.string(), emailSent: z.boolean() }),
});
