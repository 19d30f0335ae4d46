import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { matchOf } from '@mingle/shared/domain/matchmaking';
import { liveTopics } from '@mingle/shared/core/live';
import { blockedUsers } from '../../platform/db/schema/messages.ts';
import { userConnections, userInteractions } from '../../platform/db/schema/networking.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { addAttendee, createEvent } from '../../test/event-factories.ts';
import { createUser, signedInUser, signIn, type TestUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const server = useTestServer();


interface Attendee {
  id: string;
  fullName: string;
  interests: string[];
  goals: string[];
  reasons: string[];
  connected: boolean;
}
interface Page {
  attendees: Attendee[];
  nextCursor: string | null;
}

/** The code a user's connect QR carries (made with their personal QR token, as the QR dialog does). */
async function connectCodeOf(user: TestUser): Promise<string> {
  const headers = await signIn(server, user);
  const made = await server.send('POST', '/api/me/qr-token', headers);
  expect(made.status).toBe(200);
  return ((await made.json()) as { connectCode: string }).connectCode;
}

async function setProfile(userId: string, patch: Partial<typeof profiles.$inferInsert>) {
  await server.ctx.db.update(profiles).set(patch).where(eq(profiles.id, userId));
}

/** A networking event with a signed-in viewer and `count` other attendees. */
async function networkingEvent(count: number, allowAttendeeNetworking = true) {
  const owner = await createUser(server.ctx);
  const event = await createEvent(server.ctx, owner.id, { allowAttendeeNetworking });
  const viewer = await signedInUser(server);
  await addAttendee(server.ctx, event.id, viewer.user.id);
  const others = [];
  for (let index = 0; index < count; index++) {
    const user = await createUser(server.ctx, { fullName: `Person ${index} ${viewer.user.id.slice(0, 6)}` });
    await addAttendee(server.ctx, event.id, user.id);
    others.push(user);
  }
  return { event, viewer, others };
}

const list = async (headers: Headers, query = '') => {
  const response = await server.request(`/api/attendees${query}`, { headers });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
};

describe('discover attendees', () => {
  it('lists only people who share a networking-enabled event, never the viewer, never who left or blocked', async () => {
    const { event, viewer, others } = await networkingEvent(4);
    const quiet = await networkingEvent(1, false);
    // Someone in a networking-off event with the viewer: not listed.
    await addAttendee(server.ctx, quiet.event.id, viewer.user.id);
    const stranger = await createUser(server.ctx);
    await setProfile(others[0]!.id, { discoverable: false });
    await server.ctx.db.insert(blockedUsers).values({ userId: others[1]!.id, blockedUserId: viewer.user.id });
    const page = await list(viewer.headers);
    const ids = page.attendees.map((attendee) => attendee.id).sort();
    expect(ids).toEqual([others[2]!.id, others[3]!.id].sort());
    expect(ids).not.toContain(viewer.user.id);
    expect(ids).not.toContain(quiet.others[0]!.id);
    expect(ids).not.toContain(stranger.id);
    // A person in no networking event sees nobody.
    const alone = await signedInUser(server);
    expect((await list(alone.headers)).attendees).toEqual([]);
    expect((await server.request('/api/attendees')).status).toBe(401);
    expect(event.allowAttendeeNetworking).toBe(true);
  });

  it('searches name, company, job title, interests and goals case-insensitively', async () => {
    const { viewer, others } = await networkingEvent(5);
    await setProfile(others[0]!.id, { fullName: 'Zelda Quasar' });
    await setProfile(others[1]!.id, { companyOrInstitution: 'Quasarworks' });
    await setProfile(others[2]!.id, { jobTitle: 'Head of QUASAR' });
    await setProfile(others[3]!.id, { selectedInterests: ['Quasar Physics'] });
    await setProfile(others[4]!.id, { selectedGoals: ['Find a quasar'] });
    const page = await list(viewer.headers, '?q=qUaSaR');
    expect(page.attendees.map((a) => a.id).sort()).toEqual(others.map((o) => o.id).sort());
    expect((await list(viewer.headers, '?q=%25')).attendees).toEqual([]);
    expect((await list(viewer.headers, '?q=nobody-like-this')).attendees).toEqual([]);
  });

  it('recommends by the reasons, in words, and pages by cursor without repeats', async () => {
    const { viewer, others } = await networkingEvent(7);
    await setProfile(viewer.user.id, { selectedInterests: ['Fintech', 'Sales'], selectedGoals: ['Find a job', 'Find a co-founder'] });
    await setProfile(others[0]!.id, { selectedInterests: ['Fintech'], selectedGoals: [] });
    await setProfile(others[1]!.id, { selectedInterests: ['fintech', 'Sales'], selectedGoals: ['Hire talent', 'Find a co-founder'] });
    await setProfile(others[2]!.id, { selectedInterests: [], selectedGoals: ['Hire talent'] });
    const first = await list(viewer.headers, '?limit=2');
    expect(first.attendees.map((a) => a.id)).toEqual([others[1]!.id, expect.any(String)]);
    expect(first.attendees[0]!.reasons).toEqual([
      'They want to hire talent; you want to find a job',
      'You both want to: Find a co-founder',
      'You both are into: fintech, Sales',
    ]);
    const seen = [...first.attendees.map((a) => a.id)];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await list(viewer.headers, `?limit=2&cursor=${cursor}`);
      seen.push(...next.attendees.map((a) => a.id));
      cursor = next.nextCursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    // Newest first: the last created first.
    const newest = await list(viewer.headers, '?order=newest&limit=50');
    expect(newest.attendees[0]!.id).toBe(others[6]!.id);
    expect((await server.request('/api/attendees?cursor=nonsense', { headers: viewer.headers })).status).toBe(400);
  });

  it('ranks by exactly the score the card explains, over every page, whatever the case, spaces or repeats', async () => {
    const { viewer, others } = await networkingEvent(6);
    const me = { interests: ['AI', 'Cloud '], goals: ['Hire talent', 'Meet investors'] };
    await setProfile(viewer.user.id, { selectedInterests: me.interests, selectedGoals: me.goals });
    const theirs = [
      { interests: [' ai', 'AI', 'cloud'], goals: [] }, // 2: a repeat counts once, as on the card
      { interests: [], goals: ['Find a job', 'Invest in startups', 'Meet founders'] }, // 3 complementary
      { interests: ['Design'], goals: ['hire TALENT'] }, // 1 shared goal
      { interests: ['AI'], goals: ['Hire talent', 'Find a job', 'Meet investors'] }, // 1 + 2 shared + 1 complementary
      { interests: ['Design'], goals: ['Mentor others'] }, // 0
      { interests: ['Cloud'], goals: [] }, // 1
    ];
    for (const [index, profile] of theirs.entries()) {
      await setProfile(others[index]!.id, { selectedInterests: profile.interests, selectedGoals: profile.goals });
    }
    const seen: Attendee[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next = await list(viewer.headers, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.attendees);
      cursor = next.nextCursor;
    }
    const scores = seen.map((attendee) => matchOf(me, attendee).score);
    // Equal scores: newest first (others[5] joined after others[2]).
    expect(seen.map((attendee) => attendee.id)).toEqual([3, 1, 0, 5, 2, 4].map((index) => others[index]!.id));
    expect(scores).toEqual([4, 3, 2, 1, 1, 0]);
    const [keys] = await server.ctx.db
      .select({ interests: profiles.interestKeys, goals: profiles.goalKeys })
      .from(profiles)
      .where(eq(profiles.id, others[0]!.id));
    expect(keys).toEqual({ interests: ['ai', 'cloud'], goals: [] });
  });
});

describe('connect', () => {
  it('awards 10 points once, with level and total_interactions, however many parallel presses', async () => {
    const { viewer, others } = await networkingEvent(1);
    const target = others[0]!;
    await setProfile(viewer.user.id, { points: 95, level: 1, totalInteractions: 3 });
    const published: string[] = [];
    const stop = server.ctx.live.onMessage((message) => {
      if (message.topic === liveTopics.userAccount(viewer.user.id)) published.push(message.event.kind);
    });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => server.send('POST', '/api/connections', viewer.headers, { userId: target.id })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const refused = responses.find((response) => response.status === 409)!;
    expect(await errorOf(refused)).toEqual({ code: 'already_connected', message: "You're already connected with this user" });
    const [profile] = await server.ctx.db.select().from(profiles).where(eq(profiles.id, viewer.user.id));
    expect(profile).toMatchObject({ points: 105, level: 2, totalInteractions: 4 });
    const interactions = await server.ctx.db
      .select()
      .from(userInteractions)
      .where(and(eq(userInteractions.initiatorId, viewer.user.id), eq(userInteractions.recipientId, target.id)));
    expect(interactions).toHaveLength(1);
    expect(interactions[0]!.pointsAwarded).toBe(10);
    const [pair] = await server.ctx.db
      .select()
      .from(userConnections)
      .where(sql`${userConnections.userId1} = least(${viewer.user.id}::uuid, ${target.id}::uuid)`);
    expect(pair).toBeTruthy();
    // The other way round is the same pair: refused, no second award.
    const back = await signIn(server, target);
    expect((await server.send('POST', '/api/connections', back, { userId: viewer.user.id })).status).toBe(409);
    const [targetProfile] = await server.ctx.db.select().from(profiles).where(eq(profiles.id, target.id));
    expect(targetProfile!.points).toBe(0);
    // Listed as connected now.
    expect((await list(viewer.headers)).attendees[0]!.connected).toBe(true);
    await expect.poll(() => published).toContain('points.awarded');
    stop();
  });

  it('refuses yourself with the spec message, and strangers or blocked people as not found', async () => {
    const { viewer } = await networkingEvent(0);
    // The viewer's connections, interactions and points: what a refused connect must leave as they were.
    const viewersRows = async () => ({
      connections: await server.ctx.db
        .select()
        .from(userConnections)
        .where(sql`${viewer.user.id}::uuid in (${userConnections.userId1}, ${userConnections.userId2})`)
        .orderBy(userConnections.userId1, userConnections.userId2),
      interactions: await server.ctx.db.select().from(userInteractions).where(eq(userInteractions.initiatorId, viewer.user.id)).orderBy(userInteractions.id),
      profile: await server.ctx.db.select({ points: profiles.points }).from(profiles).where(eq(profiles.id, viewer.user.id)),
    });
    const stranger = await createUser(server.ctx);
    await expectNothingWritten(viewersRows, async () => {
      const self = await server.send('POST', '/api/connections', viewer.headers, { userId: viewer.user.id });
      expect(self.status).toBe(400);
      expect((await errorOf(self)).message).toBe('You cannot connect with yourself');
      expect((await server.send('POST', '/api/connections', viewer.headers, { userId: stranger.id })).status).toBe(404);
    });
    // By QR code a stranger is fine with the code their connect QR carries (shown in person)...
    const strangerCode = await connectCodeOf(stranger);
    expect((await server.send('POST', '/api/connections', viewer.headers, { userId: stranger.id, via: 'qr_scan', token: strangerCode })).status).toBe(201);
    // ...but not someone who blocked you, even with their code.
    const blocker = await createUser(server.ctx);
    const blockerCode = await connectCodeOf(blocker);
    await server.ctx.db.insert(blockedUsers).values({ userId: blocker.id, blockedUserId: viewer.user.id });
    await expectNothingWritten(viewersRows, async () => {
      expect((await server.send('POST', '/api/connections', viewer.headers, { userId: blocker.id, via: 'qr_scan', token: blockerCode })).status).toBe(404);
      expect((await server.send('POST', '/api/connections', undefined, { userId: stranger.id })).status).toBe(401);
    });
  });

  it('QR connect needs the scanned person’s live connect code: none, wrong, another’s or a regenerated one is refused, nothing written, no points', async () => {
    const viewer = await signedInUser(server);
    // Someone who left the directory and shares no event: only their QR, shown in person, reaches them.
    const target = await createUser(server.ctx);
    await setProfile(target.id, { discoverable: false });
    const other = await createUser(server.ctx);
    const otherCode = await connectCodeOf(other);
    const oldCode = await connectCodeOf(target);
    const code = await connectCodeOf(target); // Regenerate: the first code stops working.
    expect(code).not.toBe(oldCode);
    const tries = [undefined, '', 'x'.repeat(43), `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`, otherCode, oldCode, 'y'.repeat(200)];
    for (const token of tries) {
      const refused = await server.send('POST', '/api/connections', viewer.headers, { userId: target.id, via: 'qr_scan', ...(token === undefined ? {} : { token }) });
      expect(refused.status).toBe(404);
      expect((await errorOf(refused)).message).toBe('User not found');
      const card = await server.request(`/api/connect/${target.id}${token ? `?token=${encodeURIComponent(token)}` : ''}`, { headers: viewer.headers });
      expect(card.status).toBe(404);
    }
    // The code of one person does not connect you with another.
    expect((await server.send('POST', '/api/connections', viewer.headers, { userId: other.id, via: 'qr_scan', token: code })).status).toBe(404);
    const pair = [viewer.user.id, target.id].sort() as [string, string];
    const rowsOf = async () => ({
      connections: await server.ctx.db.select().from(userConnections).where(and(eq(userConnections.userId1, pair[0]), eq(userConnections.userId2, pair[1]))),
      interactions: await server.ctx.db.select().from(userInteractions).where(eq(userInteractions.initiatorId, viewer.user.id)),
      points: (await server.ctx.db.select({ points: profiles.points }).from(profiles).where(eq(profiles.id, viewer.user.id)))[0]!.points,
    });
    expect(await rowsOf()).toEqual({ connections: [], interactions: [], points: 0 });
    // An expired code is refused too.
    await setProfile(target.id, { qrTokenExpiresAt: new Date(Date.now() - 1000) });
    expect((await server.send('POST', '/api/connections', viewer.headers, { userId: target.id, via: 'qr_scan', token: code })).status).toBe(404);
    expect(await rowsOf()).toEqual({ connections: [], interactions: [], points: 0 });
    // The live code connects, once.
    const fresh = await connectCodeOf(target);
    expect((await (await server.request(`/api/connect/${target.id}?token=${encodeURIComponent(fresh)}`, { headers: viewer.headers })).json()) as unknown).toMatchObject({ id: target.id, connected: false });
    const made = await server.send('POST', '/api/connections', viewer.headers, { userId: target.id, via: 'qr_scan', token: fresh });
    expect(made.status).toBe(201);
    const after = await rowsOf();
    expect(after.connections).toHaveLength(1);
    expect(after.connections[0]!.connectionType).toBe('qr_scan');
    expect(after.points).toBe(10);
  });

  it('QR connect: the card, whether connected, and yourself', async () => {
    const { viewer, others } = await networkingEvent(1);
    const target = others[0]!;
    const card = async (id: string, token?: string) =>
      server.request(`/api/connect/${id}${token ? `?token=${encodeURIComponent(token)}` : ''}`, { headers: viewer.headers });
    const code = await connectCodeOf(target);
    const before = (await (await card(target.id, code)).json()) as { fullName: string; connected: boolean; isSelf: boolean };
    expect(before).toMatchObject({ fullName: target.fullName, connected: false, isSelf: false });
    await server.send('POST', '/api/connections', viewer.headers, { userId: target.id, via: 'qr_scan', token: code });
    // Once connected, the card opens without the code.
    expect(((await (await card(target.id)).json()) as { connected: boolean }).connected).toBe(true);
    expect(((await (await card(viewer.user.id)).json()) as { isSelf: boolean }).isSelf).toBe(true);
    expect((await card('not-a-uuid')).status).toBe(404);
    expect((await server.request(`/api/connect/${target.id}`)).status).toBe(401);
  });

  it('leaving the directory hides you and can be undone', async () => {
    const { viewer, others } = await networkingEvent(1);
    const them = await signIn(server, others[0]!);
    expect((await list(them)).attendees.map((a) => a.id)).toEqual([viewer.user.id]);
    expect((await server.request('/api/networking/settings', { headers: viewer.headers }).then((r) => r.json())) as unknown).toEqual({ discoverable: true });
    const off = await server.send('PUT', '/api/networking/settings', viewer.headers, { discoverable: false });
    expect(await off.json()).toEqual({ discoverable: false });
    const [row] = await server.ctx.db.select({ discoverable: profiles.discoverable }).from(profiles).where(eq(profiles.id, viewer.user.id));
    expect(row!.discoverable).toBe(false);
    expect((await list(them)).attendees).toEqual([]);
    await server.send('PUT', '/api/networking/settings', viewer.headers, { discoverable: true });
    expect((await list(them)).attendees).toHaveLength(1);
    expect((await server.send('PUT', '/api/networking/settings', viewer.headers, { discoverable: 'no' })).status).toBe(400);
  });
});
