import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { liveTopics } from '@mingle/shared/core/live';
import type { LiveMessage } from '../../platform/live/bus.ts';
import { eventAnalytics } from '../../platform/db/schema/analytics.ts';
import { eventFeed, eventFeedLikes } from '../../platform/db/schema/engagement.ts';
import { sponsorRepresentatives, sponsors } from '../../platform/db/schema/sponsors.ts';
import { addAttendee, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const server = useTestServer();


interface PostJson {
  id: string;
  content: string;
  isPinned: boolean;
  likes: number;
  isLiked: boolean;
  canDelete: boolean;
  mediaUrl: string | null;
  mediaType: string | null;
  author: { fullName: string; company: string | null };
}
interface PageJson {
  canModerate: boolean;
  posts: PostJson[];
  nextCursor: string | null;
}

async function castWithRep() {
  const cast = await eventWithCast(server);
  const rep = await signedInUser(server);
  const [sponsor] = await server.ctx.db.insert(sponsors).values({ eventId: cast.event.id, companyName: 'Acme', createdBy: cast.owner.user.id }).returning();
  await server.ctx.db.insert(sponsorRepresentatives).values({ sponsorId: sponsor!.id, userId: rep.user.id });
  return { ...cast, rep };
}

async function post(eventId: string, headers: Headers, content: string) {
  const response = await server.send('POST', `/api/events/${eventId}/feed`, headers, { content });
  expect(response.status).toBe(201);
  return (await response.json()) as PostJson;
}

/** An event's posts and their likes, as stored: what a refused post, pin, delete or like must leave as it was. */
const feedOf = async (eventId: string) => ({
  posts: await server.ctx.db.select().from(eventFeed).where(eq(eventFeed.eventId, eventId)).orderBy(eventFeed.id),
  likes: await server.ctx.db
    .select({ feedId: eventFeedLikes.feedId, userId: eventFeedLikes.userId })
    .from(eventFeedLikes)
    .innerJoin(eventFeed, eq(eventFeed.id, eventFeedLikes.feedId))
    .where(eq(eventFeed.eventId, eventId))
    .orderBy(eventFeedLikes.feedId, eventFeedLikes.userId),
});

describe('event feed', () => {
  it('lets attendees, volunteers, sponsor reps and organizers read and post; nobody else', async () => {
    const cast = await castWithRep();
    const path = `/api/events/${cast.event.id}/feed`;
    for (const who of [cast.owner, cast.coOwner, cast.volunteer, cast.attendee, cast.rep, cast.admin]) {
      expect((await server.send('GET', path, who.headers)).status).toBe(200);
      expect((await server.send('POST', path, who.headers, { content: 'Hello there' })).status).toBe(201);
    }
    await expectNothingWritten(
      () => feedOf(cast.event.id),
      async () => {
        for (const who of [cast.otherOwner, cast.stranger]) {
          const refused = await server.send('GET', path, who.headers);
          expect(refused.status).toBe(404);
          expect((await server.send('POST', path, who.headers, { content: 'Hello there' })).status).toBe(404);
        }
        expect((await server.send('GET', path)).status).toBe(401);
        expect((await server.send('POST', path, undefined, { content: 'x' })).status).toBe(401);
      },
    );
    expect((await server.send('GET', `/api/events/not-a-uuid/feed`, cast.owner.headers)).status).toBe(404);
  });

  it("validates the content with the spec's messages", async () => {
    const cast = await eventWithCast(server);
    const path = `/api/events/${cast.event.id}/feed`;
    const empty = await server.send('POST', path, cast.attendee.headers, { content: '   ' });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe('Content cannot be empty');
    const long = await server.send('POST', path, cast.attendee.headers, { content: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).message).toBe('Post must be less than 5000 characters');
    const created = await post(cast.event.id, cast.attendee.headers, `  ${'y'.repeat(5000)}  `);
    expect(created.content).toHaveLength(5000);
  });

  it('lists pinned first then newest, paginated by cursor without gaps or repeats', async () => {
    const cast = await eventWithCast(server);
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) ids.push((await post(cast.event.id, cast.attendee.headers, `Post ${i}`)).id);
    const pin = await server.send('PUT', `/api/feed/${ids[1]}/pin`, cast.owner.headers, { isPinned: true });
    expect(pin.status).toBe(200);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await (await server.send('GET', `/api/events/${cast.event.id}/feed?limit=3${query}`, cast.attendee.headers)).json()) as PageJson;
      seen.push(...page.posts.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([ids[1], ids[6], ids[5], ids[4], ids[3], ids[2], ids[0]]);
    expect((await server.send('GET', `/api/events/${cast.event.id}/feed?cursor=garbage`, cast.attendee.headers)).status).toBe(400);
  });

  it('lets organizers pin and remove, authors delete their own, and refuses others', async () => {
    const cast = await eventWithCast(server);
    const mine = await post(cast.event.id, cast.attendee.headers, 'Mine to delete');
    const other = await post(cast.event.id, cast.volunteer.headers, 'Volunteer post');
    await expectNothingWritten(
      () => feedOf(cast.event.id),
      async () => {
        for (const who of [cast.attendee, cast.volunteer]) {
          expect((await server.send('PUT', `/api/feed/${mine.id}/pin`, who.headers, { isPinned: true })).status).toBe(403);
        }
        expect((await server.send('PUT', `/api/feed/${mine.id}/pin`, cast.otherOwner.headers, { isPinned: true })).status).toBe(404);
      },
    );
    expect((await server.send('PUT', `/api/feed/${mine.id}/pin`, cast.coOwner.headers, { isPinned: true })).status).toBe(200);
    await expectNothingWritten(
      () => feedOf(cast.event.id),
      async () => {
        expect((await server.send('DELETE', `/api/feed/${other.id}`, cast.attendee.headers)).status).toBe(403);
        expect((await server.send('DELETE', `/api/feed/${other.id}`, cast.stranger.headers)).status).toBe(404);
      },
    );
    expect((await server.send('DELETE', `/api/feed/${mine.id}`, cast.attendee.headers)).status).toBe(204);
    expect((await server.send('DELETE', `/api/feed/${other.id}`, cast.owner.headers)).status).toBe(204);
    const page = (await (await server.send('GET', `/api/events/${cast.event.id}/feed`, cast.attendee.headers)).json()) as PageJson;
    expect(page.posts).toHaveLength(0);
  });

  it('counts 100 parallel likes by different users exactly, and a repeated toggle never twice', async () => {
    const cast = await eventWithCast(server);
    const target = await post(cast.event.id, cast.owner.headers, 'Like me');
    const likers = await Promise.all(Array.from({ length: 100 }, () => signedInUser(server)));
    await Promise.all(likers.map((liker) => addAttendee(server.ctx, cast.event.id, liker.user.id)));
    const results = await Promise.all(likers.map((liker) => server.send('PUT', `/api/feed/${target.id}/like`, liker.headers)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const repeats = await Promise.all(Array.from({ length: 10 }, () => server.send('PUT', `/api/feed/${target.id}/like`, cast.attendee.headers)));
    expect(repeats.every((r) => r.status === 200)).toBe(true);
    const page = (await (await server.send('GET', `/api/events/${cast.event.id}/feed`, cast.attendee.headers)).json()) as PageJson;
    expect(page.posts[0]).toMatchObject({ likes: 101, isLiked: true });
    const [rows] = await server.ctx.db.select({ n: count() }).from(eventFeedLikes).where(eq(eventFeedLikes.feedId, target.id));
    expect(rows!.n).toBe(101);
    await Promise.all(Array.from({ length: 5 }, () => server.send('DELETE', `/api/feed/${target.id}/like`, cast.attendee.headers)));
    const after = (await (await server.send('DELETE', `/api/feed/${target.id}/like`, cast.attendee.headers)).json()) as { likes: number; isLiked: boolean };
    expect(after).toMatchObject({ likes: 100, isLiked: false });
    await expectNothingWritten(
      () => feedOf(cast.event.id),
      async () => expect((await server.send('PUT', `/api/feed/${target.id}/like`, cast.stranger.headers)).status).toBe(404),
    );
    // Engagement rows: one post and exactly one per current like.
    const [engagement] = await server.ctx.db
      .select({ n: count() })
      .from(eventAnalytics)
      .where(and(eq(eventAnalytics.eventId, cast.event.id), eq(eventAnalytics.metricType, 'engagement')));
    expect(engagement!.n).toBe(101);
  }, 180_000);

  it('stores images re-encoded and videos by content; refuses a spoofed file', async () => {
    const cast = await eventWithCast(server);
    const upload = (bytes: Uint8Array<ArrayBuffer> | string, name: string, type: string) => {
      const form = new FormData();
      form.append('content', 'With media');
      form.append('media', new Blob([bytes], { type }), name);
      return server.request(`/api/events/${cast.event.id}/feed/media`, { method: 'POST', body: form, headers: server.browserHeaders(cast.attendee.headers) });
    };
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#5b3fd9' } }).png().toBuffer();
    const image = await upload(new Uint8Array(png), 'photo.png', 'image/png');
    expect(image.status).toBe(201);
    expect(await image.json()).toMatchObject({ mediaType: 'image', mediaUrl: expect.stringMatching(/^\/files\/feed\/.+\.webp$/) });
    const mp4 = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0]);
    const video = await upload(mp4, 'clip.bin', 'application/octet-stream');
    expect(video.status).toBe(201);
    const videoJson = (await video.json()) as PostJson;
    expect(videoJson).toMatchObject({ mediaType: 'video', mediaUrl: expect.stringMatching(/\.mp4$/) });
    const served = await server.request(videoJson.mediaUrl!);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);
    expect((await upload(webm, 'clip.webm', 'video/webm')).status).toBe(201);
    const spoof = await upload('<html><script>alert(1)</script></html>', 'evil.jpg', 'image/jpeg');
    expect(spoof.status).toBe(415);
    const spoofVideo = await upload('<html></html>', 'evil.mp4', 'video/mp4');
    expect(spoofVideo.status).toBe(415);
    const blank = new FormData();
    blank.append('content', ' ');
    const refused = await server.request(`/api/events/${cast.event.id}/feed/media`, { method: 'POST', body: blank, headers: server.browserHeaders(cast.attendee.headers) });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe('Content cannot be empty');
  });

  it('publishes new posts and likes on the feed topic', async () => {
    const cast = await eventWithCast(server);
    const kinds: string[] = [];
    const stop = server.ctx.live.onMessage((message: LiveMessage) => {
      if (message.topic === liveTopics.eventFeed(cast.event.id)) kinds.push(message.event.kind);
    });
    try {
      const created = await post(cast.event.id, cast.attendee.headers, 'Live!');
      await server.send('PUT', `/api/feed/${created.id}/like`, cast.owner.headers);
      await expect.poll(() => kinds, { timeout: 5000 }).toEqual(['post.created', 'like.changed']);
    } finally {
      stop();
    }
  });
});
