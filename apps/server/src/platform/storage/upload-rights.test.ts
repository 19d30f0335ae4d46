import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { eventFeed } from '../db/schema/engagement.ts';
import { eventWithCast } from '../../test/event-factories.ts';
import { useTestServer } from '../../test/harness.ts';

/**
 * Issue 16: an upload's body is read only after the caller's right to upload there is settled. A caller without the
 * right who sends a big body is refused while the server has pulled (next to) nothing of it; a declared length
 * above the route's limit is a 413 at once, for anyone, before any of it is read.
 */

const MB = 1024 * 1024;

/** A multipart body of `total` bytes, produced only as the server pulls it; `pulled()` says how much it took. */
function meteredBody(total: number) {
  let sent = 0;
  const boundary = '----mingle-metered';
  const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= total) return controller.close();
        const chunk = sent === 0 ? head : new Uint8Array(Math.min(64 * 1024, total - sent));
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, pulled: () => sent };
}

describe('upload routes check rights before reading a body', () => {
  const server = useTestServer();
  let cast: Awaited<ReturnType<typeof eventWithCast>>;
  let sponsorId: string;

  beforeAll(async () => {
    cast = await eventWithCast(server);
    const sponsor = await server.send('POST', `/api/events/${cast.event.id}/sponsors`, cast.owner.headers, { companyName: 'Metered Ltd' });
    sponsorId = ((await sponsor.json()) as { id: string }).id;
  }, 180_000);

  const send = (method: string, path: string, headers: Headers | undefined, total: number, extra: Record<string, string> = {}) => {
    const metered = meteredBody(total);
    const init = {
      method,
      body: metered.body,
      duplex: 'half',
      headers: { ...server.browserHeaders(headers), 'Content-Type': metered.contentType, ...extra },
    } as RequestInit;
    return { response: server.request(path, init), pulled: metered.pulled };
  };

  it('refuses a caller without the right before reading the body (chunked, no length)', async () => {
    const cases = [
      { name: 'avatar, signed out', method: 'POST', path: '/api/me/avatar', headers: undefined, status: 401 },
      { name: 'event logo, an attendee', method: 'PUT', path: `/api/events/${cast.event.id}/logo`, headers: cast.attendee.headers, status: 403 },
      { name: 'event logo, a stranger', method: 'PUT', path: `/api/events/${cast.event.id}/logo`, headers: cast.stranger.headers, status: 404 },
      { name: 'sponsor logo, an attendee', method: 'PUT', path: `/api/sponsors/${sponsorId}/logo`, headers: cast.attendee.headers, status: 403 },
      { name: 'sponsor logo, a stranger', method: 'PUT', path: `/api/sponsors/${sponsorId}/logo`, headers: cast.stranger.headers, status: 404 },
      { name: 'feed media, a stranger', method: 'POST', path: `/api/events/${cast.event.id}/feed/media`, headers: cast.stranger.headers, status: 404 },
      { name: 'feed media, signed out', method: 'POST', path: `/api/events/${cast.event.id}/feed/media`, headers: undefined, status: 401 },
    ];
    for (const entry of cases) {
      const { response, pulled } = send(entry.method, entry.path, entry.headers, 40 * MB);
      const answer = await response;
      expect([entry.name, answer.status]).toEqual([entry.name, entry.status]);
      // At most what a stream pulls ahead: a few chunks, never the 40 MB (the old code read up to its limit first).
      expect([entry.name, pulled() <= 256 * 1024]).toEqual([entry.name, true]);
    }
    const posts = await server.ctx.db.select({ id: eventFeed.id }).from(eventFeed).where(eq(eventFeed.eventId, cast.event.id));
    expect(posts).toHaveLength(0);
  });

  it('answers 413 at once to a declared length above the limit, even for a caller with the right', async () => {
    const cases = [
      { method: 'POST', path: '/api/me/avatar', headers: cast.attendee.headers },
      { method: 'PUT', path: `/api/events/${cast.event.id}/logo`, headers: cast.owner.headers },
      { method: 'PUT', path: `/api/sponsors/${sponsorId}/logo`, headers: cast.owner.headers },
      { method: 'POST', path: `/api/events/${cast.event.id}/feed/media`, headers: cast.attendee.headers },
    ];
    for (const entry of cases) {
      const { response, pulled } = send(entry.method, entry.path, entry.headers, 60 * MB, { 'Content-Length': String(60 * MB) });
      const answer = await response;
      expect([entry.path, answer.status]).toEqual([entry.path, 413]);
      expect(pulled()).toBeLessThanOrEqual(256 * 1024);
    }
  });
});
