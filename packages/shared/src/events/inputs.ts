import { z } from 'zod';
import { EVENT_LIMITS, EVENT_TYPES } from '../core/constants.ts';
import { SLUG_PATTERN } from '../domain/slug.ts';
import { timeZoneSchema } from '../domain/time-zone-schema.ts';
import { msg } from '../core/messages.ts';

// Spec 02 section 5 (Create Event, Landing page) with the exact messages; what the API answers is in contract.ts.

const DAY_MS = 86_400_000;

/** The date rules of an event (end after start, at most 90 days): the form and the server both ask here. */
export function eventDatesIssue(start: Date, end: Date): { field: 'endDate'; message: string } | null {
  if (end.getTime() <= start.getTime()) return { field: 'endDate', message: msg('End date must be after start date') };
  if (end.getTime() - start.getTime() > EVENT_LIMITS.maxDurationDays * DAY_MS) {
    return { field: 'endDate', message: msg('Event duration cannot exceed 90 days') };
  }
  return null;
}

export const eventNameSchema = z
  .string({ error: msg('Event name must be at least 3 characters') })
  .trim()
  .min(EVENT_LIMITS.nameMin, msg('Event name must be at least 3 characters'))
  .max(EVENT_LIMITS.nameMax, msg('Event name must be less than 200 characters'));

/** Optional text: trimmed, and empty means none (null). */
export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

export const eventDescriptionSchema = optionalText(EVENT_LIMITS.descriptionMax, msg('Description must be less than 2000 characters'));
export const eventLocationSchema = optionalText(EVENT_LIMITS.locationMax, msg('Location must be less than 200 characters'));
export const eventTypeSchema = z.enum(EVENT_TYPES, msg('Please choose an event type'));

/** An instant as the API takes it: ISO 8601 with a zone or offset. */
export const instantSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .pipe(z.iso.datetime({ offset: true, error: msg('Please enter a valid date and time') }));

export const createEventSchema = z
  .object({
    name: eventNameSchema,
    description: eventDescriptionSchema,
    startDate: instantSchema(msg('Start date is required')),
    endDate: instantSchema(msg('End date is required')),
    eventType: eventTypeSchema.default('in_person'),
    /** The zone the event's dates are shown in. */
    timezone: timeZoneSchema.default('UTC'),
    location: eventLocationSchema,
    allowAttendeeNetworking: z.boolean().default(false),
    allowSessionMeetings: z.boolean().default(true),
  })
  .superRefine((event, ctx) => {
    const issue = eventDatesIssue(new Date(event.startDate), new Date(event.endDate));
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  });
export type CreateEventInput = z.input<typeof createEventSchema>;

export const CAPACITY_MAX = 1_000_000;
/** Places for self-registration: a whole number of at least 1; null (or empty in a form) is unlimited. */
export const capacitySchema = z
  .number({ error: msg('Capacity must be a whole number') })
  .int(msg('Capacity must be a whole number'))
  .min(1, msg('Capacity must be at least 1'))
  .max(CAPACITY_MAX, msg('Capacity must be at most 1,000,000'))
  .nullable();

/** An instant that may be cleared: null or an empty string mean none. */
const optionalInstantSchema = z
  .union([z.literal('').transform(() => null), z.iso.datetime({ offset: true, error: msg('Please enter a valid date and time') })])
  .nullable();

/** The registration window's one rule (the form and the server ask here): it closes after it opens. */
export function registrationWindowIssue(opensAt: Date | string | null, closesAt: Date | string | null): string | null {
  if (opensAt === null || closesAt === null) return null;
  return new Date(closesAt).getTime() <= new Date(opensAt).getTime() ? 'Registration must close after it opens' : null;
}

/** Changes to an event's settings (managers): any subset; the date rules apply to the result. */
export const updateEventSchema = z
  .object({
    name: eventNameSchema,
    description: eventDescriptionSchema,
    startDate: instantSchema(msg('Start date is required')),
    endDate: instantSchema(msg('End date is required')),
    eventType: eventTypeSchema,
    timezone: timeZoneSchema,
    location: eventLocationSchema,
    allowAttendeeNetworking: z.boolean(),
    allowSessionMeetings: z.boolean(),
    registrationOpen: z.boolean(),
    capacity: capacitySchema,
    registrationOpensAt: optionalInstantSchema,
    registrationClosesAt: optionalInstantSchema,
  })
  .partial()
  .superRefine((event, ctx) => {
    const issue = registrationWindowIssue(event.registrationOpensAt ?? null, event.registrationClosesAt ?? null);
    if (issue) ctx.addIssue({ code: 'custom', path: ['registrationClosesAt'], message: issue });
  });
export type UpdateEventInput = z.input<typeof updateEventSchema>;

export const slugSchema = z
  .string({ error: msg('Slug is required') })
  .trim()
  .min(1, msg('Slug is required'))
  .max(EVENT_LIMITS.slugMax, msg('Slug must be less than 100 characters'))
  .regex(SLUG_PATTERN, msg('Slug can only contain lowercase letters, numbers, and hyphens'));

const HOSTNAME_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** A custom domain: lower-cased, a pasted `https://…/` reduced to the host, empty saved as null. */
export const customDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^https?:\/\//, '').replace(/\/+$/, ''))
  .refine((value) => value === '' || HOSTNAME_PATTERN.test(value), msg('Please enter a valid domain, like events.example.com'))
  .nullish()
  .transform((value) => (value ? value : null));

/** Configure Landing Page: description is sent only when it was changed (so an older, longer text can stay). */
export const landingConfigSchema = z.object({
  slug: slugSchema,
  description: optionalText(EVENT_LIMITS.landingDescriptionMax, msg('Description must be less than 500 characters')).optional(),
  customDomain: customDomainSchema,
});
export type LandingConfigInput = z.input<typeof landingConfigSchema>;

/** An SVG that takes longer than LIMITS.svgRender.ms to draw (issue 16; the spec has no wording). */
export const SVG_TOO_COMPLEX_MESSAGE = msg('This SVG is too complex to process. Please upload a simpler SVG, or a JPG, PNG or WEBP image');
/** Too many SVG logos waiting to be drawn at once (issue 16). */
export const UPLOADS_BUSY_MESSAGE = msg('Too many images are being processed right now. Please try again in a minute');
export const LOGO_TYPE_MESSAGE = msg('Please upload a valid image file (JPG, PNG, WEBP, or SVG)');
export const LOGO_SIZE_MESSAGE = msg('Image size must be less than 5MB');
export const SLUG_TAKEN_MESSAGE = msg('This slug is already in use. Please choose a different one.');
export const DOMAIN_TAKEN_MESSAGE = msg('This domain is already in use. Please choose a different one.');

/**
 * The dashboard's event lists: `all` it may see, those `registered` for (My Events), and those it takes part in
 * (`participating`: owner, co-owner, volunteer, attendee, sponsor representative; the ticket form's event choice).
 */
export const EVENT_LIST_SCOPES = ['all', 'registered', 'participating'] as const;
export type EventListScope = (typeof EVENT_LIST_SCOPES)[number];
