import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { InvitationRole } from '@mingle/shared/core/constants';
import { INVITATION_EMAIL_HASH_KEY, INVITATION_HASH_KEY } from '@mingle/shared/invitations/acceptance';
import {
  INVITATION_LIMITS,
  INVITATION_VALID_DAYS,
  RECIPIENT_LIMIT_MESSAGE,
  SENDER_LIMIT_MESSAGE,
} from '@mingle/shared/invitations/inputs';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { eventInvitations, events } from '../../platform/db/schema/events.ts';
import { sponsors } from '../../platform/db/schema/sponsors.ts';
import { rateLimitFor, type RateLimit } from '../../platform/http/rate-limit.ts';
import { invitationEmail } from './emails/invitation.tsx';

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
  email: string;
  role: InvitationRole;
  allocatedGoodies?: number;
  /** The sponsor of a `sponsor_representative` invitation. */
  sponsorId?: string;
  sponsorName?: string;
  invitedBy: string;
  inviterName: string;
}

const DAY_SECONDS = 24 * 60 * 60;

/** Invitation emails per sender and per recipient address a day, counted in the database (decision 0077). */
export function invitationLimits(ctx: AppContext): { sender: RateLimit; recipient: RateLimit } {
  const daily = (prefix: string, points: number, message: string) =>
    rateLimitFor(ctx.db, { prefix, points, windowSeconds: DAY_SECONDS, message });
  return {
    sender: daily('invitation-sender', INVITATION_LIMITS.perSenderPerDay, SENDER_LIMIT_MESSAGE),
    recipient: daily('invitation-recipient', INVITATION_LIMITS.perRecipientPerDay, RECIPIENT_LIMIT_MESSAGE),
  };
}

/**
 * Counts one invitation email from the sender to the address, before anything is written: a 429 (with the limit in
 * its message) when either has used up its day. The recipient is counted first, so an address at its limit does
 * not use up the sender's day.
 */
export async function countInvitationEmail(ctx: AppContext, senderId: string, email: string): Promise<void> {
  const limits = invitationLimits(ctx);
  await limits.recipient.consume(email);
  await limits.sender.consume(senderId);
}

/**
 * Creates the pending invitation of (event, email), or gives the pending one a new token and 7 more days (the
 * unique pending index makes parallel sends to one address one row), and queues the email with the link in the same
 * transaction: the invitation and its email exist together or not at all. A volunteer invitation outranks an
 * attendee one for the same address: re-inviting a pending volunteer as an attendee keeps the role. `sent` says the
 * email is on its way (queued, or kept in the outbox without SMTP); its delivery shows in the organizer's list.
 */
export async function issueInvitation(ctx: AppContext, invitation: InvitationToIssue): Promise<{ id: string; sent: boolean }> {
  await countInvitationEmail(ctx, invitation.invitedBy, invitation.email);
  const token = newToken();
  const volunteer = invitation.role === 'volunteer';
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(eventInvitations)
      .values({
        eventId: invitation.eventId,
        email: invitation.email,
        tokenHash: hashInvitationToken(token),
        expiresAt: expiresIn,
        role: invitation.role,
        allocatedGoodies: invitation.allocatedGoodies ?? 0,
        sponsorId: invitation.role === 'sponsor_representative' ? invitation.sponsorId : null,
        invitedBy: invitation.invitedBy,
      })
      .onConflictDoUpdate({
        target: [eventInvitations.eventId, eventInvitations.email, eventInvitations.slot],
        targetWhere: sql`status = 'pending'`,
        set: {
          tokenHash: sql`excluded.token_hash`,
          expiresAt: sql`excluded.expires_at`,
          invitedBy: sql`excluded.invited_by`,
          ...(volunteer ? { role: 'volunteer' as const, allocatedGoodies: sql`excluded.allocated_goodies` } : {}),
        },
      })
      .returning({ id: eventInvitations.id, role: eventInvitations.role });
    await mailInvitation(ctx, tx, row!.id, { ...invitation, role: row!.role }, token);
    return { id: row!.id, sent: true };
  });
}

/**
 * A new token and 7 more days for a pending (or pending but expired) invitation, so the old link stops working, and
 * its email queued again (a failed or bounced one included); null when there is no such pending invitation.
 */
export async function reissueInvitation(
  ctx: AppContext,
  invitationId: string,
  mail: Omit<InvitationToIssue, 'eventId' | 'email' | 'role'>,
): Promise<{ sent: boolean } | null> {
  const [pending] = await ctx.db
    .select({ email: eventInvitations.email })
    .from(eventInvitations)
    .where(and(eq(eventInvitations.id, invitationId), eq(eventInvitations.status, 'pending')));
  if (!pending) return null;
  await countInvitationEmail(ctx, mail.invitedBy, pending.email);
  const token = newToken();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(eventInvitations)
      .set({ tokenHash: hashInvitationToken(token), expiresAt: expiresIn })
      .where(and(eq(eventInvitations.id, invitationId), eq(eventInvitations.status, 'pending')))
      .returning({ eventId: eventInvitations.eventId, email: eventInvitations.email, role: eventInvitations.role, sponsorId: eventInvitations.sponsorId });
    if (!row) return null;
    const [sponsor] = row.sponsorId
      ? await tx.select({ name: sponsors.companyName }).from(sponsors).where(eq(sponsors.id, row.sponsorId))
      : [];
    await mailInvitation(ctx, tx, invitationId, { ...mail, eventId: row.eventId, email: row.email, role: row.role, sponsorName: sponsor?.name }, token);
    return { sent: true };
  });
}

/** Queues the invitation's email in `tx` and makes it the one whose delivery the organizer sees. */
async function mailInvitation(
  ctx: AppContext,
  tx: Tx,
  invitationId: string,
  invitation: Pick<InvitationToIssue, 'eventId' | 'email' | 'inviterName' | 'role' | 'sponsorName'>,
  token: string,
): Promise<void> {
  // The address rides in the hash, which never reaches a server, so that the sign-up form can start with it.
  const hash = new URLSearchParams({ [INVITATION_HASH_KEY]: token, [INVITATION_EMAIL_HASH_KEY]: invitation.email });
  const link = `${ctx.config.publicUrl}/auth#${hash.toString()}`;
  const [event] = await tx
    .select({ name: events.name, logoUrl: events.logoUrl, startDate: events.startDate, endDate: events.endDate, location: events.location })
    .from(events)
    .where(eq(events.id, invitation.eventId));
  if (!event) throw new Error('invitation: its event is gone');
  const message = invitationEmail.to(invitation.email, {
    publicUrl: ctx.config.publicUrl,
    email: invitation.email,
    event,
    // An event keeps no zone of its own (its sessions do): its dates are written in UTC, named as such.
    timeZone: 'UTC',
    inviterName: invitation.inviterName,
    role: invitation.role,
    sponsorName: invitation.sponsorName,
    acceptUrl: link,
  });
  const { id } = await ctx.mailer.enqueue(tx, message);
  await tx.update(eventInvitations).set({ mailId: id }).where(eq(eventInvitations.id, invitationId));
}
