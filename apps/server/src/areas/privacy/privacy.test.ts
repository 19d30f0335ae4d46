import { and, eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { QaDto } from '@mingle/shared/qa/contract';
import {
  DELETE_ACCOUNT_OWNS_EVENTS_MESSAGE,
  DELETE_ACCOUNT_PASSWORD_MESSAGE,
  DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE,
  DELETED_USER_NAME,
} from '@mingle/shared/privacy/inputs';
import { API_KEY_ACCOUNT_MESSAGE } from '../../platform/auth/api-key.ts';
import { authAccounts, authSessions, authUsers } from '../../platform/db/schema/auth.ts';
import { sessionQa } from '../../platform/db/schema/engagement.ts';
import { eventAttendees } from '../../platform/db/schema/events.ts';
import { messages } from '../../platform/db/schema/messages.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { eventWaitlist } from '../../platform/db/schema/registrations.ts';
import { sponsorLeads, sponsors } from '../../platform/db/schema/sponsors.ts';
import { webhookDeliveries, webhookEndpoints } from '../../platform/db/schema/webhooks.ts';
import { createEvent, createSession, networkingPair } from '../../test/event-factories.ts';
import { createUser, signedInUser, TEST_PASSWORD } from '../../test/factories.ts';
import { errorOf, jsonRequest, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const server = useTestServer();

type Who = Awaited<ReturnType<typeof signedInUser>>;

const deleteAccount = (who: Pick<Who, 'headers'>, body: unknown) => server.send('POST', '/api/me/account-deletion', who.headers, body);

/** What a deletion would change of the person: their account, sign-in methods, sessions and profile. */
const accountState = async (userId: string) => ({
  user: await server.ctx.db.select().from(authUsers).where(eq(authUsers.id, userId)),
  accounts: await server.ctx.db.select().from(authAccounts).where(eq(authAccounts.userId, userId)),
  sessions: await server.ctx.db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, userId)),
  profile: await server.ctx.db.select().from(profiles).where(eq(profiles.id, userId)),
});

async function makeKey(who: Who): Promise<string> {
  const response = await server.send('POST', '/api/me/api-keys', who.headers, { name: 'Script', access: 'read-write', eventId: null, expiresAt: null });
  expect(response.status).toBe(201);
  return ((await response.json()) as { key: string }).key;
}

/** An event where Alice and Bob network, a session with Q&A, and a sponsor Alice gave her details to. */
async function aliceAndBob() {
  const pair = await networkingPair(server);
  const session = await createSession(server.ctx, pair.event);
  const [sponsor] = await server.ctx.db.insert(sponsors).values({ eventId: pair.event.id, companyName: 'Privacy Robotics' }).returning();
  return { ...pair, session, sponsorId: sponsor!.id };
}

async function ask(who: Who, sessionId: string, question: string): Promise<string> {
  const response = await server.send('POST', `/api/sessions/${sessionId}/qa`, who.headers, { question });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function send(from: Who, to: Who, content: string) {
  return server.send('POST', '/api/messages', from.headers, { recipientId: to.user.id, content });
}

describe('Download my data', () => {
  it("answers one dated JSON file with the person's data, their sent messages, and not what others wrote them", async () => {
    const { alice, bob, session, sponsorId } = await aliceAndBob();
    expect((await send(alice, bob, 'Hello Bob, from Alice')).status).toBe(201);
    expect((await send(bob, alice, 'Secret words of Bob')).status).toBe(201);
    await ask(alice, session.id, 'What does the archive hold?');
    expect((await server.send('PUT', `/api/sponsors/${sponsorId}/lead`, alice.headers, { interestLevel: 'high' })).status).toBeLessThan(300);

    const response = await server.send('GET', '/api/me/data-export', alice.headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="mingle-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await response.text();
    const archive = JSON.parse(text) as {
      account: { id: string; email: string; signInMethods: Array<{ provider: string }> };
      profile: { fullName: string };
      consents: { termsAcceptedAt: string | null };
      registrations: unknown[];
      messagesSent: Array<{ content: string }>;
      messagesReceivedCount: number;
      questions: Array<{ question: string }>;
      leadsGiven: unknown[];
      truncated: string[];
    };
    expect(archive.account).toMatchObject({ id: alice.user.id, email: alice.user.email, signInMethods: [{ provider: 'credential' }] });
    expect(archive.profile.fullName).toBe(alice.user.fullName);
    expect(archive.consents.termsAcceptedAt).not.toBeNull();
    expect(archive.registrations).toHaveLength(1);
    expect(archive.messagesSent.map((m) => m.content)).toEqual(['Hello Bob, from Alice']);
    expect(archive.messagesReceivedCount).toBe(1);
    expect(archive.questions.map((q) => q.question)).toEqual(['What does the archive hold?']);
    expect(archive.leadsGiven).toMatchObject([{ sponsorId, sponsor: 'Privacy Robotics', interestLevel: 'high' }]);
    expect(archive.truncated).toEqual([]);
    expect(text).not.toContain('Secret words of Bob');
    const [credential] = await server.ctx.db.select({ password: authAccounts.password }).from(authAccounts).where(eq(authAccounts.userId, alice.user.id));
    expect(text).not.toContain(credential!.password!);
  });

  it('is refused to a visitor and to an API key', async () => {
    const who = await signedInUser(server);
    expect((await server.send('GET', '/api/me/data-export', new Headers())).status).toBe(401);
    const key = await makeKey(who);
    const response = await server.request('/api/me/data-export', { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toBe(API_KEY_ACCOUNT_MESSAGE);
  });
});

describe('Delete my account: the confirmation', () => {
  it('asks a password account for its password, and refuses a missing or wrong one without writing', async () => {
    const who = await signedInUser(server);
    expect(await (await server.send('GET', '/api/me/account-deletion', who.headers)).json()).toEqual({ confirmWith: 'password', ownsEvents: false });
    await expectNothingWritten(
      () => accountState(who.user.id),
      async () => {
        const missing = await deleteAccount(who, {});
        expect(missing.status).toBe(400);
        expect((await errorOf(missing)).message).toBe(DELETE_ACCOUNT_PASSWORD_MESSAGE);
        const wrong = await deleteAccount(who, { password: 'not-the-password' });
        expect(wrong.status).toBe(403);
        expect((await errorOf(wrong)).message).toBe(DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE);
      },
    );
  });

  it("deletes only the caller: another person's password deletes no one", async () => {
    const [alice, bob] = await Promise.all([signedInUser(server), signedInUser(server)]);
    await expectNothingWritten(
      async () => [await accountState(alice.user.id), await accountState(bob.user.id)],
      async () => {
        // Bob knows Alice's password (the factories give everyone the same one): only Bob's own account could go, so
        // a wrong one for him is refused, and there is no way to name Alice.
        expect((await deleteAccount(bob, { password: 'someone-elses-password', userId: alice.user.id })).status).toBe(403);
      },
    );
  });

  it('is refused to an API key, even with the right password', async () => {
    const who = await signedInUser(server);
    const key = await makeKey(who);
    await expectNothingWritten(
      () => accountState(who.user.id),
      async () => {
        const response = await server.request('/api/me/account-deletion', jsonRequest({ password: TEST_PASSWORD }, { headers: { authorization: `Bearer ${key}` } }));
        expect(response.status).toBe(403);
        expect((await errorOf(response)).message).toBe(API_KEY_ACCOUNT_MESSAGE);
      },
    );
  });

  it('is refused while the person organizes an event', async () => {
    const owner = await signedInUser(server);
    await createEvent(server.ctx, owner.user.id);
    expect(await (await server.send('GET', '/api/me/account-deletion', owner.headers)).json()).toEqual({ confirmWith: 'password', ownsEvents: true });
    await expectNothingWritten(
      () => accountState(owner.user.id),
      async () => {
        const response = await deleteAccount(owner, { password: TEST_PASSWORD });
        expect(response.status).toBe(409);
        expect((await errorOf(response)).message).toBe(DELETE_ACCOUNT_OWNS_EVENTS_MESSAGE);
      },
    );
  });
});

describe('Delete my account: what goes and what stays', () => {
  it('signs out everywhere, stops sign-in, erases the profile, withdraws leads, and keeps what others rely on as "Deleted user"', async () => {
    const { alice, bob, session, sponsorId, event } = await aliceAndBob();
    const upvoted = await ask(alice, session.id, 'Kept: Bob upvoted it');
    const alone = await ask(alice, session.id, 'Gone: nobody relied on it');
    expect((await server.send('PUT', `/api/qa/${upvoted}/upvote`, bob.headers)).status).toBe(200);
    expect((await send(alice, bob, 'A message Bob received')).status).toBe(201);
    expect((await server.send('PUT', `/api/sponsors/${sponsorId}/lead`, alice.headers, { interestLevel: 'high' })).status).toBeLessThan(300);
    const otherDevice = await signedInUser(server).then(() => server.request('/api/auth/sign-in/email', jsonRequest({ email: alice.user.email, password: TEST_PASSWORD })));
    expect(otherDevice.status).toBe(200);

    const response = await deleteAccount(alice, { password: TEST_PASSWORD });
    expect(response.status, await response.clone().text()).toBe(204);

    // Signed out on every device, and the password signs in no more.
    expect(await server.ctx.db.select().from(authSessions).where(eq(authSessions.userId, alice.user.id))).toEqual([]);
    expect((await server.send('GET', '/api/me/account-deletion', alice.headers)).status).toBe(401);
    expect((await server.request('/api/auth/sign-in/email', jsonRequest({ email: alice.user.email, password: TEST_PASSWORD }))).status).toBe(401);

    // Erased: the profile is a tombstone, the email an undeliverable address; the registration and the lead are gone.
    const [profile] = await server.ctx.db.select().from(profiles).where(eq(profiles.id, alice.user.id));
    expect(profile).toMatchObject({ fullName: DELETED_USER_NAME, companyOrInstitution: null, bio: null, avatarUrl: null, discoverable: false, termsAcceptedAt: null });
    const [user] = await server.ctx.db.select().from(authUsers).where(eq(authUsers.id, alice.user.id));
    expect(user).toMatchObject({ name: DELETED_USER_NAME, email: `deleted-${alice.user.id}@deleted.invalid` });
    expect(await server.ctx.db.select().from(eventAttendees).where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, alice.user.id)))).toEqual([]);
    expect(await server.ctx.db.select().from(sponsorLeads).where(eq(sponsorLeads.userId, alice.user.id))).toEqual([]);

    // Kept for Bob: the question he upvoted (from "Deleted user") and the message he received; the other question went.
    const qa = (await (await server.send('GET', `/api/sessions/${session.id}/qa`, bob.headers)).json()) as QaDto;
    expect(qa.questions.map((q) => [q.question, q.askedBy])).toEqual([['Kept: Bob upvoted it', DELETED_USER_NAME]]);
    expect(await server.ctx.db.select({ id: sessionQa.id }).from(sessionQa).where(eq(sessionQa.id, alone))).toEqual([]);
    const kept = await server.ctx.db.select({ content: messages.content }).from(messages).where(eq(messages.senderId, alice.user.id));
    expect(kept).toEqual([{ content: 'A message Bob received' }]);

    // A second deletion finds nothing to delete (the old cookie no longer names anyone).
    expect((await deleteAccount(alice, { password: TEST_PASSWORD })).status).toBe(401);
  });

  it("frees the person's place for the next one waiting, and tells the event's webhooks through the queue", async () => {
    const owner = await createUser(server.ctx);
    const event = await createEvent(server.ctx, owner.id, { capacity: 1, registrationOpen: true });
    const [alice, carol] = await Promise.all([signedInUser(server), signedInUser(server)]);
    expect((await server.send('POST', `/api/events/${event.id}/registration`, alice.headers, {})).status).toBe(200);
    expect((await server.send('POST', `/api/events/${event.id}/registration`, carol.headers, {})).status).toBe(200);
    expect(await server.ctx.db.select().from(eventWaitlist).where(eq(eventWaitlist.userId, carol.user.id))).toHaveLength(1);
    // Held (a lease far ahead): the delivery is queued, never sent.
    const [endpoint] = await server.ctx.db
      .insert(webhookEndpoints)
      .values({ eventId: event.id, url: 'https://93.184.215.14/privacy', eventTypes: ['registration.cancelled'], secret: 'whsec_privacy-test', drainLeaseUntil: new Date(Date.now() + 86_400_000) })
      .returning();

    expect((await deleteAccount(alice, { password: TEST_PASSWORD })).status).toBe(204);

    const attendees = await server.ctx.db.select({ userId: eventAttendees.userId }).from(eventAttendees).where(eq(eventAttendees.eventId, event.id));
    expect(attendees).toEqual([{ userId: carol.user.id }]);
    expect(await server.ctx.db.select().from(eventWaitlist).where(eq(eventWaitlist.eventId, event.id))).toEqual([]);
    const [delivery] = await server.ctx.db.select({ payload: webhookDeliveries.payload }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(delivery?.payload).toMatchObject({ type: 'registration.cancelled', data: { eventId: event.id, userId: alice.user.id, fullName: DELETED_USER_NAME, endedFrom: 'registered' } });
  });

  it('settles a deletion racing with messages both ways: no error, nothing sent after it, every accepted message kept', async () => {
    const { alice, bob } = await aliceAndBob();
    const writes = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? send(alice, bob, `From Alice ${i}`) : send(bob, alice, `To Alice ${i}`)));
    const [deletion, ...answers] = await Promise.all([deleteAccount(alice, { password: TEST_PASSWORD }), ...writes]);
    expect(deletion.status).toBe(204);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => [201, 401, 403, 404].includes(status)), statuses.join()).toBe(true);
    const accepted = await Promise.all(answers.filter((answer) => answer.status === 201).map(async (answer) => ((await answer.json()) as { id: string }).id));
    const stored = await server.ctx.db
      .select({ id: messages.id })
      .from(messages)
      .where(or(eq(messages.senderId, alice.user.id), eq(messages.recipientId, alice.user.id)));
    expect(stored.map((row) => row.id).sort()).toEqual(expect.arrayContaining(accepted.sort()));
    // After the deletion, Alice can send nothing.
    expect((await send(alice, bob, 'Too late')).status).toBe(401);
    expect(await server.ctx.db.select().from(authSessions).where(eq(authSessions.userId, alice.user.id))).toEqual([]);
  });
});

