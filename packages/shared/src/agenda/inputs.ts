import { z } from 'zod';
import { SESSION_LIMITS, SESSION_TYPES } from '../core/constants.ts';
import { timeZoneSchema } from '../domain/time-zone-schema.ts';
import { instantSchema, optionalText } from '../events/inputs.ts';
import { msg } from '../core/messages.ts';

// Spec 02 section 5 "Session" with the exact messages; what the API answers is in contract.ts.

export const END_TIME_AFTER_START_MESSAGE = msg('End time must be after start time');
export const CHECK_IN_REPEAT_MESSAGE = msg('Failed to check in. You may already be checked in.');
export const SESSION_FULL_MESSAGE = msg('This session is full');

const httpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export const sessionTagsSchema = z
  .array(z.string().trim().min(1, msg('Tags cannot be empty')).max(SESSION_LIMITS.tagMax, msg('Tags must be less than 50 characters')))
  .max(SESSION_LIMITS.maxTags, msg('A session can have at most 10 tags'))
  .refine((tags) => new Set(tags.map((tag) => tag.toLowerCase())).size === tags.length, msg('Tags must not repeat'))
  .default([]);

/** The fields of a session other than its times, shared by the API schema and the form schema. */
export const sessionFields = {
  title: z
    .string({ error: msg('Session name is required') })
    .trim()
    .min(1, msg('Session name is required'))
    .max(SESSION_LIMITS.titleMax, msg('Session name must be less than 200 characters')),
  description: optionalText(SESSION_LIMITS.descriptionMax, msg('Description must be less than 2000 characters')),
  speakerName: optionalText(SESSION_LIMITS.speakerNameMax, msg('Speaker names must be less than 500 characters')),
  speakerBio: optionalText(SESSION_LIMITS.speakerBioMax, msg('Speaker bio must be less than 1000 characters')),
  sessionType: z.enum(SESSION_TYPES, msg('Please choose a session type')).default('topic'),
  timezone: timeZoneSchema,
  location: optionalText(SESSION_LIMITS.locationMax, msg('Location must be less than 200 characters')),
  maxCapacity: z
    .number(msg('Capacity must be a positive whole number'))
    .int(msg('Capacity must be a positive whole number'))
    .positive(msg('Capacity must be a positive whole number'))
    .max(1_000_000, msg('Capacity must be a positive whole number'))
    .nullish()
    .transform((value) => value ?? null),
  tags: sessionTagsSchema,
  networkingSlotsOpen: z.boolean().default(false),
  hostName: optionalText(SESSION_LIMITS.hostNameMax, msg('Host name must be less than 200 characters')),
  referenceUrl: z
    .string()
    .trim()
    .max(SESSION_LIMITS.referenceUrlMax, msg('Reference URL must be less than 500 characters'))
    .refine((value) => value === '' || httpUrl(value), msg('Must be a valid URL'))
    .nullish()
    .transform((value) => (value ? value : null)),
};

/** The workshop rule, for both schemas. */
export function workshopHostIssue(session: { sessionType?: string; hostName?: string | null }): string | null {
  return session.sessionType === 'workshop' && !session.hostName?.trim() ? 'Host name is required for workshop sessions' : null;
}

export const sessionInputSchema = z
  .object({
    title: sessionFields.title,
    description: sessionFields.description,
    speakerName: sessionFields.speakerName,
    speakerBio: sessionFields.speakerBio,
    sessionType: sessionFields.sessionType,
    startTime: instantSchema(msg('Start time is required')),
    endTime: instantSchema(msg('End time is required')),
    timezone: sessionFields.timezone.default('UTC'),
    location: sessionFields.location,
    maxCapacity: sessionFields.maxCapacity,
    tags: sessionFields.tags,
    networkingSlotsOpen: sessionFields.networkingSlotsOpen,
    hostName: sessionFields.hostName,
    referenceUrl: sessionFields.referenceUrl,
  })
  .superRefine((session, ctx) => {
    const host = workshopHostIssue(session);
    if (host) ctx.addIssue({ code: 'custom', path: ['hostName'], message: host });
    if (new Date(session.endTime).getTime() <= new Date(session.startTime).getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: END_TIME_AFTER_START_MESSAGE });
    }
  });
export type SessionInput = z.input<typeof sessionInputSchema>;
