import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liveTopics } from '@mingle/shared/core/live';
import { messages } from '../../platform/db/schema/messages.ts';
import { userConnections } from '../../platform/db/schema/networking.ts';
import { networkingPair } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const server = useTestServer();


interface Thread {
  user: { id: string; fullName: string };
  messages: Array<{ id: string; content: string; senderId: string; read: boolean }>;
  nextCursor: string | null;
  blocked: boolean;
}
interface Conversations {
  conversations: Array<{ user: { id: string }; lastMessage: { content: string; fromMe: boolean }; unreadCount: number }>;
}

async function pair(allowAttendeeNetworking = true) {
  const [cast, outsider] = await Promise.all([networkingPair(server, { allowAttendeeNetworking }), signedInUser(server)]);
  return { ...cast, outsider };
}

/** The messages someone received, as stored: what a refused send to them must leave as it was. */
const inboxOf = (userId: string) => server.ctx.db.select().from(messages).where(eq(messages.recipientId, userId)).orderBy(messages.id);

const message = async (headers: Headers, recipientId: string, content: string) => {
  const response = await server.send('POST', '/api/messages', headers, { recipientId, content });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json() as Promise<{ id: string }>;
};

describe('messages', () => {
  it('sends, lists conversations with unread counts, marks read when opened, and delivers live to the recipient', async () => {
    const { alice, bob } = await pair();
    const carol = await signedInUser(server);
    await server.ctx.db.insert(userConnections).values({
      userId1: [alice.user.id, carol.user.id].sort()[0]!,
      userId2: [alice.user.id, carol.user.id].sort()[1]!,
      connectionType: 'qr_scan',
    });
    const heard: string[] = [];
    const stop = server.ctx.live.onMessage((m) => heard.push(`${m.topic}|${m.event.kind}`));
    await message(alice.headers, bob.user.id, 'Hi Bob');
    await message(alice.headers, bob.user.id, '  Are you at the summit?  ');
    await message(bob.headers, alice.user.id, 'Yes!');
    // Connected people may write without sharing an event.
    await message(carol.headers, alice.user.id, 'Nice to meet you');
    await expect.poll(() => heard).toContain(`${liveTopics.userMessages(bob.user.id)}|message.created`);
    stop();

    const forBob = (await (await server.request('/api/messages/conversations', { headers: bob.headers })).json()) as Conversations;
    expect(forBob.conversations).toHaveLength(1);
    expect(forBob.conversations[0]).toMatchObject({ user: { id: alice.user.id }, lastMessage: { content: 'Yes!', fromMe: true }, unreadCount: 2 });
    const forAlice = (await (await server.request('/api/messages/conversations', { headers: alice.headers })).json()) as Conversations;
    expect(forAlice.conversations.map((c) => [c.user.id, c.unreadCount])).toEqual([
      [carol.user.id, 1],
      [bob.user.id, 1],
    ]);

    const thread = (await (await server.request(`/api/messages/with/${alice.user.id}`, { headers: bob.headers })).json()) as Thread;
    expect(thread.messages.map((m) => m.content)).toEqual(['Hi Bob', 'Are you at the summit?', 'Yes!']);
    expect(thread.user.fullName).toBe(alice.user.fullName);
    expect((await (await server.send('POST', `/api/messages/with/${alice.user.id}/read`, bob.headers)).json())).toEqual({ updated: 2 });
    const after = (await (await server.request('/api/messages/conversations', { headers: bob.headers })).json()) as Conversations;
    expect(after.conversations[0]!.unreadCount).toBe(0);
  });

  it("counts the caller's own unread messages only, for the header badge, and drops them once the thread is read", async () => {
    const { alice, bob, outsider } = await pair();
    const unread = async (headers: Headers) =>
      (await (await server.request('/api/messages/unread-count', { headers })).json()) as { unread: number };
    expect(await unread(bob.headers)).toEqual({ unread: 0 });
    await message(alice.headers, bob.user.id, 'One');
    await message(alice.headers, bob.user.id, 'Two');
    await message(bob.headers, alice.user.id, 'Back to you');
    // Each counts what was sent to them: the sender's own messages never count, nor anyone else's mail.
    expect(await unread(bob.headers)).toEqual({ unread: 2 });
    expect(await unread(alice.headers)).toEqual({ unread: 1 });
    expect(await unread(outsider.headers)).toEqual({ unread: 0 });
    await server.send('POST', `/api/messages/with/${alice.user.id}/read`, bob.headers);
    expect(await unread(bob.headers)).toEqual({ unread: 0 });
    expect(await unread(alice.headers)).toEqual({ unread: 1 });
    // A visitor has no count to ask for.
    expect((await server.request('/api/messages/unread-count')).status).toBe(401);
  });

  it('validates content with the spec messages', async () => {
    const { alice, bob } = await pair();
    for (const [content, text] of [
      ['   ', 'Message cannot be empty'],
      ['x'.repeat(10_001), 'Message must be less than 10,000 characters'],
    ] as const) {
      const response = await server.send('POST', '/api/messages', alice.headers, { recipientId: bob.user.id, content });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(text);
    }
    await message(alice.headers, bob.user.id, 'x'.repeat(10_000));
  });

  it('a blocked user cannot send to the person who blocked them; strangers cannot write at all', async () => {
    const { alice, bob, outsider } = await pair();
    await message(alice.headers, bob.user.id, 'Hello');
    expect((await (await server.send('PUT', `/api/blocks/${alice.user.id}`, bob.headers)).json())).toEqual({ blocked: true });
    expect((await server.send('PUT', `/api/blocks/${alice.user.id}`, bob.headers)).status).toBe(200);
    await expectNothingWritten(
      () => inboxOf(bob.user.id),
      async () => {
        const refused = await server.send('POST', '/api/messages', alice.headers, { recipientId: bob.user.id, content: 'Still there?' });
        expect(refused.status).toBe(403);
        expect(await errorOf(refused)).toEqual({ code: 'forbidden', message: 'Cannot send message to this user' });
      },
    );
    // The one who blocked still sees the thread, marked blocked.
    const thread = (await (await server.request(`/api/messages/with/${alice.user.id}`, { headers: bob.headers })).json()) as Thread;
    expect(thread.blocked).toBe(true);
    // Strangers: refused, and their threads and profiles are not found.
    await expectNothingWritten(
      () => inboxOf(bob.user.id),
      async () => {
        const stranger = await server.send('POST', '/api/messages', outsider.headers, { recipientId: bob.user.id, content: 'Hi' });
        expect(stranger.status).toBe(403);
        expect((await errorOf(stranger)).message).toBe('Cannot send message to this user');
      },
    );
    expect((await server.request(`/api/messages/with/${bob.user.id}`, { headers: outsider.headers })).status).toBe(404);
    expect((await server.send('POST', '/api/messages', alice.headers, { recipientId: alice.user.id, content: 'me' })).status).toBe(400);
    // Unblocking lets them write again.
    await server.send('DELETE', `/api/blocks/${alice.user.id}`, bob.headers);
    await message(alice.headers, bob.user.id, 'Back again');
    expect((await server.request('/api/messages/conversations')).status).toBe(401);
  });

  it('a networking-off event is not enough to write', async () => {
    const { alice, bob } = await pair(false);
    await expectNothingWritten(
      () => inboxOf(bob.user.id),
      async () => expect((await server.send('POST', '/api/messages', alice.headers, { recipientId: bob.user.id, content: 'Hi' })).status).toBe(403),
    );
  });

  it('pages a long thread by cursor, oldest first on each page, without repeats', async () => {
    const { alice, bob } = await pair();
    const base = Date.now() - 1_000_000;
    await server.ctx.db.insert(messages).values(
      Array.from({ length: 120 }, (_, index) => ({
        senderId: index % 2 ? alice.user.id : bob.user.id,
        recipientId: index % 2 ? bob.user.id : alice.user.id,
        content: `m${index}`,
        createdAt: new Date(base + Math.floor(index / 2) * 1000),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${cursor}` : '';
      const page = (await (await server.request(`/api/messages/with/${bob.user.id}${query}`, { headers: alice.headers })).json()) as Thread;
      seen.unshift(...page.messages.map((m) => m.content));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
  });

  it('rate-limits floods', async () => {
    const { alice, bob } = await pair();
    const statuses = [];
    for (let index = 0; index < 31; index++) {
      statuses.push((await server.send('POST', '/api/messages', alice.headers, { recipientId: bob.user.id, content: `flood ${index}` })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
