import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { InvitationRole } from '@mingle/shared/constants';
import { INVITATION_HASH_KEY } from '@mingle/shared/schemas/invitation-acceptance';
import { INVITATION_VALID_DAYS } from '@mingle/shared/schemas/invitations';
import type { AppContext } from '../context.ts';
import { eventInvitations } from '../db/schema/events.ts';

// Issuing an invitation email: shared by the invitations area (bulk invitations, resend) and the volunteers area
// (adding a volunteer who has no account yet), so it lives here rather than inside either of them. Invitations
// grant access to an event, hence auth/.

/** Only the SHA-256 hash of a token is stored; the token itself travels only in the emailed link. */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

const newToken = () => randomBytes(32).toString('base64url');

/** The expiry of a token issued now, on the database's clock. */
const expiresIn = sql`now() + make_interval(days => ${INVITATION_VALID_DAYS})`;

export interface InvitationToIssue {
  eventId: string;
  eventName: string;
  email: string;
  role: InvitationRole;
  allocatedGoodies?: number;
  invitedBy: string;
  inviterName: string;
}

/**
 * Creates the pending invitation of (event, email), or gives the pending one a new token and 7 more days (the
 * unique pending index makes parallel sends to one address one row), then emails the link. A volunteer invitation
 * outranks an attendee one for the same address: re-inviting a pending volunteer as an attendee keeps the role.
 * `sent` is false when the email could not be delivered (the row stays; the organizer can resend).
 */
export async function issueInvitation(ctx: AppContext, invitation: InvitationToIssue): Promise<{ id: string; sent: boolean }> {
  const token = newToken();
  const volunteer = invitation.role === 'volunteer';
  const [row] = await ctx.db
    .insert(eventInvitations)
    .values({
      eventId: invitation.eventId,
      email: invitation.email,
      tokenHash: hashInvitationToken(token),
      expiresAt: expiresIn,
      role: invitation.role,
      allocatedGoodies: invitation.allocatedGoodies ?? 0,
      invitedBy: invitation.invitedBy,
    })
    .onConflictDoUpdate({
      target: [eventInvitations.eventId, eventInvitations.email],
      targetWhere: sql`status = 'pending'`,
      set: {
        tokenHash: sql`excluded.token_hash`,
        expiresAt: sql`excluded.expires_at`,
        invitedBy: sql`excluded.invited_by`,
        ...(volunteer ? { role: 'volunteer' as const, allocatedGoodies: sql`excluded.allocated_goodies` } : {}),
      },
    })
    .returning({ id: eventInvitations.id, role: eventInvitations.role });
  const sent = await mailInvitation(ctx, { ...invitation, role: row!.role }, token);
  return { id: row!.id, sent };
}

/**
 * A new token and 7 more days for a pending (or pending but expired) invitation, so the old link stops working;
 * null when there is no such pending invitation.
 */
export async function reissueInvitation(
  ctx: AppContext,
  invitationId: string,
  mail: Omit<InvitationToIssue, 'eventId' | 'email' | 'role' | 'invitedBy'>,
): Promise<{ sent: boolean } | null> {
  const token = newToken();
  const [row] = await ctx.db
    .update(eventInvitations)
    .set({ tokenHash: hashInvitationToken(token), expiresAt: expiresIn })
    .where(and(eq(eventInvitations.id, invitationId), eq(eventInvitations.status, 'pending')))
    .returning({ email: eventInvitations.email, role: eventInvitations.role });
  if (!row) return null;
  return { sent: await mailInvitation(ctx, { ...mail, email: row.email, role: row.role }, token) };
}

async function mailInvitation(
  ctx: AppContext,
  invitation: Pick<InvitationToIssue, 'email' | 'eventName' | 'inviterName' | 'role'>,
  token: string,
): Promise<boolean> {
  const link = `${ctx.config.publicUrl}/auth#${INVITATION_HASH_KEY}=${token}`;
  const as = invitation.role === 'volunteer' ? 'volunteer at' : 'join';
  const { status } = await ctx.mailer.send({
    to: invitation.email,
    subject: `You're invited to ${invitation.eventName} on Mingle`,
    text: [
      `${invitation.inviterName} has invited you to ${as} ${invitation.eventName} on Mingle.`,
      '',
      `Accept the invitation: ${link}`,
      '',
      `Sign in, or create an account with this email address (${invitation.email}), to accept it.`,
      `The invitation is valid for ${INVITATION_VALID_DAYS} days.`,
    ].join('\n'),
  });
  return status !== 'failed';
}
