import { describe, expect, it } from 'vitest';
import { eventAttendees, eventVolunteers } from '../../platform/db/schema/events.ts';
import { addAttendee, addVolunteer, checkInAttendee, createEvent, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { and, eq } from 'drizzle-orm';

const server = useTestServer();


async function castWithGoodie() {
  const cast = await eventWithCast(server, { name: 'Manager Conf', timezone: 'America/Chicago' });
  await checkInAttendee(server.ctx, cast.event.id, cast.attendee.user.id);
  await server.ctx.db.update(eventVolunteers).set({ allocatedGoodies: 5 }).where(eq(eventVolunteers.eventId, cast.event.id));
  const token = (await (await server.send('POST', '/api/me/qr-token', cast.attendee.headers)).json()) as { token: string };
  const given = await server.send('POST', `/api/events/${cast.event.id}/goodie-distributions`, cast.volunteer.headers, { token: token.token });
  expect(given.status).toBe(200);
  return cast;
}

describe('event manager dashboard', () => {
  it('answers stats and lists over the caller’s own (created or co-owned) events only', async () => {
    const cast = await castWithGoodie();
    for (const who of [cast.owner, cast.coOwner]) {
      const overview = await server.send('GET', '/api/manager/overview', who.headers);
      expect(overview.status).toBe(200);
      const body = (await overview.json()) as { stats: Record<string, number>; events: Array<{ id: string; isOwner: boolean }> };
      expect(body.stats).toEqual({ myEvents: 1, totalAttendees: 1, goodiesDistributed: 1, totalUsers: 1 });
      expect(body.events.map((e) => e.id)).toEqual([cast.event.id]);
      expect(body.events[0]).toMatchObject({ isOwner: who === cast.owner, registered: 1, checkedIn: 1, timezone: 'America/Chicago' });
    }
    const recipients = (await (await server.send('GET', '/api/manager/goodie-recipients', cast.owner.headers)).json()) as { items: Array<Record<string, unknown>> };
    expect(recipients.items).toEqual([
      expect.objectContaining({ userId: cast.attendee.user.id, fullName: cast.attendee.user.fullName, giverName: cast.volunteer.user.fullName, eventName: 'Manager Conf' }),
    ]);
    const volunteers = (await (await server.send('GET', '/api/manager/volunteers', cast.owner.headers)).json()) as { volunteers: Array<Record<string, unknown>> };
    expect(volunteers.volunteers).toEqual([
      expect.objectContaining({ userId: cast.volunteer.user.id, allocatedGoodies: 5, distributedGoodies: 1, isCoOwner: false }),
    ]);
    const users = (await (await server.send('GET', '/api/manager/users', cast.owner.headers)).json()) as { items: Array<{ id: string }> };
    expect(users.items.map((u) => u.id)).toEqual([cast.attendee.user.id]);

    // Another event's owner sees none of it.
    const other = (await (await server.send('GET', '/api/manager/overview', cast.otherOwner.headers)).json()) as { stats: Record<string, number> };
    expect(other.stats).toEqual({ myEvents: 1, totalAttendees: 0, goodiesDistributed: 0, totalUsers: 0 });
    expect(((await (await server.send('GET', '/api/manager/goodie-recipients', cast.otherOwner.headers)).json()) as { items: unknown[] }).items).toEqual([]);
  });

  it('is for event owners, volunteers and super admins only', async () => {
    const cast = await eventWithCast(server);
    for (const path of ['/api/manager/overview', '/api/manager/goodie-recipients', '/api/manager/volunteers', '/api/manager/users']) {
      expect((await server.send('GET', path)).status).toBe(401);
      const denied = await server.send('GET', path, cast.attendee.headers);
      expect(denied.status).toBe(403);
      expect(await errorOf(denied)).toEqual({ code: 'forbidden', message: "You don't have permission to access this page" });
      for (const who of [cast.owner, cast.volunteer, cast.admin]) expect((await server.send('GET', path, who.headers)).status).toBe(200);
    }
    expect((await server.send('GET', '/api/manager/users?cursor=nonsense', cast.owner.headers)).status).toBe(400);
  });

  it('pages All Users by cursor; super admins see everyone', async () => {
    const owner = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.user.id);
    const people = await Promise.all(Array.from({ length: 55 }, () => signedInUser(server)));
    for (const p of people) await addAttendee(server.ctx, event.id, p.user.id);
    const first = (await (await server.send('GET', '/api/manager/users', owner.headers)).json()) as { items: Array<{ id: string }>; nextCursor: string };
    expect(first.items).toHaveLength(50);
    const second = (await (await server.send('GET', `/api/manager/users?cursor=${first.nextCursor}`, owner.headers)).json()) as { items: Array<{ id: string }>; nextCursor: null };
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((u) => u.id))).toEqual(new Set(people.map((p) => p.user.id)));
    const admin = await signedInUser(server, { roles: ['super_admin'] });
    const all = (await (await server.send('GET', '/api/manager/overview', admin.headers)).json()) as { stats: { totalUsers: number } };
    expect(all.stats.totalUsers).toBeGreaterThanOrEqual(57);
  }, 120_000);
});

describe('promote to co-owner', () => {
  it('lets owner, co-owner and super admin promote a volunteer once, with the spec messages', async () => {
    const cast = await eventWithCast(server);
    const promote = (headers: Headers | undefined, userId: string) => server.send('POST', `/api/events/${cast.event.id}/co-owners`, headers, { userId });
    for (const who of [cast.volunteer, cast.attendee]) expect((await promote(who.headers, cast.volunteer.user.id)).status).toBe(403);
    expect((await promote(cast.otherOwner.headers, cast.volunteer.user.id)).status).toBe(404);
    expect((await promote(undefined, cast.volunteer.user.id)).status).toBe(401);
    expect((await promote(cast.owner.headers, cast.attendee.user.id)).status).toBe(404);

    // Promotion is an invitation (issue 16): nothing changes until the volunteer accepts.
    const done = await promote(cast.owner.headers, cast.volunteer.user.id);
    expect(done.status).toBe(201);
    expect(await done.json()).toEqual({ userId: cast.volunteer.user.id, fullName: cast.volunteer.user.fullName, emailSent: true });
    expect((await server.send('GET', '/api/manager/overview', cast.volunteer.headers)).status).toBe(200);
    const before = (await (await server.send('GET', '/api/manager/overview', cast.volunteer.headers)).json()) as { events: unknown[] };
    expect(before.events).toEqual([]);
    const mine = (await (await server.send('GET', '/api/me/invitations', cast.volunteer.headers)).json()) as { invitations: Array<{ id: string; role: string }> };
    expect(mine.invitations).toEqual([expect.objectContaining({ role: 'co_owner', eventId: cast.event.id })]);
    expect((await server.send('POST', `/api/me/invitations/${mine.invitations[0]!.id}/accept`, cast.volunteer.headers)).status).toBe(200);
    for (const who of [cast.owner, cast.coOwner, cast.admin]) {
      const again = await promote(who.headers, cast.volunteer.user.id);
      expect(again.status).toBe(409);
      expect(await errorOf(again)).toEqual({ code: 'already_co_owner', message: 'User is already a co-owner of this event' });
    }
    // The new co-owner now manages the event (sees it in My Events) but cannot delete it.
    const overview = (await (await server.send('GET', '/api/manager/overview', cast.volunteer.headers)).json()) as { events: Array<{ id: string; isOwner: boolean }> };
    expect(overview.events).toEqual([expect.objectContaining({ id: cast.event.id, isOwner: false })]);
    expect((await server.send('DELETE', `/api/events/${cast.event.id}`, cast.volunteer.headers)).status).toBe(403);

    // Parallel promotions of one volunteer: one pending invitation (the unique pending index), one grant.
    const second = await signedInUser(server);
    await addVolunteer(server.ctx, cast.event.id, second.user.id);
    const results = await Promise.all([cast.owner, cast.coOwner, cast.admin, cast.owner].map((who) => promote(who.headers, second.user.id)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const pending = (await (await server.send('GET', '/api/me/invitations', second.headers)).json()) as { invitations: Array<{ id: string }> };
    expect(pending.invitations).toHaveLength(1);
    const [row] = await server.ctx.db.select().from(eventAttendees).where(and(eq(eventAttendees.eventId, cast.event.id), eq(eventAttendees.userId, second.user.id)));
    expect(row).toBeUndefined();
  });
});
