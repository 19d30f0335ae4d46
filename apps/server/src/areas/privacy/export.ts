import { asc, count, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DATA_EXPORT_BUSY_MESSAGE, DATA_EXPORT_TOO_MANY_MESSAGE } from '@mingle/shared/privacy/inputs';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { selectRows, type DbOrTx } from '../../platform/db/client.ts';
import { sessionAttendance, sessionBookmarks, sessions } from '../../platform/db/schema/agenda.ts';
import { apiKeys } from '../../platform/db/schema/api-keys.ts';
import { authAccounts, authUsers, userRoles } from '../../platform/db/schema/auth.ts';
import { calendarFeeds } from '../../platform/db/schema/calendar-feeds.ts';
import { checkIns } from '../../platform/db/schema/check-in.ts';
import { eventFeed, eventFeedLikes, qaUpvotes, sessionQa } from '../../platform/db/schema/engagement.ts';
import { eventAttendees, eventCoOwners, events, eventVolunteers, userEventAccess } from '../../platform/db/schema/events.ts';
import { meetings } from '../../platform/db/schema/meetings.ts';
import { blockedUsers, messages } from '../../platform/db/schema/messages.ts';
import { userConnections, userInteractions } from '../../platform/db/schema/networking.ts';
import { notificationPreferences, notifications, notificationSettings } from '../../platform/db/schema/notifications.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { eventWaitlist, registrationAnswers, registrationCancellations, registrationQuestions } from '../../platform/db/schema/registrations.ts';
import { sponsorLeads, sponsorRepresentatives, sponsors } from '../../platform/db/schema/sponsors.ts';
import { supportTickets } from '../../platform/db/schema/support.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { consentHistory } from './consents.ts';
import { rateLimitFor } from '../../platform/http/rate-limit.ts';

// "Download my data" (decision 0186): everything Mingle holds about the caller, one JSON file. Secrets (password
// hashes, OAuth tokens, two-factor secrets, API key hashes, the QR token's hash) are never in it, and neither is
// another person's private data: the messages others sent the caller are theirs, so only how many is said.

/** Rows per section at most: the file stays bounded; a section that had more says so in `truncated`. */
export const EXPORT_ROWS_PER_SECTION = 5_000;
/** Exports a person may download per hour. */
const EXPORTS_PER_HOUR = 10;

export interface DataExport {
  fileName: string;
  body: string;
}

/**
 * The caller's archive. One export at a time per person: the transaction holds an advisory lock on them, and a
 * second request while it runs is a 429 (a slow export twice in parallel would only load the database).
 */
export async function exportMyData(ctx: AppContext, caller: Caller, now = new Date()): Promise<DataExport> {
  await rateLimitFor(ctx.db, { prefix: 'data-export', points: EXPORTS_PER_HOUR, windowSeconds: 3600, message: DATA_EXPORT_TOO_MANY_MESSAGE }).consume(
    caller.userId,
  );
  const archive = await ctx.db.transaction(async (tx) => {
    const [lock] = await selectRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtext(${`data-export:${caller.userId}`})) as "locked"`);
    if (!lock?.locked) throw new HttpError(429, 'rate_limited', DATA_EXPORT_BUSY_MESSAGE);
    return collect(tx, caller.userId);
  });
  const day = now.toISOString().slice(0, 10);
  return { fileName: `mingle-data-${day}.json`, body: JSON.stringify({ exportedAt: now.toISOString(), ...archive }, null, 2) };
}

async function collect(tx: DbOrTx, userId: string) {
  const truncated: string[] = [];
  /** At most EXPORT_ROWS_PER_SECTION rows of a query, noting the section when there were more. */
  const section = async <T>(name: string, query: { limit(n: number): PromiseLike<T[]> }): Promise<T[]> => {
    const rows = await query.limit(EXPORT_ROWS_PER_SECTION + 1);
    if (rows.length <= EXPORT_ROWS_PER_SECTION) return rows;
    truncated.push(name);
    return rows.slice(0, EXPORT_ROWS_PER_SECTION);
  };
  const mine = (column: AnyPgColumn) => eq(column, userId);

  const [account] = await tx
    .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email, emailVerified: authUsers.emailVerified, twoFactorEnabled: authUsers.twoFactorEnabled, createdAt: authUsers.createdAt })
    .from(authUsers)
    .where(mine(authUsers.id));
  const signInMethods = await tx.select({ provider: authAccounts.providerId, createdAt: authAccounts.createdAt }).from(authAccounts).where(mine(authAccounts.userId));
  const roles = await tx.select({ role: userRoles.role, since: userRoles.createdAt }).from(userRoles).where(mine(userRoles.userId));
  const {
    qrTokenHash: _qrTokenHash,
    qrTokenExpiresAt: _qrTokenExpiresAt,
    searchText: _searchText,
    interestKeys: _interestKeys,
    goalKeys: _goalKeys,
    ...profileColumns
  } = getTableColumns(profiles);
  const [profile] = await tx.select(profileColumns).from(profiles).where(mine(profiles.id));

  const eventTitle = events.name;
  const registrations = await section(
    'registrations',
    tx.select({ eventId: eventAttendees.eventId, event: eventTitle, registeredAt: eventAttendees.registeredAt, goodiesReceivedAt: eventAttendees.goodiesReceivedAt })
      .from(eventAttendees).innerJoin(events, eq(events.id, eventAttendees.eventId)).where(mine(eventAttendees.userId)).orderBy(asc(eventAttendees.registeredAt)),
  );
  const waitlist = await section(
    'waitlist',
    tx.select({ eventId: eventWaitlist.eventId, event: eventTitle, joinedAt: eventWaitlist.joinedAt }).from(eventWaitlist).innerJoin(events, eq(events.id, eventWaitlist.eventId)).where(mine(eventWaitlist.userId)).orderBy(asc(eventWaitlist.joinedAt)),
  );
  const cancelledRegistrations = await section(
    'cancelledRegistrations',
    tx.select({ eventId: registrationCancellations.eventId, endedFrom: registrationCancellations.endedFrom, byOrganizer: registrationCancellations.byOrganizer, cancelledAt: registrationCancellations.cancelledAt })
      .from(registrationCancellations).where(mine(registrationCancellations.userId)).orderBy(asc(registrationCancellations.cancelledAt)),
  );
  const registrationAnswersRows = await section(
    'registrationAnswers',
    tx.select({ eventId: registrationAnswers.eventId, question: registrationQuestions.label, answer: registrationAnswers.value, answeredAt: registrationAnswers.answeredAt })
      .from(registrationAnswers).innerJoin(registrationQuestions, eq(registrationQuestions.id, registrationAnswers.questionId)).where(mine(registrationAnswers.userId)).orderBy(asc(registrationAnswers.answeredAt)),
  );
  const eventAccess = await section(
    'eventAccess',
    tx.select({ eventId: userEventAccess.eventId, accessType: userEventAccess.accessType, since: userEventAccess.createdAt }).from(userEventAccess).where(mine(userEventAccess.userId)).orderBy(asc(userEventAccess.createdAt)),
  );
  const eventRoles = {
    organizerOf: await section('organizerOf', tx.select({ eventId: events.id, event: events.name, createdAt: events.createdAt }).from(events).where(mine(events.createdBy)).orderBy(asc(events.createdAt))),
    coOwnerOf: await section('coOwnerOf', tx.select({ eventId: eventCoOwners.eventId, since: eventCoOwners.createdAt }).from(eventCoOwners).where(mine(eventCoOwners.userId)).orderBy(asc(eventCoOwners.createdAt))),
    volunteerOf: await section('volunteerOf', tx.select({ eventId: eventVolunteers.eventId, since: eventVolunteers.createdAt }).from(eventVolunteers).where(mine(eventVolunteers.userId)).orderBy(asc(eventVolunteers.createdAt))),
    sponsorRepresentativeOf: await section(
      'sponsorRepresentativeOf',
      tx.select({ sponsorId: sponsorRepresentatives.sponsorId, sponsor: sponsors.companyName, since: sponsorRepresentatives.createdAt }).from(sponsorRepresentatives).innerJoin(sponsors, eq(sponsors.id, sponsorRepresentatives.sponsorId)).where(mine(sponsorRepresentatives.userId)).orderBy(asc(sponsorRepresentatives.createdAt)),
    ),
  };
  const bookmarks = await section(
    'bookmarks',
    tx.select({ sessionId: sessionBookmarks.sessionId, session: sessions.title, createdAt: sessionBookmarks.createdAt }).from(sessionBookmarks).innerJoin(sessions, eq(sessions.id, sessionBookmarks.sessionId)).where(mine(sessionBookmarks.userId)).orderBy(asc(sessionBookmarks.createdAt)),
  );
  const sessionCheckIns = await section(
    'sessionCheckIns',
    tx.select({ sessionId: sessionAttendance.sessionId, checkedInAt: sessionAttendance.checkedInAt }).from(sessionAttendance).where(mine(sessionAttendance.userId)).orderBy(asc(sessionAttendance.checkedInAt)),
  );
  const eventCheckIns = await section(
    'eventCheckIns',
    tx.select({ eventId: checkIns.eventId, pointId: checkIns.pointId, checkedInAt: checkIns.checkedInAt, undoneAt: checkIns.undoneAt }).from(checkIns).where(mine(checkIns.userId)).orderBy(asc(checkIns.checkedInAt)),
  );
  const connections = await section(
    'connections',
    tx.select({
      with: sql<string>`case when ${userConnections.userId1} = ${userId}::uuid then ${userConnections.userId2} else ${userConnections.userId1} end`,
      connectionType: userConnections.connectionType,
      eventId: userConnections.eventId,
      createdAt: userConnections.createdAt,
    }).from(userConnections).where(or(mine(userConnections.userId1), mine(userConnections.userId2))).orderBy(asc(userConnections.createdAt)),
  );
  const interactions = await section(
    'interactions',
    tx.select({ with: userInteractions.recipientId, interactionType: userInteractions.interactionType, pointsAwarded: userInteractions.pointsAwarded, eventId: userInteractions.eventId, createdAt: userInteractions.createdAt })
      .from(userInteractions).where(mine(userInteractions.initiatorId)).orderBy(asc(userInteractions.createdAt)),
  );
  const meetingRows = await section(
    'meetings',
    tx.select().from(meetings).where(or(mine(meetings.requesterId), mine(meetings.recipientId))).orderBy(asc(meetings.createdAt)),
  );
  const messagesSent = await section(
    'messagesSent',
    tx.select({ to: messages.recipientId, content: messages.content, read: messages.read, createdAt: messages.createdAt }).from(messages).where(mine(messages.senderId)).orderBy(asc(messages.createdAt)),
  );
  const [received] = await tx.select({ count: count() }).from(messages).where(mine(messages.recipientId));
  const blocked = await section('blocked', tx.select({ userId: blockedUsers.blockedUserId, createdAt: blockedUsers.createdAt }).from(blockedUsers).where(mine(blockedUsers.userId)));
  const leadsGiven = await section(
    'leadsGiven',
    tx.select({ sponsorId: sponsorLeads.sponsorId, sponsor: sponsors.companyName, eventId: sponsorLeads.eventId, interestLevel: sponsorLeads.interestLevel, notes: sponsorLeads.notes, contactRequested: sponsorLeads.contactRequested, visitedAt: sponsorLeads.visitedAt, updatedAt: sponsorLeads.updatedAt })
      .from(sponsorLeads).innerJoin(sponsors, eq(sponsors.id, sponsorLeads.sponsorId)).where(mine(sponsorLeads.userId)).orderBy(asc(sponsorLeads.visitedAt)),
  );
  const feedPosts = await section(
    'feedPosts',
    tx.select({ id: eventFeed.id, eventId: eventFeed.eventId, content: eventFeed.content, mediaUrl: eventFeed.mediaUrl, createdAt: eventFeed.createdAt }).from(eventFeed).where(mine(eventFeed.authorId)).orderBy(asc(eventFeed.createdAt)),
  );
  const feedLikes = await section('feedLikes', tx.select({ postId: eventFeedLikes.feedId, createdAt: eventFeedLikes.createdAt }).from(eventFeedLikes).where(mine(eventFeedLikes.userId)).orderBy(asc(eventFeedLikes.createdAt)));
  const questions = await section(
    'questions',
    tx.select({ id: sessionQa.id, sessionId: sessionQa.sessionId, question: sessionQa.question, isAnonymous: sessionQa.isAnonymous, upvotes: sessionQa.upvotes, answer: sessionQa.answer, createdAt: sessionQa.createdAt })
      .from(sessionQa).where(mine(sessionQa.userId)).orderBy(asc(sessionQa.createdAt)),
  );
  const upvotes = await section('upvotes', tx.select({ questionId: qaUpvotes.questionId, createdAt: qaUpvotes.createdAt }).from(qaUpvotes).where(mine(qaUpvotes.userId)).orderBy(asc(qaUpvotes.createdAt)));
  const notificationRows = await section(
    'notifications',
    // Their title and text quote others (a message's first words): only what the notice was about and where it led.
    tx.select({ kind: notifications.kind, eventId: notifications.eventId, link: sql<string | null>`${notifications.payload}->>'link'`, readAt: notifications.readAt, createdAt: notifications.createdAt }).from(notifications).where(mine(notifications.userId)).orderBy(asc(notifications.createdAt)),
  );
  const preferences = await tx.select({ kind: notificationPreferences.kind, email: notificationPreferences.email, push: notificationPreferences.push, inApp: notificationPreferences.inApp }).from(notificationPreferences).where(mine(notificationPreferences.userId));
  const [settings] = await tx.select({ sessionReminderMinutes: notificationSettings.sessionReminderMinutes }).from(notificationSettings).where(mine(notificationSettings.userId));
  const apiKeyRows = await tx.select({ name: apiKeys.name, start: apiKeys.start, access: apiKeys.access, eventId: apiKeys.eventId, createdAt: apiKeys.createdAt, revokedAt: apiKeys.revokedAt }).from(apiKeys).where(mine(apiKeys.userId));
  const calendarFeedRows = await tx.select({ kind: calendarFeeds.kind, createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(mine(calendarFeeds.userId));
  const consentHistoryRows = await section('consents', consentHistory(tx, userId));
  const tickets = await section(
    'supportTickets',
    tx.select({ subject: supportTickets.subject, description: supportTickets.description, ticketType: supportTickets.ticketType, status: supportTickets.status, createdAt: supportTickets.createdAt }).from(supportTickets).where(mine(supportTickets.userId)).orderBy(asc(supportTickets.createdAt)),
  );

  return {
    account: { ...account, signInMethods, roles },
    profile: profile ?? null,
    /** Every time a consent was given, and when it was withdrawn (decision 0191). */
    consents: { termsAcceptedAt: profile?.termsAcceptedAt ?? null, history: consentHistoryRows },
    registrations,
    waitlist,
    cancelledRegistrations,
    registrationAnswers: registrationAnswersRows,
    eventAccess,
    eventRoles,
    bookmarks,
    sessionCheckIns,
    eventCheckIns,
    connections,
    interactions,
    meetings: meetingRows,
    messagesSent,
    /** Messages others sent you: their words are theirs, so only how many (read them in your inbox). */
    messagesReceivedCount: received?.count ?? 0,
    blocked,
    leadsGiven,
    /** Leads belong to the sponsor, not to the staff member who scanned them: none are kept under your name. */
    leadsTaken: [],
    feedPosts,
    feedLikes,
    questions,
    upvotes,
    notifications: notificationRows,
    notificationPreferences: preferences,
    notificationSettings: settings ?? null,
    apiKeys: apiKeyRows,
    calendarFeeds: calendarFeedRows,
    supportTickets: tickets,
    truncated,
  };
}
