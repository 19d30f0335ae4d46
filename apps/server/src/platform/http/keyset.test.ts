import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { eventFeed } from '../db/schema/engagement.ts';
import { messages } from '../db/schema/messages.ts';
import { sponsorLeads, sponsors } from '../db/schema/sponsors.ts';
import { createEvent } from '../../test/event-factories.ts';
import { createUser, signedInUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/harness.ts';

/**
 * Rows written in one transaction share now() to the microsecond. A cursor that keeps its timestamp as a JavaScript
 * Date (milliseconds) lands before them all and the next page skips them: on PostgreSQL only, since PGlite's clock
 * has milliseconds. Each list here is paged a few rows at a time and must show every row exactly once, in order.
 */

const server = useTestServer();

/** Every page of a list through its cursors: the ids in the order the pages gave them. */
async function allPages(url: (cursor: string | null) => string, headers: Headers, idsOf: (body: never) => string[]) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const response = await server.request(url(cursor), { headers });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { nextCursor: string | null };
    ids.push(...idsOf(body as never));
    cursor = body.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error('the cursors never ended');
}

/** Newest first among equal timestamps means the id, descending (PostgreSQL orders uuids as lower-case text). */
const idsDescending = (ids: string[]) => [...ids].sort().reverse();

const cursorParam = (cursor: string | null) => (cursor ? `cursor=${encodeURIComponent(cursor)}` : '');

describe('keyset pages over rows written in one transaction', () => {
  it("pages a sponsor's leads, every lead once", async () => {
    const owner = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.user.id);
    const [sponsor] = await server.ctx.db.insert(sponsors).values({ eventId: event.id, companyName: 'Same Instant' }).returning();
    const visitors = await Promise.all(Array.from({ length: 6 }, () => createUser(server.ctx)));
    const leadIds = await server.ctx.db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const visitor of visitors) {
        const [lead] = await tx
          .insert(sponsorLeads)
          .values({ sponsorId: sponsor!.id, eventId: event.id, userId: visitor.id })
          .returning({ id: sponsorLeads.id });
        ids.push(lead!.id);
      }
      return ids;
    });
    const [stamps] = await selectRows<{ n: number }>(
      server.ctx.db,
      sql`select count(distinct ${sponsorLeads.visitedAt})::int as n from ${sponsorLeads} where ${sponsorLeads.sponsorId} = ${sponsor!.id}::uuid`,
    );
    expect(stamps!.n).toBe(1);

    const listed = await allPages(
      (cursor) => `/api/sponsors/${sponsor!.id}/leads?limit=2&${cursorParam(cursor)}`,
      owner.headers,
      (body: { leads: Array<{ id: string }> }) => body.leads.map((lead) => lead.id),
    );
    expect(listed).toEqual(idsDescending(leadIds));
  });

  it("pages an event's feed, pinned first, every post once", async () => {
    const owner = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.user.id);
    const posts = await server.ctx.db.transaction(async (tx) => {
      const rows: Array<{ id: string; isPinned: boolean }> = [];
      for (let i = 0; i < 7; i++) {
        const [post] = await tx
          .insert(eventFeed)
          .values({ eventId: event.id, authorId: owner.user.id, content: `post ${i}`, isPinned: i < 3 })
          .returning({ id: eventFeed.id, isPinned: eventFeed.isPinned });
        rows.push(post!);
      }
      return rows;
    });
    const listed = await allPages(
      (cursor) => `/api/events/${event.id}/feed?limit=2&${cursorParam(cursor)}`,
      owner.headers,
      (body: { posts: Array<{ id: string }> }) => body.posts.map((post) => post.id),
    );
    const ids = (pinned: boolean) => idsDescending(posts.filter((post) => post.isPinned === pinned).map((post) => post.id));
    expect(listed).toEqual([...ids(true), ...ids(false)]);
  });

  it('pages a message thread back in time, every message once', async () => {
    const [me, other] = await Promise.all([signedInUser(server), createUser(server.ctx)]);
    const sent = await server.ctx.db.transaction(async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < 120; i++) {
        const [from, to] = i % 2 ? [me.user.id, other.id] : [other.id, me.user.id];
        const [message] = await tx
          .insert(messages)
          .values({ senderId: from, recipientId: to, content: `message ${i}` })
          .returning({ id: messages.id });
        ids.push(message!.id);
      }
      return ids;
    });
    // Each page comes oldest first for display; the pages go back in time.
    const listed = await allPages(
      (cursor) => `/api/messages/with/${other.id}?${cursorParam(cursor)}`,
      me.headers,
      (body: { messages: Array<{ id: string }> }) => body.messages.map((message) => message.id).reverse(),
    );
    expect(listed).toEqual(idsDescending(sent));
  });
});
