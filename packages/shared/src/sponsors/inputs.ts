import { z } from 'zod';
import {
  INTEREST_LEVELS,
  SPONSOR_ACTIONS,
  SPONSOR_LIMITS,
  SPONSOR_TIERS,
  type SponsorAction,
} from '../core/constants.ts';
import { msg } from '../core/messages.ts';

// Spec 02 section 5 "Sponsor" with the exact messages and the interest card (the API's answers: contract.ts).

export const SPONSOR_NOT_FOUND_MESSAGE = msg('Sponsor not found');
export const SPONSOR_DASHBOARD_DENIED_MESSAGE = msg("You don't have permission to access sponsor dashboards");
/**
 * A Logo URL that names a file on this server other than the sponsor's own uploaded logo: only Upload logo stores
 * a file for a sponsor (issue 16), so a typed address of one of our files (someone's avatar) is refused.
 */
export const LOGO_URL_STORED_FILE_MESSAGE = msg('Use Upload logo for an image from this site, or the address of an image on another site');
export const NOTES_MAX_MESSAGE = msg('Notes must be less than 1000 characters');

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** A URL field: empty is allowed (stored as null), anything else must be an http(s) URL. */
const optionalUrl = z
  .string()
  .trim()
  .max(SPONSOR_LIMITS.urlMax, msg('Must be a valid URL'))
  .refine((value) => value === '' || isHttpUrl(value), msg('Must be a valid URL'))
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * The Logo URL field: an http(s) URL, or the `/files/...` path of the logo uploaded for this sponsor, which the
 * edit form sends back unchanged (the server refuses any other file of ours, LOGO_URL_STORED_FILE_MESSAGE).
 */
const optionalLogoUrl = z
  .string()
  .trim()
  .max(SPONSOR_LIMITS.urlMax, msg('Must be a valid URL'))
  .refine((value) => value === '' || isHttpUrl(value) || /^\/files\/[a-z0-9][a-z0-9/.-]*$/.test(value), msg('Must be a valid URL'))
  .nullish()
  .transform((value) => (value ? value : null));

const optionalLimited = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * A sponsor as the Manage Sponsors form sends it. Unlike the original (whose schema let any tier text through),
 * the tier must be one of the five; exhibitor is the default.
 */
export const sponsorInputSchema = z.object({
  companyName: z
    .string({ error: msg('Company name is required') })
    .trim()
    .min(1, msg('Company name is required'))
    .max(SPONSOR_LIMITS.companyNameMax, msg('Must be less than 200 characters')),
  tier: z.enum(SPONSOR_TIERS, msg('Please choose a tier: platinum, gold, silver, bronze or exhibitor')).default('exhibitor'),
  logoUrl: optionalLogoUrl,
  websiteUrl: optionalUrl,
  description: optionalLimited(SPONSOR_LIMITS.descriptionMax, msg('Description must be less than 2000 characters')),
  contactEmail: z
    .string()
    .trim()
    .max(SPONSOR_LIMITS.emailMax, msg('Must be a valid email'))
    .refine((value) => value === '' || z.email().safeParse(value).success, msg('Must be a valid email'))
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null)),
  contactPhone: optionalLimited(SPONSOR_LIMITS.phoneMax, msg('Phone must be less than 50 characters')),
  boothNumber: optionalLimited(SPONSOR_LIMITS.boothNumberMax, msg('Booth number must be less than 20 characters')),
});
export type SponsorInput = z.input<typeof sponsorInputSchema>;

/** The Express Your Interest card. */
export const leadInputSchema = z.object({
  interestLevel: z.enum(INTEREST_LEVELS, msg('Please choose low, medium or high')).default('medium'),
  notes: optionalLimited(SPONSOR_LIMITS.notesMax, NOTES_MAX_MESSAGE),
  contactRequested: z.boolean().default(false),
});
export type LeadInput = z.input<typeof leadInputSchema>;

export const sponsorActionInputSchema = z.object({ action: z.enum(SPONSOR_ACTIONS, msg('Unknown booth action')) });

export const representativeInputSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email(msg('Must be a valid email'))),
});

export const LEAD_FILTERS = ['all', 'high', 'contact'] as const;
export type LeadFilter = (typeof LEAD_FILTERS)[number];

export type { SponsorAction };
