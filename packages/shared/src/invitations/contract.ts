import { z } from 'zod';
import { INVITATION_ROLES, INVITATION_STATUSES, MAIL_STATUSES } from '../core/constants.ts';

// What the invitations API answers. The server's routes answer with these schemas (the OpenAPI document names them by
// their id) and both apps infer their types from them.

export const invitableEventSchema = z.object({ id: z.uuid(), name: z.string(), startDate: z.string(), timezone: z.string() });
export type InvitableEventDto = z.output<typeof invitableEventSchema>;

/** GET /api/invitations/events: the events the caller may invite to, soonest first. */
export const invitableEventsSchema = z.object({ events: z.array(invitableEventSchema) });

export const invitationSendResultSchema = z.object({
  email: z.string(),
  success: z.boolean(),
  /** Not sent because the address has had its invitation emails for today (RECIPIENT_LIMIT_MESSAGE). */
  rateLimited: z.boolean().optional(),
});
export type InvitationSendResult = z.output<typeof invitationSendResultSchema>;

/** POST /api/invitations: whether each email is on its way (queued; its delivery shows in the list). */
export const invitationSendResultsSchema = z.object({ results: z.array(invitationSendResultSchema) });

export const invitationSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    email: z.string(),
    /** `expired` is a pending invitation past its expiry. */
    status: z.enum(INVITATION_STATUSES).meta({ description: '`expired`: pending, past its expiry' }),
    role: z.enum(INVITATION_ROLES),
    expiresAt: z.string(),
    acceptedAt: z.string().nullable(),
    createdAt: z.string(),
    invitedByName: z.string().nullable(),
    /**
     * The invitation's latest email: queued (waiting, or between retries), sent, failed or bounced (`reason` says
     * why), stored (no SMTP on purpose). Null once the outbox has purged it, or for an invitation older than tracking.
     */
    delivery: z
      .object({ status: z.enum(MAIL_STATUSES), reason: z.string().nullable() })
      .nullable()
      .meta({ description: "The invitation email's delivery status; null once the outbox purged it" }),
  })
  .meta({ id: 'Invitation' });
export type InvitationDto = z.output<typeof invitationSchema>;

/** GET /api/events/{eventId}/invitations: a page, newest first. */
export const invitationPageSchema = z.object({ items: z.array(invitationSchema), nextCursor: z.string().nullable() });

export const resendResultSchema = z.object({ sent: z.boolean() });

/** A pending invitation addressed to the signed-in person, as their dashboard lists it. */
export const myInvitationSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    eventName: z.string(),
    role: z.enum(INVITATION_ROLES),
    /** The sponsor a representative invitation is for. */
    sponsorName: z.string().nullable(),
    invitedByName: z.string().nullable(),
    expiresAt: z.string(),
  })
  .meta({ id: 'MyInvitation' });
export type MyInvitationDto = z.output<typeof myInvitationSchema>;

/** GET /api/me/invitations: pending, newest first. */
export const myInvitationsSchema = z.object({ invitations: z.array(myInvitationSchema) });

/** An accepted invitation: the role it granted, and where. */
export const acceptedInvitationSchema = z.object({ eventId: z.uuid(), eventName: z.string(), role: z.enum(INVITATION_ROLES) });
export type AcceptedInvitationDto = z.output<typeof acceptedInvitationSchema>;
