import { z } from 'zod';
import { msg } from '../core/messages.ts';

// What a person consented to (issue 23, decision 0191): the terms gate's two boxes, kept as a history of when each
// was given and withdrawn.

/** `terms`: "I have read and understood" the terms; `share_with_sponsors`: "I agree to share my details with event organizers and sponsors". */
export const CONSENT_KINDS = ['terms', 'share_with_sponsors'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** The consents a person may withdraw and give again on their profile (the terms stay: leaving them is deleting the account). */
export const WITHDRAWABLE_CONSENTS = ['share_with_sponsors'] as const;

/** The version of the terms text a person agrees to today: the month of its "Last updated" line. */
export const TERMS_VERSION = '2026-11';

export const SHARING_WITHDRAWN_LEAD_MESSAGE = msg(
  'You have withdrawn your consent to share your details with sponsors. Give it again on your profile to express your interest.',
);

export const consentRecordSchema = z
  .object({
    kind: z.enum(CONSENT_KINDS),
    version: z.string().nullable(),
    givenAt: z.string().meta({ format: 'date-time' }),
    withdrawnAt: z.string().nullable().meta({ format: 'date-time' }),
  })
  .meta({ id: 'ConsentRecord' });
export type ConsentRecordDto = z.output<typeof consentRecordSchema>;

/** A person's consents now, and their whole history (newest first). */
export const myConsentsSchema = z
  .object({
    termsAcceptedAt: z.string().nullable().meta({ format: 'date-time' }),
    termsVersion: z.string().nullable(),
    sharing: z.enum(['given', 'withdrawn', 'never']),
    sharingGivenAt: z.string().nullable().meta({ format: 'date-time' }),
    sharingWithdrawnAt: z.string().nullable().meta({ format: 'date-time' }),
    history: z.array(consentRecordSchema),
  })
  .meta({ id: 'MyConsents' });
export type MyConsentsDto = z.output<typeof myConsentsSchema>;

/** What an organizer sees of an attendee's consents on the registrations list. */
export const consentStateSchema = z
  .object({
    termsAcceptedAt: z.string().nullable().meta({ format: 'date-time' }),
    sharing: z.enum(['given', 'withdrawn', 'never']),
    sharingChangedAt: z.string().nullable().meta({ format: 'date-time' }),
  })
  .meta({ id: 'ConsentState' });
export type ConsentStateDto = z.output<typeof consentStateSchema>;
