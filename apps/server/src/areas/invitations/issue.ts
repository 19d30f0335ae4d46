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
import { authUsers } from '../../platform/db/schema/auth.ts';
import { eventInvitations, events } from '../../platform/db/schema/events.ts';
import { sponsors } from '../../platform/db/schema/sponsors.ts';
import { HttpError } from '../../platform/http/errors.ts';
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
  const refused = (await countInvitationEmails(ctx, senderId, [email])).get(email);
  if (refused) throw refused;
}

/**
 * `countInvitationEmail` for many addresses at once: each address counted, then the sender once for all that
 * passed. Answers the refusal (a 429) of each address that may not be mailed today. The addresses are counted one
 * after the other, not side by side: 50 statements at once would queue every other request of this process (a
 * sign-in) behind them for a connection of the pool.
 */
async function countInvitationEmails(ctx: AppContext, senderId: string, emails: string[]): Promise<Map<string, HttpError>> {
  const limits = invitationLimits(ctx);
  const refused = new Map<string, HttpError>();
  const refusal = (error: unknown) => {
    if (error instanceof HttpError && error.status === 429) return error;
    throw error;
  };
  for (const email of emails) {
    await limits.recipient.consume(email).catch((error: unknown) => {
      refused.set(email, refusal(error));
    });
  }
  const passed = emails.filter((email) => !refused.has(email));
  if (passed.length > 0) {
    await limits.sender.consume(senderId, passed.length).catch((error: unknown) => {
      const tooMany = refusal(error);
      for (const email of passed) refused.set(email, tooMany);
    });
  }
  return refused;
}

/**
 * Creates the pending invitation of (event, email), or gives the pending one a new token and 7 more days (the
 * unique pending index makes parallel sends to one address one row), and queues the email with the link in the same
 * transaction: the invitation and its email exist together or not at all. A volunteer invitation outranks an
 * attendee one for the same address: re-inviting a pending volunteer as an attendee keeps the role. `sent` says the
 * email is on its way (queued, or kept in the outbox without SMTP); its delivery shows in the organizer's list.
 */
export async function issueInvitation(ctx: AppContext, invitation: InvitationToIssue): Promise<{ id: string; sent: boolean }> {
  const { eventId, invitedBy, inviterName, ...one } = invitation;
  const { id, refused } = (await issueInvitations(ctx, { eventId, invitedBy, inviterName }, [one]))[0] ?? {};
  if (refused || !id) throw refused ?? new Error('issueInvitation: nothing issued');
  return { id, sent: true };
}

type BatchInvitation = Omit<InvitationToIssue, 'eventId' | 'invitedBy' | 'inviterName'>;

/**
 * `issueInvitation` for many addresses of one event from one sender (each address once), as a bulk send makes them:
 * the limits counted for all, then every invitation and its email written in one transaction of a few statements.
 * Answers, in the given order, each invitation's id or the 429 that refused its address.
 */
export async function issueInvitations(
  ctx: AppContext,
  batch: Pick<InvitationToIssue, 'eventId' | 'invitedBy' | 'inviterName'>,
  invitations: BatchInvitation[],
): Promise<Array<{ email: string; id?: string; refused?: HttpError }>> {
  const emails = invitations.map((invitation) => invitation.email);
  if (new Set(emails).size !== emails.length) throw new Error('issueInvitations: each address once');
  const refused = await countInvitationEmails(ctx, batch.invitedBy, emails);
  const issuing = invitations.filter((invitation) => !refused.has(invitation.email)).map((invitation) => ({ ...invitation, token: newToken() }));
  const ids = new Map<string, string>();
  if (issuing.length > 0) {
    await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .insert(eventInvitations)
        .values(
          issuing.map((invitation) => ({
            eventId: batch.eventId,
            email: invitation.email,
            tokenHash: hashInvitationToken(invitation.token),
            expiresAt: expiresIn,
            role: invitation.role,
            allocatedGoodies: invitation.allocatedGoodies ?? 0,
            sponsorId: invitation.role === 'sponsor_representative' ? invitation.sponsorId : null,
            invitedBy: batch.invitedBy,
          })),
        )
        .onConflictDoUpdate({
          target: [eventInvitations.eventId, eventInvitations.email, eventInvitations.slot],
          targetWhere: sql`status = 'pending'`,
          set: {
            tokenHash: sql`excluded.token_hash`,
            expiresAt: sql`excluded.expires_at`,
            invitedBy: sql`excluded.invited_by`,
            role: sql`case when excluded.role = 'volunteer' then excluded.role else ${eventInvitations.role} end`,
            allocatedGoodies: sql`case when excluded.role = 'volunteer' then excluded.allocated_goodies else ${eventInvitations.allocatedGoodies} end`,
          },
        })
        .returning({ id: eventInvitations.id, email: eventInvitations.email, role: eventInvitations.role });
      for (const row of rows) ids.set(row.email, row.id);
      const roles = new Map(rows.map((row) => [row.email, row.role]));
      const mails = issuing.map((invitation) => ({ ...invitation, invitationId: ids.get(invitation.email)!, role: roles.get(invitation.email)! }));
      await mailInvitations(ctx, tx, { eventId: batch.eventId, invitedBy: batch.invitedBy, inviterName: batch.inviterName }, mails);
    });
  }
  return emails.map((email) => ({ email, id: ids.get(email), refused: refused.get(email) }));
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
    await mailInvitations(ctx, tx, { eventId: row.eventId, invitedBy: mail.invitedBy, inviterName: mail.inviterName }, [
      { invitationId, email: row.email, role: row.role, sponsorName: sponsor?.name, token },
    ]);
    return { sent: true };
  });
}

/** Queues the invitations' emails in `tx` and makes each the one whose delivery the organizer sees. */
async function mailInvitations(
  ctx: AppContext,
  tx: Tx,
  from: Pick<InvitationToIssue, 'eventId' | 'invitedBy' | 'inviterName'>,
  invitations: Array<Pick<InvitationToIssue, 'email' | 'role' | 'sponsorName'> & { invitationId: string; token: string }>,
): Promise<void> {
  const [event] = await tx
    .select({ name: events.name, logoUrl: events.logoUrl, startDate: events.startDate, endDate: events.endDate, location: events.location, timeZone: events.timezone })
    .from(events)
    .where(eq(events.id, from.eventId));
  if (!event) throw new Error('invitation: its event is gone');
  const { timeZone, ...shown } = event;
  // Someone without an account reads it in the inviter's language (decision 0184); an account's own wins when sent.
  const [inviter] = await tx.select({ language: authUsers.language }).from(authUsers).where(eq(authUsers.id, from.invitedBy));
  const messages = invitations.map((invitation) => {
    // The address rides in the hash, which never reaches a server, so that the sign-up form can start with it.
    const hash = new URLSearchParams({ [INVITATION_HASH_KEY]: invitation.token, [INVITATION_EMAIL_HASH_KEY]: invitation.email });
    return invitationEmail.to(invitation.email, {
      publicUrl: ctx.config.publicUrl,
      email: invitation.email,
      event: shown,
      timeZone,
      inviterName: from.inviterName,
      role: invitation.role,
      sponsorName: invitation.sponsorName,
      acceptUrl: `${ctx.config.publicUrl}/auth#${hash.toString()}`,
      language: inviter?.language ?? undefined,
    });
  });
  const queued = await ctx.mailer.enqueueMany(tx, messages);
  const pairs = invitations.map((invitation, index) => ({ id: invitation.invitationId, mail_id: queued[index]!.id }));
  await tx
    .update(eventInvitations)
    .set({ mailId: sql`m.mail_id` })
    .from(sql`jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as m(id uuid, mail_id uuid)`)
    .where(sql`${eventInvitations.id} = m.id`);
}
