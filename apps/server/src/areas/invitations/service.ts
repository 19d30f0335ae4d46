import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { liveTopics } from '@mingle/shared/core/live';
import {
  INVITATION_NOT_FOUND_MESSAGE,
  INVITATION_REFUSALS,
  type InvitationRefusalCode,
} from '@mingle/shared/invitations/acceptance';
import {
  NO_INVITE_PERMISSION_MESSAGE,
  SENDER_LIMIT_MESSAGE,
  RESEND_NOT_ALLOWED_MESSAGE,
  REVOKE_NOT_ALLOWED_MESSAGE,
} from '@mingle/shared/invitations/inputs';
import type {
  AcceptedInvitationDto,
  InvitableEventDto,
  InvitationDto,
  InvitationSendResult,
  MyInvitationDto,
} from '@mingle/shared/invitations/contract';
import type { Page } from '@mingle/shared/core/pagination';
import type { Caller } from '../../platform/auth/caller.ts';
import { hashInvitationToken, invitationLimits, issueInvitations, reissueInvitation } from './issue.ts';
import type { AppContext } from '../../context.ts';
import { userRoles } from '../../platform/db/schema/auth.ts';
import { eventAttendees, eventCoOwners, eventInvitations, events, eventVolunteers, userEventAccess } from '../../platform/db/schema/events.ts';
import { eventWaitlist } from '../../platform/db/schema/registrations.ts';
import { mailOutbox } from '../../platform/db/schema/mail.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { sponsorRepresentatives, sponsors } from '../../platform/db/schema/sponsors.ts';
import { conflict, forbidden, HttpError, notFound, tooManyRequests } from '../../platform/http/errors.ts';
import { newestFirst, PAGE_SIZE } from '../../platform/http/keyset.ts';
import { recordEventMetric } from '../analytics/index.ts';
import { canInvite, canInviteTo, canManageEvent, loadEventRelation, standsWith } from '../event-access/index.ts';
import { queueWebhooks } from '../webhooks/index.ts';
import { isUuid } from '../../platform/db/sql.ts';
import { msg } from '@mingle/shared/core/messages';

function assertRights(caller: Caller): void {
  if (!canInvite(caller)) throw forbidden(NO_INVITE_PERMISSION_MESSAGE);
}

/** The event select of the page: the caller's own events, soonest first. */
export async function invitableEvents(ctx: AppContext, caller: Caller): Promise<InvitableEventDto[]> {
  assertRights(caller);
  const rows = await ctx.db
    .select({ id: events.id, name: events.name, startDate: events.startDate, timezone: events.timezone })
    .from(events)
    .where(standsWith(caller.userId, events.id, ['owner', 'coOwner', 'volunteer']))
    .orderBy(asc(events.startDate), asc(events.id))
    .limit(500);
  return rows.map((row) => ({ ...row, startDate: row.startDate.toISOString() }));
}

/**
 * The event an invitation action is about, checked: a rights holder inviting to one of their own events. Any
 * other event is a 404, whether or not it exists. `manages` says whether the caller sees every invitation of the
 * event (owner, co-owner) or only those they sent (a volunteer).
 */
async function invitingEvent(ctx: AppContext, caller: Caller, eventId: string) {
  assertRights(caller);
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  if (!relation || !canInviteTo(relation)) throw notFound(msg('Event not found'));
  return { manages: canManageEvent(caller, relation) };
}

/** One email per address; the answer says for each whether it is on its way (spec: results [{success}]). */
export async function sendInvitations(
  ctx: AppContext,
  caller: Caller,
  input: { eventId: string; emails: string[] },
): Promise<InvitationSendResult[]> {
  await invitingEvent(ctx, caller, input.eventId);
  // The sender's day must hold the whole batch before any of it goes out (the emails are then counted as they are written).
  if ((await invitationLimits(ctx).sender.remaining(caller.userId)) < input.emails.length) throw tooManyRequests(SENDER_LIMIT_MESSAGE);
  try {
    const issued = await issueInvitations(
      ctx,
      { eventId: input.eventId, invitedBy: caller.userId, inviterName: caller.name },
      input.emails.map((email) => ({ email, role: 'attendee' as const })),
    );
    return issued.map(({ email, refused }) => (refused ? { email, success: false, rateLimited: true } : { email, success: true }));
  } catch (error) {
    ctx.log.error('invitations: could not issue the invitations', { eventId: input.eventId, error: (error as Error).message });
    return input.emails.map((email) => ({ email, success: false }));
  }
}

const statusColumn = sql<InvitationDto['status']>`case when ${eventInvitations.status} = 'pending' and ${eventInvitations.expiresAt} <= now() then 'expired' else ${eventInvitations.status} end`;
/** An event's invitations, newest first: all of them for its owner and co-owners, a volunteer's own otherwise. */
export async function listInvitations(ctx: AppContext, caller: Caller, eventId: string, cursor?: string): Promise<Page<InvitationDto>> {
  const event = await invitingEvent(ctx, caller, eventId);
  const keys = newestFirst(eventInvitations.createdAt, eventInvitations.id, cursor);
  const rows = await ctx.db
    .select({
      id: eventInvitations.id,
      eventId: eventInvitations.eventId,
      email: eventInvitations.email,
      status: statusColumn,
      role: eventInvitations.role,
      expiresAt: eventInvitations.expiresAt,
      acceptedAt: eventInvitations.acceptedAt,
      createdAt: eventInvitations.createdAt,
      invitedByName: profiles.fullName,
      mailStatus: mailOutbox.status,
      mailError: mailOutbox.error,
      key: keys.key,
    })
    .from(eventInvitations)
    .leftJoin(profiles, eq(profiles.id, eventInvitations.invitedBy))
    .leftJoin(mailOutbox, eq(mailOutbox.id, eventInvitations.mailId))
    .where(
      and(
        eq(eventInvitations.eventId, eventId),
        event.manages ? undefined : eq(eventInvitations.invitedBy, caller.userId),
        keys.where,
      ),
    )
    .orderBy(...keys.orderBy)
    .limit(PAGE_SIZE + 1);
  const { items, nextCursor } = keys.page(rows, PAGE_SIZE);
  return {
    items: items.map(({ mailStatus, mailError, ...row }) => ({
      ...row,
      // A reason only for a final failure: a queued email's last error is a retry's, not the outcome.
      delivery: mailStatus ? { status: mailStatus, reason: mailStatus === 'failed' || mailStatus === 'bounced' ? mailError : null } : null,
      expiresAt: row.expiresAt.toISOString(),
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor,
  };
}

/** Asserts the caller may act on the invitation (else a 404). */
async function ownInvitation(ctx: AppContext, caller: Caller, invitationId: string) {
  assertRights(caller);
  if (!isUuid(invitationId)) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
  const [row] = await ctx.db
    .select({ eventId: eventInvitations.eventId, invitedBy: eventInvitations.invitedBy })
    .from(eventInvitations)
    .where(eq(eventInvitations.id, invitationId));
  if (!row) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
  const relation = await loadEventRelation(ctx.db, caller, row.eventId);
  if (!relation || !canInviteTo(relation)) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
  const manages = canManageEvent(caller, relation);
  if (!manages && row.invitedBy !== caller.userId) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
}

/** A new token and 7 more days; the old link stops working. */
export async function resendInvitation(ctx: AppContext, caller: Caller, invitationId: string): Promise<{ sent: boolean }> {
  await ownInvitation(ctx, caller, invitationId);
  const result = await reissueInvitation(ctx, invitationId, { inviterName: caller.name, invitedBy: caller.userId });
  if (!result) throw conflict(RESEND_NOT_ALLOWED_MESSAGE, 'invitation_not_pending');
  return result;
}

export async function revokeInvitation(ctx: AppContext, caller: Caller, invitationId: string): Promise<void> {
  await ownInvitation(ctx, caller, invitationId);
  const [row] = await ctx.db
    .update(eventInvitations)
    .set({ status: 'revoked' })
    .where(and(eq(eventInvitations.id, invitationId), eq(eventInvitations.status, 'pending')))
    .returning({ id: eventInvitations.id });
  if (!row) throw conflict(REVOKE_NOT_ALLOWED_MESSAGE, 'invitation_not_pending');
}

const refusal = (code: InvitationRefusalCode, status: 403 | 409 = 409) =>
  new HttpError(status, code, INVITATION_REFUSALS[code].description);

/**
 * Spec 01 "Invitation": the signed-in user accepts with the token from the link. Refused when already accepted,
 * revoked, declined, expired, or sent to a different address.
 */
export async function acceptInvitation(ctx: AppContext, caller: Caller, token: string): Promise<AcceptedInvitationDto> {
  return acceptWhere(ctx, caller, eq(eventInvitations.tokenHash, hashInvitationToken(token)));
}

/**
 * The in-app way (issue 16): the signed-in person accepts one of the invitations addressed to their own address, by
 * id. Anyone else's invitation is a 404.
 */
export async function acceptMyInvitation(ctx: AppContext, caller: Caller, invitationId: string): Promise<AcceptedInvitationDto> {
  if (!isUuid(invitationId)) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
  return acceptWhere(ctx, caller, and(eq(eventInvitations.id, invitationId), eq(eventInvitations.email, caller.email.toLowerCase()))!);
}

/** The invitee says no: a pending invitation to their address becomes `declined` (its link stops working). */
export async function declineMyInvitation(ctx: AppContext, caller: Caller, invitationId: string): Promise<void> {
  if (!isUuid(invitationId)) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
  const mine = and(eq(eventInvitations.id, invitationId), eq(eventInvitations.email, caller.email.toLowerCase()));
  const [row] = await ctx.db
    .update(eventInvitations)
    .set({ status: 'declined' })
    .where(and(mine, eq(eventInvitations.status, 'pending')))
    .returning({ id: eventInvitations.id });
  if (row) return;
  const [existing] = await ctx.db.select({ status: eventInvitations.status }).from(eventInvitations).where(mine);
  if (!existing) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
  throw refusal(existing.status === 'accepted' ? 'already_accepted' : existing.status === 'revoked' ? 'invitation_revoked' : 'invitation_declined');
}

/** The pending, unexpired invitations addressed to the signed-in person, newest first (their dashboard). */
export async function myInvitations(ctx: AppContext, caller: Caller): Promise<MyInvitationDto[]> {
  const rows = await ctx.db
    .select({
      id: eventInvitations.id,
      eventId: eventInvitations.eventId,
      eventName: events.name,
      role: eventInvitations.role,
      sponsorName: sponsors.companyName,
      invitedByName: profiles.fullName,
      expiresAt: eventInvitations.expiresAt,
    })
    .from(eventInvitations)
    .innerJoin(events, eq(events.id, eventInvitations.eventId))
    .leftJoin(sponsors, eq(sponsors.id, eventInvitations.sponsorId))
    .leftJoin(profiles, eq(profiles.id, eventInvitations.invitedBy))
    .where(
      and(
        eq(eventInvitations.email, caller.email.toLowerCase()),
        eq(eventInvitations.status, 'pending'),
        sql`${eventInvitations.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(eventInvitations.createdAt), desc(eventInvitations.id))
    .limit(100);
  return rows.map((row) => ({ ...row, sponsorName: row.sponsorName ?? null, expiresAt: row.expiresAt.toISOString() }));
}

/**
 * Acceptance, one transaction: the invitation is accepted, and the person gets what its role says: the attendee
 * registration (with the `registration` metric, as registering does), the volunteer assignment, the co-ownership,
 * or the sponsor representation, each with the access it brings. Nothing is ever granted without this (issue 16).
 * The row lock taken first makes two parallel acceptances one success and one "already accepted".
 */
async function acceptWhere(ctx: AppContext, caller: Caller, where: SQL): Promise<AcceptedInvitationDto> {
  return ctx.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({
        id: eventInvitations.id,
        eventId: eventInvitations.eventId,
        email: eventInvitations.email,
        status: eventInvitations.status,
        role: eventInvitations.role,
        allocatedGoodies: eventInvitations.allocatedGoodies,
        sponsorId: eventInvitations.sponsorId,
        invitedBy: eventInvitations.invitedBy,
        expired: sql<boolean>`${eventInvitations.expiresAt} <= now()`,
      })
      .from(eventInvitations)
      .where(where)
      .for('update');
    if (!invitation) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
    if (invitation.status === 'accepted') throw refusal('already_accepted');
    if (invitation.status === 'revoked') throw refusal('invitation_revoked');
    if (invitation.status === 'declined') throw refusal('invitation_declined');
    if (invitation.status === 'expired' || invitation.expired) throw refusal('invitation_expired');
    if (invitation.email !== caller.email.toLowerCase()) throw refusal('email_mismatch', 403);

    await tx
      .update(eventInvitations)
      .set({ status: 'accepted', acceptedAt: sql`now()` })
      .where(eq(eventInvitations.id, invitation.id));
    const { eventId } = invitation;
    const userId = caller.userId;
    const grantedBy = invitation.invitedBy;
    // Spec 02: organizers are owners, co-owners and volunteers.
    const organizerAccess = () =>
      tx.insert(userEventAccess).values({ userId, eventId, accessType: 'organizer', grantedBy }).onConflictDoNothing();
    if (invitation.role === 'volunteer') {
      await tx
        .insert(eventVolunteers)
        .values({ eventId, userId, allocatedGoodies: invitation.allocatedGoodies, addedBy: grantedBy })
        .onConflictDoNothing();
      await tx.insert(userRoles).values({ userId, role: 'event_volunteer' }).onConflictDoNothing();
      await organizerAccess();
    } else if (invitation.role === 'co_owner') {
      await tx.insert(eventCoOwners).values({ eventId, userId, promotedBy: grantedBy }).onConflictDoNothing();
      await organizerAccess();
    } else if (invitation.role === 'sponsor_representative') {
      await tx
        .insert(sponsorRepresentatives)
        .values({ sponsorId: invitation.sponsorId!, userId, addedBy: grantedBy })
        .onConflictDoNothing();
    } else {
      // Spec 01: duplicate access rows are ignored (the person may have registered already).
      await tx
        .insert(userEventAccess)
        .values({ userId, eventId, accessType: 'registered_attendee', grantedBy })
        .onConflictDoNothing();
      const [attendee] = await tx
        .insert(eventAttendees)
        .values({ eventId, userId })
        .onConflictDoNothing()
        .returning({ id: eventAttendees.id });
      // Through recordEventMetric, as every analytics row: the organizers' open Analytics page hears it.
      if (attendee) {
        await recordEventMetric(ctx, { eventId, userId, metricType: 'registration' }, tx);
        await queueWebhooks(ctx, tx, {
          eventId,
          type: 'registration.created',
          data: { eventId, userId, fullName: caller.name, email: caller.email, status: 'registered' },
        });
      }
      // An invitation is the organizers' own choice: a person waiting for a place has it now, past the capacity.
      await tx.delete(eventWaitlist).where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, userId)));
    }
    await ctx.live.publish(liveTopics.userAccount(userId), { kind: 'account.updated' }, tx);
    const [event] = await tx.select({ name: events.name }).from(events).where(eq(events.id, eventId));
    return { eventId, eventName: event!.name, role: invitation.role };
  });
}
