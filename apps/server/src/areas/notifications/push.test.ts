import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../platform/db/schema/notifications.ts';
import { networkingPair, requestMeeting } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';
import { browserDevice, type BrowserDevice, type PushService, startPushService } from '../../test/push.ts';
import { notifyThenRollBack } from './test-support.ts';

/**
 * Web push through a real HTTPS push service started here (PGlite, and PostgreSQL with TEST_DATABASE_URL): the
 * devices a person subscribes, the encrypted message a device receives (decrypted as a browser does), the switch that
 * stops it, the push service forgetting a device, a retry, and a rollback that pushes nothing.
 */
let service: PushService;
let server: TestServer;

beforeAll(async () => {
  service = await startPushService();
  server = await startTestServer(
    { PUSH_SERVICE_HOSTS: service.host },
    { pushAgent: service.agent, pushRetry: { limit: 3, delaySeconds: 1, expireSeconds: 30 } },
  );
});
afterAll(async () => {
  await server?.close();
  await service?.close();
});

const subscribe = (headers: Headers, device: BrowserDevice) => server.send('PUT', '/api/me/push-subscriptions', headers, device.subscription);
const devicesOf = (userId: string) =>
  server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.createdAt);
const pushesTo = (device: BrowserDevice) => service.received.filter((push) => push.device === device.id);

describe('push subscriptions', () => {
  it('answers the public key browsers subscribe with, to anyone', async () => {
    const response = await server.request('/api/push/public-key');
    expect(response.status).toBe(200);
    const { publicKey } = (await response.json()) as { publicKey: string };
    expect(publicKey).toBe(server.ctx.pusher.publicKey);
    // An uncompressed P-256 point: 65 bytes, the first 0x04.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4);
  });

  it("stores the caller's device; the same browser signed in as someone else becomes theirs; unsubscribing forgets it", async () => {
    const [ada, bea] = await Promise.all([signedInUser(server), signedInUser(server)]);
    const device = browserDevice(service);
    expect((await subscribe(ada.headers, device)).status).toBe(204);
    expect((await subscribe(ada.headers, device)).status).toBe(204);
    expect(await devicesOf(ada.user.id)).toMatchObject([{ endpoint: device.subscription.endpoint, p256dh: device.subscription.keys.p256dh }]);

    expect((await subscribe(bea.headers, device)).status).toBe(204);
    expect(await devicesOf(ada.user.id)).toEqual([]);
    expect(await devicesOf(bea.user.id)).toHaveLength(1);

    const unsubscribe = (headers: Headers) => server.send('DELETE', '/api/me/push-subscriptions', headers, { endpoint: device.subscription.endpoint });
    await expectNothingWritten(
      () => devicesOf(bea.user.id),
      async () => {
        const notTheirs = await unsubscribe(ada.headers);
        expect(notTheirs.status).toBe(404);
        expect(await notTheirs.json()).toMatchObject({ error: { message: 'Push notifications are not on for this device' } });
      },
    );
    expect((await unsubscribe(bea.headers)).status).toBe(204);
    expect(await devicesOf(bea.user.id)).toEqual([]);
  });

  it('refuses a visitor, an endpoint off the push services, a plain-HTTP one and malformed keys, writing nothing', async () => {
    const ada = await signedInUser(server);
    const device = browserDevice(service);
    const before = (await server.ctx.db.select().from(pushSubscriptions)).length;
    const visitor = await server.send('PUT', '/api/me/push-subscriptions', new Headers(), device.subscription);
    expect(visitor.status).toBe(401);

    const elsewhere = await subscribe(ada.headers, { ...device, subscription: { ...device.subscription, endpoint: 'https://10.0.0.5/push/x' } });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({ error: { code: 'push_service_unknown', message: 'Push notifications are not available for this browser' } });
    const lookalike = await subscribe(ada.headers, { ...device, subscription: { ...device.subscription, endpoint: 'https://evilfcm.googleapis.com.example/x' } });
    expect(lookalike.status).toBe(400);
    const plain = await subscribe(ada.headers, { ...device, subscription: { ...device.subscription, endpoint: device.subscription.endpoint.replace('https:', 'http:') } });
    expect(plain.status).toBe(400);
    const badKeys = await subscribe(ada.headers, { ...device, subscription: { ...device.subscription, keys: { p256dh: 'short', auth: '!!' } } });
    expect(badKeys.status).toBe(400);
    expect((await server.ctx.db.select().from(pushSubscriptions)).length).toBe(before);
  });

  it('keeps the ten newest devices of a person', async () => {
    const ada = await signedInUser(server);
    const devices = Array.from({ length: 11 }, () => browserDevice(service));
    for (const device of devices) expect((await subscribe(ada.headers, device)).status).toBe(204);
    const kept = (await devicesOf(ada.user.id)).map((row) => row.endpoint);
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain(devices[0]!.subscription.endpoint);
  });
});

describe('pushes', () => {
  it('a meeting request reaches each of the recipient’s devices, encrypted, with its title and link', async () => {
    const { alice, bob } = await networkingPair(server);
    const [phone, laptop] = [browserDevice(service), browserDevice(service)];
    await subscribe(bob.headers, phone);
    await subscribe(bob.headers, laptop);
    await requestMeeting(server, alice.headers, bob.user.id);
    await server.ctx.pusher.idle();

    for (const device of [phone, laptop]) {
      const [push, ...more] = pushesTo(device);
      expect(more).toHaveLength(0);
      expect(push!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'high' });
      expect(push!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${server.ctx.pusher.publicKey}$`));
      expect(device.read(push!)).toEqual({
        title: `${alice.user.fullName} requested a meeting with you`,
        body: 'Factory Conf',
        link: '/meetings?tab=requests',
        tag: 'meeting_requested',
      });
    }
    const [stored] = await devicesOf(bob.user.id);
    expect(stored!.lastPushedAt).toBeInstanceOf(Date);
    // The requester is told nothing of their own act.
    expect(service.received.filter((push) => push.device === alice.user.id)).toEqual([]);
  });

  it('writes a push in the person’s language (the device shows it as it is); the names stay as written', async () => {
    const { alice, bob } = await networkingPair(server);
    expect((await server.send('PUT', '/api/me/language', bob.headers, { language: 'de' })).status).toBe(200);
    const device = browserDevice(service);
    await subscribe(bob.headers, device);
    await requestMeeting(server, alice.headers, bob.user.id);
    await server.ctx.pusher.idle();

    const [push] = pushesTo(device);
    expect(device.read(push!)).toMatchObject({ title: `${alice.user.fullName} möchte ein Meeting mit Ihnen`, body: 'Factory Conf' });
  });

  it('sends nothing of a kind whose push switch is off; the in-app notification is still written', async () => {
    const { alice, bob } = await networkingPair(server);
    const device = browserDevice(service);
    await subscribe(bob.headers, device);
    const off = await server.send('PUT', '/api/me/notification-preferences', bob.headers, {
      preferences: [{ kind: 'meeting_requested', email: true, push: false, inApp: true }],
    });
    expect(off.status).toBe(200);
    await requestMeeting(server, alice.headers, bob.user.id);
    await server.ctx.pusher.idle();
    expect(pushesTo(device)).toEqual([]);
    const list = (await (await server.send('GET', '/api/me/notifications', bob.headers)).json()) as { items: Array<{ kind: string }> };
    expect(list.items.map((item) => item.kind)).toEqual(['meeting_requested']);
  });

  it('forgets a device the push service says is gone (410), and retries one it could not take (500)', async () => {
    const { alice, bob } = await networkingPair(server);
    const [gone, busy] = [browserDevice(service), browserDevice(service)];
    await subscribe(bob.headers, gone);
    await subscribe(bob.headers, busy);
    service.answer(gone.id, 410);
    service.answer(busy.id, 500);
    await requestMeeting(server, alice.headers, bob.user.id);
    await server.ctx.pusher.idle();

    expect(pushesTo(gone)).toHaveLength(1);
    expect(pushesTo(busy)).toHaveLength(2);
    expect(busy.read(pushesTo(busy)[1]!)).toMatchObject({ tag: 'meeting_requested' });
    expect((await devicesOf(bob.user.id)).map((row) => row.endpoint)).toEqual([busy.subscription.endpoint]);
  });

  it('pushes nothing when the write that caused the notification rolls back', async () => {
    const { alice, bob } = await networkingPair(server);
    const device = browserDevice(service);
    await subscribe(bob.headers, device);
    await notifyThenRollBack(server.ctx, {
      userId: bob.user.id,
      actorId: alice.user.id,
      eventId: null,
      facts: { kind: 'meeting_requested', actorName: alice.user.fullName, eventName: null },
    });
    await server.ctx.pusher.idle();
    expect(pushesTo(device)).toEqual([]);
  });
});
