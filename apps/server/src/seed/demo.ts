import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import sharp from 'sharp';
import { LIMITS, LOGO_MAX_DIMENSION } from '@mingle/shared/core/constants';
import { levelForPoints } from '@mingle/shared/domain/levels';
import type { AppContext } from '../context.ts';
import { recordTermsConsents } from '../platform/auth/consents.ts';
import type { Tx } from '../platform/db/client.ts';
import { sessionBookmarks, sessions } from '../platform/db/schema/agenda.ts';
import { sponsorAnalytics, eventAnalytics } from '../platform/db/schema/analytics.ts';
import { authAccounts, authUsers, userRoles } from '../platform/db/schema/auth.ts';
import { eventFeed, eventFeedLikes, qaUpvotes, sessionQa } from '../platform/db/schema/engagement.ts';
import { eventAttendees, events, eventVolunteers, userEventAccess } from '../platform/db/schema/events.ts';
import { meetings } from '../platform/db/schema/meetings.ts';
import { messages } from '../platform/db/schema/messages.ts';
import { networkingGoals, professionalInterests, userConnections, userInteractions } from '../platform/db/schema/networking.ts';
import { profiles } from '../platform/db/schema/profiles.ts';
import { sponsorLeads, sponsors } from '../platform/db/schema/sponsors.ts';
import { supportTickets } from '../platform/db/schema/support.ts';
import { recordStoredFile, type FileOwner } from '../platform/storage/file-records.ts';
import { DEMO_ACCOUNTS, DEMO_EVENT_SLUG, DEMO_PASSWORD } from './demo-accounts.ts';
import {
  COMPANIES,
  DEMO_EVENT,
  FIRST_NAMES,
  GOALS,
  INTERESTS,
  JOB_TITLES,
  LAST_NAMES,
  MESSAGES,
  POSTS,
  QUESTIONS,
  SESSIONS,
  SPONSORS,
  USER_TYPES_CYCLE,
} from './demo-content.ts';
import { EVENT_LOGO, SPONSOR_LOGOS } from './demo-logos.ts';

const GENERATED_ATTENDEES = 40;
const HOUR = 3_600_000;

/** Picks deterministically so every fresh start shows the same demo. */
function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length] as T;
}

/**
 * Seeds the demo event and accounts when the database has no users yet. One transaction under an advisory
 * lock: two processes starting together on one PostgreSQL seed once, and a crash leaves nothing half-made.
 */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const files = new DemoFiles(ctx);
  try {
    const seeded = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
      const [users] = await tx.select({ total: count() }).from(authUsers);
      if ((users?.total ?? 0) > 0) return false;
      await seed(tx, passwordHash, files);
      return true;
    });
    if (seeded) await ctx.db.execute(sql`analyze`);
    return seeded;
  } catch (error) {
    await files.discard();
    throw error;
  }
}

/**
 * The demo's logos, stored as an upload is: rasterised, re-encoded by the storage layer (disk or S3) and recorded in
 * stored_files for the record they belong to, so editing or deleting a demo sponsor treats them like any upload.
 * Files written by a seed that then fails are removed again.
 */
class DemoFiles {
  private readonly keys: string[] = [];
  constructor(private readonly ctx: AppContext) {}

  async store(tx: Tx, svg: string, folder: string, owner: FileOwner, uploadedBy: string): Promise<string> {
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const stored = await this.ctx.storage.putImage(png, { folder, maxBytes: LIMITS.logoBytes, maxDimension: LOGO_MAX_DIMENSION });
    this.keys.push(stored.key);
    await recordStoredFile(tx, stored.key, owner, uploadedBy);
    return stored.url;
  }

  async discard(): Promise<void> {
    await Promise.all(this.keys.map((key) => this.ctx.storage.delete(key).catch(() => undefined)));
  }
}

async function createAccount(
  tx: Tx,
  passwordHash: string,
  input: { email: string; fullName: string; jobTitle: string; company: string; index: number; points: number },
): Promise<string> {
  const [user] = await tx
    .insert(authUsers)
    .values({ name: input.fullName, email: input.email, emailVerified: true })
    .returning({ id: authUsers.id });
  if (!user) throw new Error('demo user insert failed');
  await tx
    .insert(authAccounts)
    .values({ accountId: user.id, providerId: 'credential', userId: user.id, password: passwordHash });
  const acceptedAt = new Date();
  await tx.insert(profiles).values({
    id: user.id,
    fullName: input.fullName,
    userType: pick(USER_TYPES_CYCLE, input.index),
    companyOrInstitution: input.company,
    jobTitle: input.jobTitle,
    selectedInterests: [pick(INTERESTS, input.index), pick(INTERESTS, input.index + 3), pick(INTERESTS, input.index + 7)],
    selectedGoals: [pick(GOALS, input.index), pick(GOALS, input.index + 4)],
    bio: `${input.jobTitle} at ${input.company}. Here to meet people working on ${pick(INTERESTS, input.index).toLowerCase()} and to ${pick(GOALS, input.index).toLowerCase()}.`,
    linkedinUrl: `https://www.linkedin.com/in/${input.email.split('@')[0]}`,
    points: input.points,
    level: levelForPoints(input.points).level,
    totalInteractions: Math.floor(input.points / 10),
    termsAcceptedAt: acceptedAt,
  });
  await recordTermsConsents(tx, user.id, acceptedAt);
  await tx.insert(userRoles).values({ userId: user.id, role: 'registered_user' }).onConflictDoNothing();
  return user.id;
}

async function seed(tx: Tx, passwordHash: string, files: DemoFiles): Promise<void> {
  const ids: Record<string, string> = {};
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    ids[account.role] = await createAccount(tx, passwordHash, {
      email: account.email,
      fullName: account.fullName,
      jobTitle: account.jobTitle,
      company: account.company,
      index,
      points: 40 + index * 70,
    });
    await tx.insert(userRoles).values({ userId: ids[account.role]!, role: account.role }).onConflictDoNothing();
  }
  const admin = ids.super_admin!;
  const owner = ids.event_owner!;
  const volunteer = ids.event_volunteer!;
  const attendee = ids.registered_user!;

  const generated: string[] = [];
  for (let index = 0; index < GENERATED_ATTENDEES; index++) {
    const first = pick(FIRST_NAMES, index);
    const last = pick(LAST_NAMES, index * 3 + Math.floor(index / FIRST_NAMES.length));
    const company = pick(COMPANIES, index * 7);
    generated.push(
      await createAccount(tx, passwordHash, {
        email: `${first}.${last}.${index}@${company.toLowerCase().replaceAll(' ', '')}.example.com`.toLowerCase(),
        fullName: `${first} ${last}`,
        jobTitle: pick(JOB_TITLES, index * 3),
        company,
        index: index + DEMO_ACCOUNTS.length,
        points: (index * 37) % 1200,
      }),
    );
  }

  await tx.insert(professionalInterests).values(INTERESTS.map((name) => ({ name, isDefault: true, createdBy: admin })));
  await tx.insert(networkingGoals).values(GOALS.map((name) => ({ name, isDefault: true, createdBy: admin })));

  // Two weeks from now, 09:00 London time in winter (UTC), over two days.
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 14);
  start.setUTCHours(9, 0, 0, 0);
  const dayStart = (day: number) => start.getTime() + day * 24 * HOUR;
  const [event] = await tx
    .insert(events)
    .values({
      name: DEMO_EVENT.name,
      slug: DEMO_EVENT_SLUG,
      description: DEMO_EVENT.description,
      startDate: start,
      endDate: new Date(dayStart(1) + 9 * HOUR),
      eventType: 'hybrid',
      location: DEMO_EVENT.location,
      allowAttendeeNetworking: true,
      allowSessionMeetings: true,
      registrationOpen: true,
      createdBy: owner,
    })
    .returning({ id: events.id });
  const eventId = event!.id;
  const eventLogo = await files.store(tx, EVENT_LOGO, `event-logos/${eventId}`, { kind: 'event-logo', recordId: eventId }, owner);
  await tx.update(events).set({ logoUrl: eventLogo }).where(eq(events.id, eventId));

  const participants = [attendee, ids.lbs_staff!, ...generated];
  await tx.insert(eventAttendees).values(participants.map((userId) => ({ eventId, userId })));
  await tx
    .insert(userEventAccess)
    .values(participants.map((userId) => ({ userId, eventId, accessType: 'registered_attendee' as const, grantedBy: owner })));
  await tx.insert(eventVolunteers).values({ eventId, userId: volunteer, allocatedGoodies: 50, addedBy: owner });

  const sessionRows = await tx
    .insert(sessions)
    .values(
      SESSIONS.map((session) => {
        const startTime = new Date(dayStart(session.day) + (session.hour - 9) * HOUR);
        return {
          eventId,
          title: session.title,
          description: session.description,
          speakerName: session.speaker,
          sessionType: session.type,
          startTime,
          endTime: new Date(startTime.getTime() + session.minutes * 60_000),
          timezone: 'Europe/London' as const,
          location: session.location,
          maxCapacity: session.capacity,
          tags: [...session.tags],
          networkingSlotsOpen: session.type === 'networking',
          hostName: 'host' in session ? session.host : null,
          referenceUrl: 'url' in session ? session.url : null,
          createdBy: owner,
        };
      }),
    )
    .returning({ id: sessions.id, title: sessions.title });

  const sponsorRows = await tx
    .insert(sponsors)
    .values(
      SPONSORS.map((sponsor) => ({
        eventId,
        companyName: sponsor.company,
        tier: sponsor.tier,
        description: sponsor.description,
        boothNumber: sponsor.booth,
        websiteUrl: `https://www.${sponsor.company.toLowerCase().replaceAll(' ', '')}.example.com`,
        contactEmail: `partners@${sponsor.company.toLowerCase().replaceAll(' ', '')}.example.com`,
        contactPhone: sponsor.phone,
        createdBy: owner,
      })),
    )
    .returning({ id: sponsors.id, companyName: sponsors.companyName });
  // Every booth visit is two rows, as POST /api/sponsors/{id}/actions writes it: the sponsor's own, and the event's
  // booth_visit naming the sponsor. So the Booth Visits card and the Sponsors tab count the same visits.
  const boothVisits: Array<typeof eventAnalytics.$inferInsert> = [];
  for (const [index, sponsor] of sponsorRows.entries()) {
    const logoUrl = await files.store(tx, SPONSOR_LOGOS[sponsor.companyName]!, `sponsor-logos/${eventId}`, { kind: 'sponsor-logo', recordId: sponsor.id }, owner);
    await tx.update(sponsors).set({ logoUrl }).where(eq(sponsors.id, sponsor.id));
    // Higher tiers draw more visitors (the list is in tier order); some visit twice, some open the website. (Contact
    // clicks come only from organizers, who see the contact details: none here.)
    const visitors = generated.slice(index * 3, index * 3 + 12 - index);
    const visits = [...visitors, ...visitors.slice(0, 3 - Math.min(index, 3))];
    await tx.insert(sponsorAnalytics).values([
      ...visits.map((userId) => ({ sponsorId: sponsor.id, eventId, userId, actionType: 'booth_visit' as const })),
      ...visitors.slice(0, 4).map((userId) => ({ sponsorId: sponsor.id, eventId, userId, actionType: 'website_click' as const })),
    ]);
    boothVisits.push(...visits.map((userId) => ({ eventId, userId, metricType: 'booth_visit' as const, details: { sponsorId: sponsor.id } })));
    await tx.insert(sponsorLeads).values(
      visitors.slice(0, 3).map((userId, lead) => ({
        sponsorId: sponsor.id,
        eventId,
        userId,
        interestLevel: (['high', 'medium', 'low'] as const)[lead]!,
        notes: lead === 0 ? 'Interested in a demo next week.' : null,
        contactRequested: lead === 0,
      })),
    );
  }

  // Each post, like, question and upvote is also an engagement row, with the details the feed and Q&A write (so
  // an unlike or a deleted post removes its row, as it would for a live one).
  const engagements: Array<typeof eventAnalytics.$inferInsert> = [];
  const engaged = (userId: string, details: Record<string, unknown>, createdAt?: Date) =>
    engagements.push({ eventId, userId, metricType: 'engagement', details, ...(createdAt ? { createdAt } : {}) });
  const authors = [owner, ...generated.slice(0, POSTS.length - 1)];
  const posts = await tx
    .insert(eventFeed)
    .values(
      POSTS.map((post, index) => ({
        eventId,
        authorId: authors[index]!,
        content: post.text,
        isPinned: post.pinned,
        createdAt: new Date(Date.now() - (POSTS.length - index) * 2 * HOUR),
      })),
    )
    .returning({ id: eventFeed.id, authorId: eventFeed.authorId, createdAt: eventFeed.createdAt });
  for (const [index, post] of posts.entries()) {
    engaged(post.authorId, { kind: 'post', postId: post.id }, post.createdAt);
    const likers = generated.slice(index, index + 2 + index * 2);
    if (likers.length) await tx.insert(eventFeedLikes).values(likers.map((userId) => ({ feedId: post.id, userId })));
    for (const userId of likers) engaged(userId, { kind: 'like', postId: post.id });
  }

  const qaSession = sessionRows[2]!;
  for (const [index, question] of QUESTIONS.entries()) {
    const voters = generated.slice(10, 10 + (QUESTIONS.length - index) * 2);
    const asker = index === 0 ? attendee : generated[20 + index]!;
    const [row] = await tx
      .insert(sessionQa)
      .values({
        sessionId: qaSession.id,
        userId: asker,
        question: question.text,
        isAnonymous: index === 3,
        upvotes: voters.length,
        isAnswered: question.answer !== null,
        answer: question.answer,
        answeredAt: question.answer ? new Date() : null,
        answeredBy: question.answer ? owner : null,
      })
      .returning({ id: sessionQa.id });
    await tx.insert(qaUpvotes).values(voters.map((userId) => ({ questionId: row!.id, userId })));
    engaged(asker, { kind: 'question', sessionId: qaSession.id, questionId: row!.id });
    for (const userId of voters) engaged(userId, { kind: 'upvote', questionId: row!.id });
  }

  const meetingAt = (hoursAfterStart: number) => new Date(start.getTime() + hoursAfterStart * HOUR);
  const meetingRows = await tx.insert(meetings).values([
    { eventId, requesterId: generated[0]!, recipientId: attendee, proposedTime: meetingAt(1.5), durationMinutes: 30, meetingType: 'in_person', location: 'Booth: G2', agenda: 'Talk about the product manager role at Fabrikam AI.' },
    { eventId, requesterId: attendee, recipientId: generated[1]!, proposedTime: meetingAt(5), durationMinutes: 15, meetingType: 'virtual', agenda: 'Quick intro: your recommendation engine workshop.' },
    { eventId, requesterId: generated[2]!, recipientId: attendee, proposedTime: meetingAt(25), confirmedTime: new Date(), durationMinutes: 45, meetingType: 'in_person', location: 'Garden Room', agenda: 'Co-founder chat over lunch.', status: 'accepted' },
    { eventId, requesterId: attendee, recipientId: generated[3]!, proposedTime: meetingAt(27), confirmedTime: new Date(), durationMinutes: 30, meetingType: 'virtual', agenda: 'Follow up on the fundraising talk.', status: 'accepted' },
  ]).returning({ id: meetings.id, requesterId: meetings.requesterId });

  const conversation = (other: string, offsetHours: number) =>
    MESSAGES.map((content, index) => ({
      senderId: index % 2 === 0 ? other : attendee,
      recipientId: index % 2 === 0 ? attendee : other,
      content,
      read: index < MESSAGES.length - 1,
      createdAt: new Date(Date.now() - (offsetHours - index * 0.25) * HOUR),
    }));
  await tx.insert(messages).values([...conversation(generated[2]!, 6), ...conversation(generated[5]!, 30)]);

  const connected = generated.slice(0, 5);
  await tx.insert(userConnections).values(
    connected.map((other) => {
      const [userId1, userId2] = [attendee, other].sort() as [string, string];
      return { userId1, userId2, connectionType: 'discovery' as const, eventId };
    }),
  );
  await tx.insert(userInteractions).values(
    connected.map((other) => ({
      initiatorId: attendee,
      recipientId: other,
      interactionType: 'connection_made' as const,
      pointsAwarded: 10,
      eventId,
    })),
  );

  const metrics = [
    ...participants.map((userId) => ({ eventId, userId, metricType: 'registration' as const })),
    ...participants.slice(0, 30).map((userId) => ({ eventId, userId, metricType: 'page_view' as const })),
    // Each view names its session (as POST /api/sessions/{id}/views does), so "most viewed" has data: talks and
    // workshops draw more views the earlier they are (12, 10, 8, ... at least 2); breaks are rarely opened.
    ...sessionRows.flatMap((session, index) =>
      participants
        .slice(0, SESSIONS[index]!.type === 'break' ? 1 : Math.max(2, 12 - 2 * index))
        .map((userId) => ({ eventId, userId, metricType: 'session_view' as const, details: { sessionId: session.id } })),
    ),
    // The rows below are the ones the live routes write for the visits, meetings, posts and Q&A seeded above.
    ...boothVisits,
    ...meetingRows.map((meeting) => ({ eventId, userId: meeting.requesterId, metricType: 'meeting_request' as const, details: { meetingId: meeting.id } })),
    ...engagements,
  ];
  await tx.insert(eventAnalytics).values(metrics);
  // Bookmarks by generated people only (the demo accounts' own schedules start empty), so "most bookmarked" has
  // data too: workshops and the later talks are saved more often than they are opened.
  await tx.insert(sessionBookmarks).values(
    sessionRows.flatMap((session, index) =>
      SESSIONS[index]!.type === 'break'
        ? []
        : generated.slice(0, SESSIONS[index]!.type === 'workshop' ? 14 : 2 + index).map((userId) => ({ sessionId: session.id, userId })),
    ),
  );

  await tx.insert(supportTickets).values([
    { userId: attendee, eventId, userEmail: 'attendee@example.com', userFullName: 'Amira Attendee', subject: 'Cannot see the workshop room', description: 'The agenda shows Lab 2 but the venue map does not list it.', ticketType: 'support', priority: 'medium' },
    { userId: generated[4]!, eventId, userEmail: 'guest@example.com', userFullName: 'Elena Patel', subject: 'Feature idea: export my connections', description: 'It would be great to export my connections as a CSV after the event.', ticketType: 'feature_request', status: 'in_progress', priority: 'low' },
  ]);
}
