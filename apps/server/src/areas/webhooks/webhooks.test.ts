import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebhookDeliveryDto, WebhookEndpointDto } from '@mingle/shared/webhooks/contract';
import { WEBHOOK_EVENT_TYPES, type WebhookPayload } from '@mingle/shared/webhooks/events';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_MESSAGES } from '@mingle/shared/webhooks/inputs';
import { notifications } from '../../platform/db/schema/notifications.ts';
import { webhookDeliveries, webhookEndpoints } from '../../platform/db/schema/webhooks.ts';
import { addAttendee, addCoOwner, eventWithCast, networkingPair, requestMeeting } from '../../test/event-factories.ts';
import { sponsors } from '../../platform/db/schema/sponsors.ts';
import { createUser, signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { lastMailTo } from '../../test/mail.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';
import { queueWebhooks } from './emit.ts';
import { DISABLE_AFTER_FAILURES } from './delivery.ts';

// Webhooks against a receiver on this machine (private networks allowed on that server, retries shortened), and the
// SSRF guard on a server with the default settings and a resolver that sends one name to 10.x.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  payload: WebhookPayload;
}

/** A webhook receiver on 127.0.0.1: keeps every request; `answer` chooses each one's status (200 unless told). */
async function startReceiver() {
  const received: Received[] = [];
  let answer: (request: number) => number = () => 200;
  const http: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body, payload: JSON.parse(body) as WebhookPayload });
      const status = answer(received.length);
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/hooks`,
    received,
    answerWith(next: (request: number) => number) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** What `check` answers once it is truthy (the queue works in the background), polled by vitest's own waitFor. */
const until = <T>(check: () => Promise<T> | T, timeout = 20_000): Promise<NonNullable<T>> =>
  vi.waitFor(
    async () => {
      const value = await check();
      if (!value) throw new Error('not yet');
      return value;
    },
    { timeout, interval: 50 },
  );

const server = useTestServer({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOKS_RETRY_BASE_SECONDS: '0.05', WEBHOOKS_MAX_ATTEMPTS: '3' });
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

type Cast = Awaited<ReturnType<typeof eventWithCast>>;
type Headers = Cast['owner']['headers'];

async function addEndpoint(cast: Cast, body: Record<string, unknown> = {}): Promise<WebhookEndpointDto> {
  const response = await server.send('POST', `/api/events/${cast.event.id}/webhooks`, cast.owner.headers, {
    url: receiver.url,
    eventTypes: ['check_in.created'],
    ...body,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as WebhookEndpointDto;
}
const secretOf = async (cast: Cast, endpointId: string) =>
  ((await (await server.send('GET', `/api/events/${cast.event.id}/webhooks/${endpointId}/secret`, cast.owner.headers)).json()) as { secret: string }).secret;
const deliveriesOf = async (cast: Cast, endpointId: string, headers: Headers = cast.owner.headers) => {
  const response = await server.send('GET', `/api/events/${cast.event.id}/webhooks/${endpointId}/deliveries`, headers);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: WebhookDeliveryDto[] }).items;
};
/** A new attendee of the event checked in at the door by its volunteer: one `check_in.created`. */
async function checkInSomeone(cast: Cast): Promise<string> {
  const person = await createUser(server.ctx);
  await addAttendee(server.ctx, cast.event.id, person.id);
  const response = await server.send('POST', `/api/events/${cast.event.id}/check-ins`, cast.volunteer.headers, { userId: person.id, clientCheckInId: randomUUID() });
  expect(response.status).toBe(200);
  return person.id;
}
/** What the receiver got from one endpoint (it is shared by the tests' endpoints): by the webhook-ids of its deliveries. */
async function requestsTo(endpointId: string): Promise<Received[]> {
  const rows = await server.ctx.db.select({ webhookId: webhookDeliveries.webhookId }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
  const ids = new Set(rows.map((row) => row.webhookId));
  return receiver.received.filter((request) => ids.has(request.headers['webhook-id'] as string));
}

describe('webhook deliveries', () => {
  it('signs each delivery as Standard Webhooks says: the receiver verifies it with the secret the page shows', async () => {
    const cast = await eventWithCast(server);
    const endpoint = await addEndpoint(cast, { description: 'CRM' });
    expect(endpoint).toMatchObject({ url: receiver.url, description: 'CRM', eventTypes: ['check_in.created'], enabled: true, lastDelivery: null });
    const secret = await secretOf(cast, endpoint.id);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    const userId = await checkInSomeone(cast);
    const [request] = await until(async () => ((await requestsTo(endpoint.id)).length === 1 ? requestsTo(endpoint.id) : null));
    // What a receiver does: verify the body against the three headers with its copy of the secret.
    const verified = new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>) as WebhookPayload<'check_in.created'>;
    expect(verified).toMatchObject({ type: 'check_in.created', data: { eventId: cast.event.id, userId, pointId: null } });
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // Signed with another secret, it does not verify.
    expect(() => new Webhook(`whsec_${Buffer.from('not the secret').toString('base64')}`).verify(request!.body, request!.headers as Record<string, string>)).toThrow();

    const [logged] = await until(async () => {
      const items = await deliveriesOf(cast, endpoint.id);
      return items[0]?.status === 'delivered' ? items : null;
    });
    expect(logged).toMatchObject({ webhookId: request!.headers['webhook-id'], type: 'check_in.created', status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null });
    expect(logged!.lastDurationMs).toBeGreaterThanOrEqual(0);
  });

  it('retries after a 500 with the same webhook-id, and counts the tries', async () => {
    const cast = await eventWithCast(server);
    const endpoint = await addEndpoint(cast);
    let mine = 0;
    receiver.answerWith(() => (++mine === 1 ? 500 : 200));
    await checkInSomeone(cast);
    const requests = await until(async () => ((await requestsTo(endpoint.id)).length === 2 ? requestsTo(endpoint.id) : null));
    receiver.answerWith(() => 200);
    expect(requests[0]!.headers['webhook-id']).toBe(requests[1]!.headers['webhook-id']);
    expect(requests[0]!.body).toBe(requests[1]!.body);
    const [logged] = await until(async () => ((await deliveriesOf(cast, endpoint.id))[0]?.status === 'delivered' ? deliveriesOf(cast, endpoint.id) : null));
    expect(logged).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
  });

  it("sends an endpoint's deliveries in the order of the writes, a failing first one holding back the rest", async () => {
    const cast = await eventWithCast(server);
    const endpoint = await addEndpoint(cast);
    let mine = 0;
    receiver.answerWith(() => (++mine === 1 ? 500 : 200));
    const people: string[] = [];
    for (let n = 0; n < 6; n += 1) people.push(await checkInSomeone(cast));
    const requests = await until(async () => ((await requestsTo(endpoint.id)).length === 7 ? requestsTo(endpoint.id) : null));
    receiver.answerWith(() => 200);
    // The first try failed and was retried before anything after it went out.
    expect(requests[0]!.headers['webhook-id']).toBe(requests[1]!.headers['webhook-id']);
    const delivered = requests.slice(1).map((request) => (request.payload.data as { userId: string }).userId);
    expect(delivered).toEqual(people);
    expect(new Set(requests.slice(1).map((request) => request.headers['webhook-id'])).size).toBe(6);
  });

  it('resends a delivery with its webhook-id, and sends a test ping', async () => {
    const cast = await eventWithCast(server);
    const endpoint = await addEndpoint(cast);
    await checkInSomeone(cast);
    const [first] = await until(async () => ((await deliveriesOf(cast, endpoint.id))[0]?.status === 'delivered' ? deliveriesOf(cast, endpoint.id) : null));

    const resend = await server.send('POST', `/api/events/${cast.event.id}/webhooks/${endpoint.id}/deliveries/${first!.id}/resend`, cast.coOwner.headers);
    expect(resend.status).toBe(202);
    expect(await resend.json()).toMatchObject({ webhookId: first!.webhookId, status: 'pending', attempts: 0 });
    const ping = await server.send('POST', `/api/events/${cast.event.id}/webhooks/${endpoint.id}/ping`, cast.owner.headers);
    expect(ping.status).toBe(202);

    const requests = await until(async () => ((await requestsTo(endpoint.id)).length === 3 ? requestsTo(endpoint.id) : null));
    expect(requests.map((request) => request.payload.type)).toEqual(['check_in.created', 'check_in.created', 'ping']);
    expect(requests[1]!.headers['webhook-id']).toBe(first!.webhookId);
    expect(requests[1]!.body).toBe(requests[0]!.body);
    const secret = await secretOf(cast, endpoint.id);
    expect(new Webhook(secret).verify(requests[2]!.body, requests[2]!.headers as Record<string, string>)).toMatchObject({
      type: 'ping',
      data: { eventId: cast.event.id, endpointId: endpoint.id },
    });
    const log = await until(async () => {
      const items = await deliveriesOf(cast, endpoint.id);
      return items.length === 3 && items.every((item) => item.status === 'delivered') ? items : null;
    });
    expect(log.map((item) => item.type)).toEqual(['ping', 'check_in.created', 'check_in.created']);

    // A rotated secret signs what comes next; the old one no longer verifies it.
    const rotated = (await (await server.send('POST', `/api/events/${cast.event.id}/webhooks/${endpoint.id}/secret`, cast.owner.headers)).json()) as { secret: string };
    expect(rotated.secret).not.toBe(secret);
    await server.send('POST', `/api/events/${cast.event.id}/webhooks/${endpoint.id}/ping`, cast.owner.headers);
    const [, , , last] = await until(async () => ((await requestsTo(endpoint.id)).length === 4 ? requestsTo(endpoint.id) : null));
    expect(() => new Webhook(rotated.secret).verify(last!.body, last!.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(secret).verify(last!.body, last!.headers as Record<string, string>)).toThrow();
  });

  it('sends nothing for a write that rolls back, and queues no job for an event without endpoints', async () => {
    const cast = await eventWithCast(server);
    const endpoint = await addEndpoint(cast);
    await expect(
      server.ctx.db.transaction(async (tx) => {
        await queueWebhooks(server.ctx, tx, {
          eventId: cast.event.id,
          type: 'check_in.created',
          data: { eventId: cast.event.id, checkInId: randomUUID(), userId: randomUUID(), fullName: 'Nobody', pointId: null, checkedInAt: new Date().toISOString() },
        });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    // A check-in of someone not registered writes nothing, and so sends nothing.
    const stranger = await createUser(server.ctx);
    const refused = await server.send('POST', `/api/events/${cast.event.id}/check-ins`, cast.volunteer.headers, { userId: stranger.id, clientCheckInId: randomUUID() });
    expect(((await refused.json()) as { outcome: string }).outcome).toBe('not_registered');
    await server.ctx.jobs.drained(20_000, 'webhooks');
    expect(await deliveriesOf(cast, endpoint.id)).toEqual([]);
    expect(await requestsTo(endpoint.id)).toEqual([]);

    // An event with no endpoint: the write queues no drain job.
    const quiet = await eventWithCast(server);
    const jobs = server.ctx.jobs;
    const queued: string[] = [];
    const { enqueue, enqueueMany } = jobs;
    jobs.enqueue = (tx, name, data, options) => (queued.push(name), enqueue.call(jobs, tx, name, data, options));
    jobs.enqueueMany = (tx, name, items) => (queued.push(name), enqueueMany.call(jobs, tx, name, items));
    try {
      await checkInSomeone(quiet);
    } finally {
      Object.assign(jobs, { enqueue, enqueueMany });
    }
    expect(queued.filter((name) => name === 'webhooks')).toEqual([]);
  });

  it(`turns an endpoint off after ${DISABLE_AFTER_FAILURES} deliveries fail for good, tells the owner, and sends what waited once enabled`, async () => {
    const cast = await eventWithCast(server);
    const endpoint = await addEndpoint(cast);
    let healthy = false;
    receiver.answerWith(() => (healthy ? 200 : 500));
    for (let n = 0; n < DISABLE_AFTER_FAILURES + 1; n += 1) await checkInSomeone(cast);

    const off = await until(async () => {
      const [row] = await server.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
      return row?.enabled === false ? row : null;
    }, 60_000);
    expect(off).toMatchObject({ disabledReason: 'failing', consecutiveFailures: DISABLE_AFTER_FAILURES });
    const log = await deliveriesOf(cast, endpoint.id);
    expect(log.filter((item) => item.status === 'failed')).toHaveLength(DISABLE_AFTER_FAILURES);
    expect(log.filter((item) => item.status === 'failed').every((item) => item.attempts === 3 && item.lastStatusCode === 500)).toBe(true);
    expect(log.filter((item) => item.status === 'pending')).toHaveLength(1);

    const [told] = await server.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, cast.owner.user.id), eq(notifications.kind, 'webhook_disabled')));
    expect(told?.payload).toMatchObject({ body: receiver.url, link: `/events/${cast.event.id}/webhooks` });
    const mail = await lastMailTo(server.ctx, cast.owner.user.email);
    expect(mail?.subject).toBe(`A webhook of ${cast.event.name} was turned off`);
    const listed = (await (await server.send('GET', `/api/events/${cast.event.id}/webhooks`, cast.owner.headers)).json()) as { items: WebhookEndpointDto[] };
    expect(listed.items[0]).toMatchObject({ enabled: false, disabledReason: 'failing' });

    // While off, writes queue nothing for it; a ping is refused.
    await checkInSomeone(cast);
    expect(await deliveriesOf(cast, endpoint.id)).toHaveLength(DISABLE_AFTER_FAILURES + 1);
    const ping = await server.send('POST', `/api/events/${cast.event.id}/webhooks/${endpoint.id}/ping`, cast.owner.headers);
    expect(ping.status).toBe(409);
    expect((await errorOf(ping)).message).toBe(WEBHOOK_MESSAGES.disabled);

    healthy = true;
    const enabled = await server.send('PATCH', `/api/events/${cast.event.id}/webhooks/${endpoint.id}`, cast.owner.headers, { enabled: true });
    expect(await enabled.json()).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
    await until(async () => ((await deliveriesOf(cast, endpoint.id)).some((item) => item.status === 'delivered') ? true : null));
    receiver.answerWith(() => 200);
  }, 90_000);
});

describe('the write paths', () => {
  it('emit every event type in their transactions, with the ids an organizer can see', async () => {
    const { event, alice, bob } = await networkingPair(server, { registrationOpen: true });
    const organizer = await signedInUser(server);
    await addCoOwner(server.ctx, event.id, organizer.user.id);
    const [endpoint] = await server.ctx.db
      .insert(webhookEndpoints)
      .values({ eventId: event.id, url: receiver.url, eventTypes: [...WEBHOOK_EVENT_TYPES], secret: `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}` })
      .returning();
    const ok = async (response: Promise<Response>, status = 200) => {
      const answer = await response;
      expect(answer.status, await answer.clone().text()).toBe(status);
      return answer.status === 204 ? null : ((await answer.json()) as Record<string, unknown>);
    };

    const newcomer = await signedInUser(server);
    await ok(server.send('POST', `/api/events/${event.id}/registration`, newcomer.headers));
    await ok(server.send('DELETE', `/api/events/${event.id}/registration`, newcomer.headers), 204);
    const { id: meetingId } = await requestMeeting(server, alice.headers, bob.user.id);
    await ok(server.send('PATCH', `/api/meetings/${meetingId}`, bob.headers, { action: 'accept' }));
    const [sponsor] = await server.ctx.db.insert(sponsors).values({ eventId: event.id, companyName: 'Hook Robotics', tier: 'gold' }).returning();
    await ok(server.send('PUT', `/api/sponsors/${sponsor!.id}/lead`, alice.headers, { interestLevel: 'high', notes: 'Call me' }));
    await ok(server.send('PUT', `/api/sponsors/${sponsor!.id}/lead`, alice.headers, { interestLevel: 'low' }));
    await ok(server.send('DELETE', `/api/sponsors/${sponsor!.id}/lead`, alice.headers), 204);
    const start = new Date(event.startDate.getTime() + 3_600_000);
    const sessionBody = {
      title: 'Hooks in practice',
      description: 'Signed deliveries',
      speakerName: 'Ada Lovelace',
      speakerBio: '',
      sessionType: 'topic',
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3_600_000).toISOString(),
      timezone: 'UTC',
      location: 'Main Hall',
      maxCapacity: null,
      tags: [],
    };
    const session = (await ok(server.send('POST', `/api/events/${event.id}/sessions`, organizer.headers, sessionBody), 201))!;
    await ok(server.send('PUT', `/api/sessions/${session.id as string}`, organizer.headers, { ...sessionBody, title: 'Hooks in production' }));
    await ok(server.send('POST', `/api/events/${event.id}/feed`, alice.headers, { content: 'Hello hooks' }), 201);
    await ok(server.send('POST', `/api/sessions/${session.id as string}/qa`, bob.headers, { question: 'Who signs them?', isAnonymous: true }), 201);

    const received = await until(async () => ((await requestsTo(endpoint!.id)).length === 10 ? requestsTo(endpoint!.id) : null));
    expect(received.map((request) => request.payload.type)).toEqual([
      'registration.created',
      'registration.cancelled',
      'meeting.accepted',
      'lead.created',
      'lead.updated',
      'lead.withdrawn',
      'session.created',
      'session.updated',
      'feed_post.created',
      'question.created',
    ]);
    const data = (type: string) => received.find((request) => request.payload.type === type)!.payload.data as Record<string, unknown>;
    expect(data('registration.created')).toMatchObject({ eventId: event.id, userId: newcomer.user.id, email: newcomer.user.email, status: 'registered' });
    expect(data('registration.cancelled')).toMatchObject({ userId: newcomer.user.id, endedFrom: 'registered', byOrganizer: false });
    expect(data('meeting.accepted')).toMatchObject({ meetingId, requester: { userId: alice.user.id }, recipient: { userId: bob.user.id }, durationMinutes: 30 });
    expect(data('lead.created')).toMatchObject({ sponsorId: sponsor!.id, attendee: { userId: alice.user.id }, interestLevel: 'high', notes: 'Call me' });
    expect(data('lead.updated')).toMatchObject({ interestLevel: 'low' });
    expect(data('session.updated')).toMatchObject({ sessionId: session.id, title: 'Hooks in production', location: 'Main Hall' });
    expect(data('feed_post.created')).toMatchObject({ author: { userId: alice.user.id }, content: 'Hello hooks' });
    // Anonymous to the organizers, so to their systems.
    expect(data('question.created')).toMatchObject({ question: 'Who signs them?', anonymous: true, author: null });
  });
});

describe('webhook endpoints', () => {
  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const cast = await eventWithCast(server);
    const count = () => server.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.eventId, cast.event.id));
    await expectNothingWritten(count, async () => {
      for (const [body, message] of [
        [{ url: receiver.url, eventTypes: [] }, WEBHOOK_MESSAGES.typesRequired],
        [{ url: 'not a url', eventTypes: ['lead.created'] }, WEBHOOK_MESSAGES.urlInvalid],
        [{ url: 'ftp://example.com/hooks', eventTypes: ['lead.created'] }, WEBHOOK_MESSAGES.urlInvalid],
        [{ url: receiver.url, eventTypes: ['lead.exploded'] }, 'Unknown event type'],
      ] as const) {
        const response = await server.send('POST', `/api/events/${cast.event.id}/webhooks`, cast.owner.headers, body);
        expect(response.status).toBe(400);
        expect((await errorOf(response)).message).toBe(message);
      }
    });
  });

  it(`keeps an event to ${WEBHOOK_ENDPOINTS_MAX} endpoints, under parallel requests too`, async () => {
    const cast = await eventWithCast(server);
    const responses = await Promise.all(
      Array.from({ length: WEBHOOK_ENDPOINTS_MAX + 3 }, () =>
        server.send('POST', `/api/events/${cast.event.id}/webhooks`, cast.owner.headers, { url: receiver.url, eventTypes: ['lead.created'] }),
      ),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(3);
    expect(await server.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.eventId, cast.event.id))).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
  });

  it("keeps an event's endpoints to its organizers: another event's endpoint is not found, a participant is forbidden", async () => {
    const cast = await eventWithCast(server);
    const other = await eventWithCast(server);
    const endpoint = await addEndpoint(other);
    const mine = `/api/events/${cast.event.id}/webhooks/${endpoint.id}`;
    await expectNothingWritten(
      () => server.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)),
      async () => {
        expect((await server.send('GET', `${mine}/secret`, cast.owner.headers)).status).toBe(404);
        expect((await server.send('PATCH', mine, cast.owner.headers, { description: 'mine now' })).status).toBe(404);
        expect((await server.send('DELETE', mine, cast.owner.headers)).status).toBe(404);
        expect((await server.send('POST', `${mine}/ping`, cast.owner.headers)).status).toBe(404);
        expect((await server.send('GET', `/api/events/${other.event.id}/webhooks`, other.volunteer.headers)).status).toBe(403);
        expect((await server.send('GET', `/api/events/${other.event.id}/webhooks/${endpoint.id}/secret`, other.attendee.headers)).status).toBe(403);
        expect((await server.send('GET', `/api/events/${other.event.id}/webhooks`, cast.owner.headers)).status).toBe(404);
      },
    );
    expect((await server.send('GET', `/api/events/${other.event.id}/webhooks/${endpoint.id}/secret`, other.admin.headers)).status).toBe(200);
  });
});

describe('the SSRF guard with the default settings', () => {
  // No outside DNS here: one name resolves to a private address, as an attacker's would.
  const guarded = useTestServer({ WEBHOOKS_RETRY_BASE_SECONDS: '0.05', WEBHOOKS_MAX_ATTEMPTS: '1' }, {
    resolveHost: async (hostname) => (hostname === 'intranet.example.com' ? [{ address: '10.1.2.3', family: 4 }] : []),
  });

  it('refuses an endpoint on 127.0.0.1 or on a name that resolves to 10.x, when saved and when sent', async () => {
    const cast = await eventWithCast(guarded);
    const path = `/api/events/${cast.event.id}/webhooks`;
    const saved = () => guarded.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.eventId, cast.event.id));
    await expectNothingWritten(saved, async () => {
      for (const [url, message] of [
        [receiver.url, WEBHOOK_MESSAGES.urlHttps],
        ['https://127.0.0.1/hooks', WEBHOOK_MESSAGES.urlRefused],
        ['https://intranet.example.com/hooks', WEBHOOK_MESSAGES.urlRefused],
        ['https://[::ffff:10.0.0.1]/hooks', WEBHOOK_MESSAGES.urlRefused],
        ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.urlRefused],
        ['https://nowhere.example.com/hooks', WEBHOOK_MESSAGES.urlUnresolved],
      ] as const) {
        const response = await guarded.send('POST', path, cast.owner.headers, { url, eventTypes: ['check_in.created'] });
        expect(response.status, url).toBe(400);
        expect((await errorOf(response)).message, url).toBe(message);
      }
    });

    // Saved before the name pointed inside (as a rebinding attacker would arrange): refused when sent, nothing reaches it.
    for (const url of ['https://intranet.example.com/hooks', 'https://127.0.0.1/hooks']) {
      const [endpoint] = await guarded.ctx.db
        .insert(webhookEndpoints)
        .values({ eventId: cast.event.id, url, eventTypes: ['check_in.created'], secret: `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}` })
        .returning();
      const ping = await guarded.send('POST', `${path}/${endpoint!.id}/ping`, cast.owner.headers);
      expect(ping.status).toBe(202);
      const [failed] = await until(async () => {
        const rows = await guarded.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
        return rows[0]?.status === 'failed' ? rows : null;
      });
      expect(failed).toMatchObject({ attempts: 1, lastStatusCode: null });
      expect(failed!.lastError).toMatch(/^Refused: The URL points to a private, loopback or link-local address/);
    }
  });
});
