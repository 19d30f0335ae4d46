import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import type { AccountDeletionDto } from '@mingle/shared/privacy/contract';
import {
  DELETE_ACCOUNT_EMAIL_MESSAGE,
  DELETE_ACCOUNT_OWNS_EVENTS_MESSAGE,
  DELETE_ACCOUNT_PASSWORD_MESSAGE,
  DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE,
  DELETED_USER_NAME,
  type DeleteAccountInput,
} from '@mingle/shared/privacy/inputs';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { afterCommit } from '../../platform/db/after-commit.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { sessionAttendance, sessionBookmarks } from '../../platform/db/schema/agenda.ts';
import { sponsorAnalytics, eventAnalytics } from '../../platform/db/schema/analytics.ts';
import { apiKeys } from '../../platform/db/schema/api-keys.ts';
import { authAccounts, authSessions, authTwoFactors, authUsers, authVerifications, signupCodes, userRoles } from '../../platform/db/schema/auth.ts';
import { calendarFeeds } from '../../platform/db/schema/calendar-feeds.ts';
import { checkIns } from '../../platform/db/schema/check-in.ts';
import { consents } from '../../platform/db/schema/consents.ts';
import { eventFeed, eventFeedLikes, qaUpvotes, sessionQa } from '../../platform/db/schema/engagement.ts';
import { eventCoOwners, eventInvitations, events, eventVolunteers, goodieDistributions, userEventAccess } from '../../platform/db/schema/events.ts';
import { storedFiles } from '../../platform/db/schema/files.ts';
import { mailOutbox } from '../../platform/db/schema/mail.ts';
import { meetings } from '../../platform/db/schema/meetings.ts';
import { msg } from '@mingle/shared/core/messages';
import { blockedUsers } from '../../platform/db/schema/messages.ts';
import { userConnections, userInteractions } from '../../platform/db/schema/networking.ts';
import { notificationPreferences, notifications, notificationSettings, pushSubscriptions } from '../../platform/db/schema/notifications.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { registrationAnswers, registrationCancellations } from '../../platform/db/schema/registrations.ts';
import { sponsorLeads, sponsorRepresentatives } from '../../platform/db/schema/sponsors.ts';
import { contactFormSubmissions, supportTickets } from '../../platform/db/schema/support.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { releasePlacesOf } from '../registrations/index.ts';
import { queueWebhooks } from '../webhooks/index.ts';

// "Delete my account" (decision 0186). The account row stays as a tombstone so that what others rely on keeps a
// sender (the messages they received, a question they upvoted or that was answered): its email becomes an address
// that cannot receive mail, its name and the profile's become "Deleted user", and everything else about the person
// goes. Sessions and sign-in methods go in the same transaction, so every device is signed out at once and no
// password or provider can sign in again.

/** The address a tombstone keeps: unique (the email index) and undeliverable (.invalid is reserved, RFC 2606). */
const tombstoneEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/** Whether the caller's account has a password (else it signs in only through GitHub or LinkedIn). */
async function passwordHashOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')));
  return row?.password ?? null;
}

async function ownedEventCount(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ id: events.id }).from(events).where(eq(events.createdBy, userId)).limit(1);
  return rows.length;
}

/** What the confirmation dialog asks for, and whether the caller must first deal with events they organize. */
export async function accountDeletion(ctx: AppContext, caller: Caller): Promise<AccountDeletionDto> {
  const [hash, owned] = await Promise.all([passwordHashOf(ctx.db, caller.userId), ownedEventCount(ctx.db, caller.userId)]);
  return { confirmWith: hash === null ? 'email' : 'password', ownsEvents: owned > 0 };
}

/** The password of a password account, or the typed email of an OAuth-only one; a wrong one is a 403. */
async function confirm(ctx: AppContext, caller: Caller, input: DeleteAccountInput): Promise<void> {
  const hash = await passwordHashOf(ctx.db, caller.userId);
  if (hash !== null) {
    if (!input.password) throw badRequest(DELETE_ACCOUNT_PASSWORD_MESSAGE);
    if (!(await verifyPassword({ hash, password: input.password }))) throw forbidden(DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE);
    return;
  }
  if (!input.email) throw badRequest(DELETE_ACCOUNT_EMAIL_MESSAGE);
  if (input.email.trim().toLowerCase() !== caller.email.toLowerCase()) throw forbidden(DELETE_ACCOUNT_EMAIL_MESSAGE);
}

/** Deletes the caller's account as the decision record says, in one transaction; its files go after the commit. */
export async function deleteMyAccount(ctx: AppContext, caller: Caller, input: DeleteAccountInput): Promise<void> {
  await confirm(ctx, caller, input);
  const userId = caller.userId;
  await ctx.db.transaction(async (tx) => {
    // The account's row, locked: two deletions at once run one after the other, and the second finds a tombstone.
    const [account] = await tx.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, userId)).for('update');
    if (!account || account.email === tombstoneEmail(userId)) throw notFound(msg('Account not found'));
    if ((await ownedEventCount(tx, userId)) > 0) throw conflict(DELETE_ACCOUNT_OWNS_EVENTS_MESSAGE, 'owns_events');
    const email = account.email.toLowerCase();

    // Signed out everywhere, and no way to sign in again.
    for (const table of [authSessions, authAccounts, authTwoFactors, apiKeys, calendarFeeds, userRoles, pushSubscriptions] as const) {
      await tx.delete(table).where(eq(table.userId, userId));
    }
    await tx.delete(authVerifications).where(ilike(authVerifications.identifier, `%${email.replace(/[\\%_]/g, '\\$&')}%`));
    await tx.delete(signupCodes).where(eq(signupCodes.email, email));

    // Places at events (seats go to the waitlist), then every other tie to an event.
    await releasePlacesOf(ctx, tx, userId, DELETED_USER_NAME);
    await tx.delete(registrationAnswers).where(eq(registrationAnswers.userId, userId));
    await tx.delete(registrationCancellations).where(eq(registrationCancellations.userId, userId));
    await tx.delete(userEventAccess).where(eq(userEventAccess.userId, userId));
    await tx.delete(eventCoOwners).where(eq(eventCoOwners.userId, userId));
    await tx.delete(eventVolunteers).where(eq(eventVolunteers.userId, userId));
    await tx.delete(eventInvitations).where(eq(eventInvitations.email, email));
    await tx.delete(goodieDistributions).where(eq(goodieDistributions.participantId, userId));
    await tx.delete(checkIns).where(eq(checkIns.userId, userId));
    await tx.delete(sessionBookmarks).where(eq(sessionBookmarks.userId, userId));
    await tx.delete(sessionAttendance).where(eq(sessionAttendance.userId, userId));

    // Leads about them are withdrawn from the sponsors, as the person could do one by one.
    const leads = await tx.delete(sponsorLeads).where(eq(sponsorLeads.userId, userId)).returning({ id: sponsorLeads.id, sponsorId: sponsorLeads.sponsorId, eventId: sponsorLeads.eventId });
    for (const lead of leads) {
      await queueWebhooks(ctx, tx, {
        eventId: lead.eventId,
        type: 'lead.withdrawn',
        data: { eventId: lead.eventId, sponsorId: lead.sponsorId, leadId: lead.id, attendee: { userId, fullName: DELETED_USER_NAME } },
      });
    }
    await tx.delete(sponsorRepresentatives).where(eq(sponsorRepresentatives.userId, userId));

    // Networking: connections, interactions, meetings and blocks are between two people and end with one of them.
    await tx.delete(userConnections).where(or(eq(userConnections.userId1, userId), eq(userConnections.userId2, userId)));
    await tx.delete(userInteractions).where(or(eq(userInteractions.initiatorId, userId), eq(userInteractions.recipientId, userId)));
    await tx.delete(meetings).where(or(eq(meetings.requesterId, userId), eq(meetings.recipientId, userId)));
    await tx.delete(blockedUsers).where(or(eq(blockedUsers.userId, userId), eq(blockedUsers.blockedUserId, userId)));

    // Engagement: their votes and likes go (the counters with them); questions others upvoted or that were answered
    // stay under the tombstone's name, the rest go; feed posts go with their media.
    const unvoted = await tx.delete(qaUpvotes).where(eq(qaUpvotes.userId, userId)).returning({ questionId: qaUpvotes.questionId });
    if (unvoted.length > 0) {
      await tx
        .update(sessionQa)
        .set({ upvotes: sql`greatest(${sessionQa.upvotes} - 1, 0)` })
        .where(inArray(sessionQa.id, unvoted.map((row) => row.questionId)));
    }
    await tx.delete(sessionQa).where(and(eq(sessionQa.userId, userId), eq(sessionQa.upvotes, 0), eq(sessionQa.isAnswered, false)));
    await tx.update(sessionQa).set({ isAnonymous: false }).where(eq(sessionQa.userId, userId));
    await tx.delete(eventFeedLikes).where(eq(eventFeedLikes.userId, userId));
    const posts = await tx.delete(eventFeed).where(eq(eventFeed.authorId, userId)).returning({ id: eventFeed.id });

    // Notifications, their settings, and the records that named them.
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.update(notifications).set({ actorId: null }).where(eq(notifications.actorId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
    await tx.update(sponsorAnalytics).set({ userId: null }).where(eq(sponsorAnalytics.userId, userId));
    await tx.update(eventAnalytics).set({ userId: null }).where(eq(eventAnalytics.userId, userId));
    await tx
      .update(supportTickets)
      .set({ userId: null, userEmail: tombstoneEmail(userId), userFullName: DELETED_USER_NAME, userPhone: null })
      .where(eq(supportTickets.userId, userId));
    await tx.delete(contactFormSubmissions).where(eq(contactFormSubmissions.email, email));
    await tx.delete(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, email));

    // Their uploads: the avatar and the media of their posts, deleted from the store once the erasure is committed.
    const files = await tx
      .delete(storedFiles)
      .where(
        or(
          and(eq(storedFiles.kind, 'avatar'), eq(storedFiles.recordId, userId)),
          posts.length > 0 ? and(eq(storedFiles.kind, 'feed-media'), inArray(storedFiles.recordId, posts.map((post) => post.id))) : sql`false`,
        ),
      )
      .returning({ key: storedFiles.key });
    for (const file of files) {
      await afterCommit(tx, () => ctx.storage.delete(file.key).catch((error: unknown) => ctx.log.warn('could not delete a stored file', { key: file.key, error: String(error) })));
    }

    // What they consented to goes with them: a tombstone agrees to nothing.
    await tx.delete(consents).where(eq(consents.userId, userId));

    // The tombstone: the profile and the account keep only what the kept contributions need.
    const erased = {
      fullName: DELETED_USER_NAME,
      userType: null,
      companyOrInstitution: null,
      jobTitle: null,
      selectedInterests: [],
      selectedGoals: [],
      bio: null,
      linkedinUrl: null,
      githubUrl: null,
      avatarUrl: null,
      level: 1,
      points: 0,
      totalInteractions: 0,
      discoverable: false,
      termsAcceptedAt: null,
      qrTokenHash: null,
      qrTokenExpiresAt: null,
      updatedAt: sql`now()`,
    };
    await tx.insert(profiles).values({ id: userId, ...erased }).onConflictDoUpdate({ target: profiles.id, set: erased });
    await tx
      .update(authUsers)
      .set({ email: tombstoneEmail(userId), name: DELETED_USER_NAME, image: null, emailVerified: false, twoFactorEnabled: false, updatedAt: sql`now()` })
      .where(eq(authUsers.id, userId));
  });
}
