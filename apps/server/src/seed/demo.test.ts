import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../platform/db/schema/agenda.ts';
import { eventFeed, eventFeedLikes, qaUpvotes, sessionQa } from '../platform/db/schema/engagement.ts';
import { eventAttendees, events } from '../platform/db/schema/events.ts';
import { storedFiles } from '../platform/db/schema/files.ts';
import { meetings } from '../platform/db/schema/meetings.ts';
import { sponsors } from '../platform/db/schema/sponsors.ts';
import { signIn } from '../test/factories.ts';
import { useTestServer } from '../test/harness.ts';
import { DEMO_EVENT_SLUG, DEMO_PASSWORD } from './demo-accounts.ts';
import { seedDemoIfEmpty } from './demo.ts';

/**
 * Issue 17: the demo is the first thing a visitor sees. Its sponsors have logos stored as uploads are, its sessions
 * real abstracts, and every figure the screens show agrees with the rows behind it: before, the Booth Visits card
 * counted 18 seeded event rows while the Sponsors tab counted 36 sponsor rows.
 *
 * The seed runs only into an empty database: on the shared PostgreSQL of TEST_DATABASE_URL other files' users are
 * already there, so this file runs on its own PGlite only.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('demo data', () => {
  const server = useTestServer();
  let eventId: string;
  let owner: Headers;
  beforeAll(async () => {
    expect(await seedDemoIfEmpty(server.ctx)).toBe(true);
    const [event] = await server.ctx.db.select({ id: events.id }).from(events).where(eq(events.slug, DEMO_EVENT_SLUG));
    eventId = event!.id;
    owner = await signIn(server, { email: 'owner@example.com', password: DEMO_PASSWORD });
  }, 180_000);

  const get = async <T>(path: string): Promise<T> => {
    const response = await server.send('GET', path, owner);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };

  it('shows figures that agree with the rows: the cards, the Sponsors tab and each sponsor’s dashboard', async () => {
    const analytics = await get<{
      metrics: { registrations: number; boothVisits: number; meetingRequests: number; engagements: number };
      sponsors: Array<{ id: string; boothVisits: number; leads: number }>;
    }>(`/api/events/${eventId}/analytics`);
    const total = async (query: Promise<Array<{ n: number }>>) => (await query)[0]!.n;
    const db = server.ctx.db;
    const postIds = db.select({ id: eventFeed.id }).from(eventFeed).where(eq(eventFeed.eventId, eventId));
    const questionIds = db
      .select({ id: sessionQa.id })
      .from(sessionQa)
      .where(inArray(sessionQa.sessionId, db.select({ id: sessions.id }).from(sessions).where(eq(sessions.eventId, eventId))));
    const engagements =
      (await total(db.select({ n: count() }).from(eventFeed).where(eq(eventFeed.eventId, eventId)))) +
      (await total(db.select({ n: count() }).from(eventFeedLikes).where(inArray(eventFeedLikes.feedId, postIds)))) +
      (await total(db.select({ n: count() }).from(sessionQa).where(inArray(sessionQa.id, questionIds)))) +
      (await total(db.select({ n: count() }).from(qaUpvotes).where(inArray(qaUpvotes.questionId, questionIds))));

    expect(analytics.metrics.boothVisits).toBeGreaterThan(0);
    expect(analytics.metrics.boothVisits).toBe(analytics.sponsors.reduce((sum, sponsor) => sum + sponsor.boothVisits, 0));
    expect(analytics.metrics.registrations).toBe(await total(db.select({ n: count() }).from(eventAttendees).where(eq(eventAttendees.eventId, eventId))));
    expect(analytics.metrics.meetingRequests).toBe(await total(db.select({ n: count() }).from(meetings).where(eq(meetings.eventId, eventId))));
    expect(analytics.metrics.engagements).toBe(engagements);

    for (const sponsor of analytics.sponsors) {
      const dashboard = await get<{ stats: { boothVisits: number; leads: number } }>(`/api/sponsors/${sponsor.id}/dashboard`);
      expect(dashboard.stats).toMatchObject({ boothVisits: sponsor.boothVisits, leads: sponsor.leads });
    }
  });

  it('gives every sponsor and the event a logo stored as an upload, and every session an abstract of its own', async () => {
    const rows = await server.ctx.db.select({ id: sponsors.id, logoUrl: sponsors.logoUrl }).from(sponsors).where(eq(sponsors.eventId, eventId));
    const [event] = await server.ctx.db.select({ logoUrl: events.logoUrl }).from(events).where(eq(events.id, eventId));
    const logos = [...rows.map((row) => ({ recordId: row.id, kind: 'sponsor-logo' as const, url: row.logoUrl })), { recordId: eventId, kind: 'event-logo' as const, url: event!.logoUrl }];
    expect(new Set(logos.map((logo) => logo.url)).size).toBe(logos.length);
    for (const logo of logos) {
      expect(logo.url).toMatch(/^\/files\/(sponsor|event)-logos\//);
      const served = await server.request(logo.url!);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\//);
      const key = server.ctx.storage.keyFromUrl(logo.url!)!;
      const owned = await server.ctx.db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.key, key), eq(storedFiles.kind, logo.kind), eq(storedFiles.recordId, logo.recordId)));
      expect(owned).toHaveLength(1);
    }

    const abstracts = await server.ctx.db.select({ title: sessions.title, description: sessions.description }).from(sessions).where(eq(sessions.eventId, eventId));
    expect(new Set(abstracts.map((session) => session.description)).size).toBe(abstracts.length);
    for (const session of abstracts) {
      expect(session.description).not.toContain(session.title);
      expect(session.description!.length).toBeGreaterThan(60);
    }
  });

  it('seeds once: a second start leaves the data as it is', async () => {
    expect(await seedDemoIfEmpty(server.ctx)).toBe(false);
    expect((await server.ctx.db.select({ n: count() }).from(events))[0]!.n).toBe(1);
  });
});
