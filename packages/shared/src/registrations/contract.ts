import { z } from 'zod';
import { consentStateSchema } from '../privacy/consents.ts';
import { REGISTRATION_QUESTION_KINDS } from './inputs.ts';

// What the registrations API answers. The server's routes answer with these schemas (the OpenAPI document names them
// by their id) and both apps infer their types from them.

/** POST /api/events/{eventId}/registration: a place, or a place on the waitlist when the event is full. */
export const registrationResultSchema = z
  .object({
    status: z.enum(['registered', 'waitlisted']),
    /** False when the caller was registered or waiting already (a repeated click). */
    created: z.boolean(),
    /** Where the caller stands on the waitlist, 1 being next; null when registered. */
    waitlistPosition: z.number().int().nullable(),
  })
  .meta({ id: 'RegistrationResult' });
export type RegistrationResult = z.output<typeof registrationResultSchema>;

/** One person on one of the organizer's lists. */
/** What a cancellation ended: a place, or a place in the queue (the registration_cancellations table keeps the same). */
export const REGISTRATION_ENDS = ['registered', 'waitlisted'] as const;

export const registrationEntrySchema = z
  .object({
    userId: z.uuid(),
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    jobTitle: z.string().nullable(),
    /** When they registered, joined the waitlist, or cancelled (by list). */
    at: z.string(),
    /** Waitlist only: 1 is the next to get a place. */
    position: z.number().int().nullable(),
    /** Registered only: when they were first let in at the door (an active check-in), or null. */
    checkedInAt: z.string().nullable(),
    /** Their answers to the event's registration questions, in the order asked (none for cancellations). */
    answers: z.array(z.object({ questionId: z.uuid(), label: z.string(), value: z.array(z.string()) })),
    /** Cancellations only: whether they held a place or waited for one, and who ended it. */
    cancelled: z.object({ from: z.enum(REGISTRATION_ENDS), byOrganizer: z.boolean() }).nullable(),
    /** What they consented to (decision 0191): the terms, and sharing their details with organizers and sponsors. */
    consents: consentStateSchema,
  })
  .meta({ id: 'RegistrationEntry' });
export type RegistrationEntryDto = z.output<typeof registrationEntrySchema>;

/** GET /api/events/{eventId}/registrations: a page of one list, in the order it fills (first come, first). */
export const registrationPageSchema = z.object({ items: z.array(registrationEntrySchema), nextCursor: z.string().nullable() });

/** GET /api/events/{eventId}/registrations/summary: the figures above the lists. */
export const registrationSummarySchema = z
  .object({
    /** Null: unlimited. */
    capacity: z.number().int().nullable(),
    registered: z.number().int(),
    waitlisted: z.number().int(),
    cancelled: z.number().int(),
    /** Null when unlimited; 0 when full (or over: invited guests may take the count past it). */
    placesLeft: z.number().int().nullable(),
  })
  .meta({ id: 'RegistrationSummary' });
export type RegistrationSummaryDto = z.output<typeof registrationSummarySchema>;

export const registrationQuestionSchema = z
  .object({
    id: z.uuid(),
    label: z.string(),
    kind: z.enum(REGISTRATION_QUESTION_KINDS),
    options: z.array(z.string()),
    required: z.boolean(),
  })
  .meta({ id: 'RegistrationQuestion' });
export type RegistrationQuestionDto = z.output<typeof registrationQuestionSchema>;

/** GET and PUT /api/events/{eventId}/registration-questions: the questions, in the order asked. */
export const registrationQuestionsSchema = z.object({ questions: z.array(registrationQuestionSchema) });
