import { z } from 'zod';

// What the check-in API answers (issue 20). The server's routes answer with these schemas and both apps infer their
// types from them.

export const checkInPointSchema = z.object({ id: z.uuid(), name: z.string() }).meta({ id: 'CheckInPoint' });
export type CheckInPointDto = z.output<typeof checkInPointSchema>;

export const checkInSettingsSchema = z
  .object({ points: z.array(checkInPointSchema), goodiesRequireCheckIn: z.boolean() })
  .meta({ id: 'CheckInSettings' });
export type CheckInSettingsDto = z.output<typeof checkInSettingsSchema>;

/** A check-in as the door sees it: where, when, by whom, and whether it was undone (by whom, when). */
export const checkInRecordSchema = z
  .object({
    id: z.uuid(),
    pointId: z.uuid().nullable(),
    at: z.string(),
    /** The volunteer or organizer; null once their account is gone. */
    byName: z.string().nullable(),
    byYou: z.boolean(),
    undoneAt: z.string().nullable(),
    undoneByName: z.string().nullable(),
  })
  .meta({ id: 'CheckInRecord' });
export type CheckInRecordDto = z.output<typeof checkInRecordSchema>;

export const checkInPersonSchema = z
  .object({
    userId: z.uuid(),
    fullName: z.string(),
    company: z.string().nullable(),
    jobTitle: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  })
  .meta({ id: 'CheckInPerson' });
export type CheckInPersonDto = z.output<typeof checkInPersonSchema>;

export const CHECK_IN_OUTCOMES = ['checked_in', 'already_checked_in', 'not_registered'] as const;
export type CheckInOutcome = (typeof CHECK_IN_OUTCOMES)[number];

/**
 * What a scan found: checked in now; already checked in at this point (the first check-in: when and by whom, which
 * is how two volunteers who scanned the same person offline both learn who was first); or not on the list (waitlisted
 * says why). `replayed`: this answers a clientCheckInId already processed.
 */
export const checkInResultSchema = z
  .object({
    outcome: z.enum(CHECK_IN_OUTCOMES),
    replayed: z.boolean(),
    person: checkInPersonSchema,
    waitlisted: z.boolean(),
    checkIn: checkInRecordSchema.nullable(),
  })
  .meta({ id: 'CheckInResult' });
export type CheckInResultDto = z.output<typeof checkInResultSchema>;

/**
 * What a door phone keeps to work offline: the points, and for each registered person their name, company, the
 * SHA-256 of the codes that identify them (badge, personal QR while valid) and their active check-ins. Nothing more.
 */
export const rosterEntrySchema = z
  .object({
    userId: z.uuid(),
    fullName: z.string(),
    company: z.string().nullable(),
    codes: z.array(z.string()),
    checkIns: z.array(z.object({ pointId: z.uuid().nullable(), at: z.string(), byName: z.string().nullable() })),
  })
  .meta({ id: 'RosterEntry' });
export type RosterEntryDto = z.output<typeof rosterEntrySchema>;

export const rosterSchema = z
  .object({ eventId: z.uuid(), points: z.array(checkInPointSchema), people: z.array(rosterEntrySchema), generatedAt: z.string() })
  .meta({ id: 'CheckInRoster' });
export type RosterDto = z.output<typeof rosterSchema>;

/** The door's recent check-ins, newest first, undone ones too (with who undid them). */
export const checkInEntrySchema = checkInRecordSchema.extend({ person: checkInPersonSchema.pick({ userId: true, fullName: true, company: true }) }).meta({ id: 'CheckInEntry' });
export type CheckInEntryDto = z.output<typeof checkInEntrySchema>;
export const checkInPageSchema = z.object({ items: z.array(checkInEntrySchema), nextCursor: z.string().nullable() });

/** The door's figures: people checked in (anywhere) of those registered, per point, and per quarter hour. */
export const checkInSummarySchema = z
  .object({
    registered: z.number().int(),
    checkedIn: z.number().int(),
    points: z.array(z.object({ pointId: z.uuid().nullable(), name: z.string().nullable(), checkedIn: z.number().int() })),
    /** Check-ins per 15 minutes, oldest first, only the quarters that had some. */
    timeline: z.array(z.object({ at: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'CheckInSummary' });
export type CheckInSummaryDto = z.output<typeof checkInSummarySchema>;
