import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { liveTopics, type LiveServerMessage } from '@mingle/shared/core/live';
import { eventAttendees, eventVolunteers } from '../../platform/db/schema/events.ts';
import { attachLiveHub, type LiveHub } from '../../platform/live/hub.ts';
import { canSubscribe } from '../event-access/index.ts';
import { checkInAttendee, eventWithCast } from '../../test/event-factories.ts';
import { useTestServer } from '../../test/harness.ts';

/**
 * Spec 01: a participant "receives goodies, with a real-time notification". Over real sockets on the real app: the
 * participant's account topic carries `goodie.received` with the event, and nobody else may listen to it (the
 * volunteer who scanned, the event's owner and a super admin included).
 */
describe('the goodie notification', () => {
  const server = useTestServer();
  let http: Server;
  let hub: LiveHub;
  let base: string;
  beforeAll(async () => {
    http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => (http.listening ? resolve() : http.once('listening', () => resolve())));
    hub = attachLiveHub(http, server.ctx, { authorize: (caller, topic) => canSubscribe(server.ctx, caller, topic) });
    base = `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await hub?.close();
    await new Promise((resolve) => http?.close(resolve));
  });

  /** A socket signed in with `headers`, subscribed to `topic`; resolves with the server's answer and what it hears. */
  async function listen(headers: Headers, topic: string) {
    const ws = new WebSocket(`${base}/api/live`, { headers: { cookie: headers.get('cookie')! }, origin: server.config.publicUrl });
    const heard: LiveServerMessage[] = [];
    const answer = new Promise<'subscribed' | 'denied'>((resolve, reject) => {
      ws.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as LiveServerMessage;
        if (message.type === 'event') heard.push(message);
        if ((message.type === 'subscribed' || message.type === 'denied') && message.topic === topic) resolve(message.type);
      });
      ws.once('error', reject);
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'subscribe', topic }));
    return { ws, answer: await answer, heard };
  }

  it('reaches the participant alone, naming the event; a refused scan says nothing', async () => {
    const cast = await eventWithCast(server, { name: 'Goodie Conf' });
    await checkInAttendee(server.ctx, cast.event.id, cast.attendee.user.id);
    await server.ctx.db
      .update(eventVolunteers)
      .set({ allocatedGoodies: 2 })
      .where(and(eq(eventVolunteers.eventId, cast.event.id), eq(eventVolunteers.userId, cast.volunteer.user.id)));
    // Made first: a new QR token is itself an account change on the topic.
    const qr = await server.send('POST', '/api/me/qr-token', cast.attendee.headers);
    const { token } = (await qr.json()) as { token: string };
    const topic = liveTopics.userAccount(cast.attendee.user.id);
    const participant = await listen(cast.attendee.headers, topic);
    expect(participant.answer).toBe('subscribed');
    const others = await Promise.all([cast.volunteer, cast.owner, cast.admin, cast.stranger].map((who) => listen(who.headers, topic)));
    expect(others.map((other) => other.answer)).toEqual(['denied', 'denied', 'denied', 'denied']);

    const scan = () => server.send('POST', `/api/events/${cast.event.id}/goodie-distributions`, cast.volunteer.headers, { token });
    expect((await scan()).status).toBe(200);
    // The goodie's in-app notification (issue 19) commits with it, so it is heard first; then the toast's event.
    await expect.poll(() => participant.heard.length).toBe(2);
    expect(participant.heard[0]).toMatchObject({ type: 'event', topic, event: { kind: 'notification.created', data: { kind: 'goodie_received' } } });
    expect(participant.heard[1]).toEqual({
      type: 'event',
      topic,
      event: { kind: 'goodie.received', data: { eventId: cast.event.id, eventName: 'Goodie Conf' } },
    });

    // Scanned again: refused (already received), nothing written, nothing announced.
    expect((await scan()).status).toBe(409);
    const [attendee] = await server.ctx.db
      .select()
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, cast.event.id), eq(eventAttendees.userId, cast.attendee.user.id)));
    expect(attendee!.goodiesReceivedFrom).toBe(cast.volunteer.user.id);
    const [volunteer] = await server.ctx.db
      .select()
      .from(eventVolunteers)
      .where(and(eq(eventVolunteers.eventId, cast.event.id), eq(eventVolunteers.userId, cast.volunteer.user.id)));
    expect(volunteer!.distributedGoodies).toBe(1);
    // A later publish on the same topic arrives after anything the refused scan could have sent.
    await server.ctx.live.publish(topic, { kind: 'account.updated' });
    await expect.poll(() => participant.heard.length).toBe(3);
    expect(participant.heard[2]).toMatchObject({ event: { kind: 'account.updated' } });
    for (const other of others) expect(other.heard).toEqual([]);

    for (const socket of [participant, ...others]) socket.ws.close();
  });

  it('lists the goodie on the participant’s own dashboard only', async () => {
    const cast = await eventWithCast(server, { name: 'Swag Summit' });
    await checkInAttendee(server.ctx, cast.event.id, cast.attendee.user.id);
    await server.ctx.db
      .update(eventVolunteers)
      .set({ allocatedGoodies: 1 })
      .where(and(eq(eventVolunteers.eventId, cast.event.id), eq(eventVolunteers.userId, cast.volunteer.user.id)));
    const qr = await server.send('POST', '/api/me/qr-token', cast.attendee.headers);
    const { token } = (await qr.json()) as { token: string };
    expect((await server.send('POST', `/api/events/${cast.event.id}/goodie-distributions`, cast.volunteer.headers, { token })).status).toBe(200);

    const mine = await server.send('GET', '/api/me/goodies', cast.attendee.headers);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual({
      goodies: [{ eventId: cast.event.id, eventName: 'Swag Summit', receivedAt: expect.any(String), giverName: cast.volunteer.user.fullName }],
    });
    for (const who of [cast.volunteer, cast.owner, cast.admin]) {
      expect(await (await server.send('GET', '/api/me/goodies', who.headers)).json()).toEqual({ goodies: [] });
    }
    expect((await server.send('GET', '/api/me/goodies')).status).toBe(401);
  });
});
