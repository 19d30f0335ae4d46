import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userRoles } from '../../platform/db/schema/auth.ts';
import { eventInvitations, eventVolunteers, goodieDistributions, userEventAccess } from '../../platform/db/schema/events.ts';
import { addAttendee, addVolunteer, checkInAttendee, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const server = useTestServer();

type Who = { user: { id: string; email: string; fullName: string }; headers: Headers };

const add = (eventId: string, who: Who | null, body: unknown) => server.send('POST', `/api/events/${eventId}/volunteers`, who?.headers, body);
const allocate = (eventId: string, who: Who | null, userId: string, allocatedGoodies: unknown) =>
  server.send('PUT', `/api/events/${eventId}/volunteers/${userId}/allocation`, who?.headers, { allocatedGoodies });
const move = (eventId: string, who: Who | null, body: unknown) => server.send('POST', `/api/events/${eventId}/goodie-transfers`, who?.headers, body);

async function allocationOf(eventId: string, userId: string) {
  const [row] = await server.ctx.db
    .select()
    .from(eventVolunteers)
    .where(and(eq(eventVolunteers.eventId, eventId), eq(eventVolunteers.userId, userId)));
  return row!;
}

/** An event's volunteers with their goodies, and its invitations, as stored: what a refused add or move must leave as it was. */
const volunteersOf = async (eventId: string) => ({
  volunteers: await server.ctx.db.select().from(eventVolunteers).where(eq(eventVolunteers.eventId, eventId)).orderBy(eventVolunteers.userId),
  invitations: await server.ctx.db.select().from(eventInvitations).where(eq(eventInvitations.eventId, eventId)).orderBy(eventInvitations.id),
});

/** `n` goodies handed out by the volunteer (as the distribution would leave them). */
async function distributed(eventId: string, volunteerId: string, n: number) {
  for (let i = 0; i < n; i += 1) {
    const participant = await signedInUser(server);
    await addAttendee(server.ctx, eventId, participant.user.id);
    await server.ctx.db.insert(goodieDistributions).values({ eventId, participantId: participant.user.id, volunteerId });
  }
  const row = await allocationOf(eventId, volunteerId);
  await server.ctx.db
    .update(eventVolunteers)
    .set({ distributedGoodies: row.distributedGoodies + n })
    .where(and(eq(eventVolunteers.eventId, eventId), eq(eventVolunteers.userId, volunteerId)));
}

describe('adding a volunteer by email', () => {
  it('invites an existing account: nothing is granted until the person accepts (issue 16)', async () => {
    const cast = await eventWithCast(server);
    const person = await signedInUser(server);
    const response = await add(cast.event.id, cast.coOwner, { email: ` ${person.user.email.toUpperCase()} `, allocatedGoodies: 20 });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ outcome: 'invited', email: person.user.email, emailSent: true });
    expect(await server.ctx.db.select().from(userRoles).where(and(eq(userRoles.userId, person.user.id), eq(userRoles.role, 'event_volunteer')))).toEqual([]);
    expect(await server.ctx.db.select().from(userEventAccess).where(eq(userEventAccess.userId, person.user.id))).toEqual([]);

    const [invitation] = ((await (await server.send('GET', '/api/me/invitations', person.headers)).json()) as { invitations: { id: string }[] }).invitations;
    expect((await server.send('POST', `/api/me/invitations/${invitation!.id}/accept`, person.headers)).status).toBe(200);
    const roles = await server.ctx.db.select().from(userRoles).where(eq(userRoles.userId, person.user.id));
    expect(roles.map((r) => r.role)).toContain('event_volunteer');
    const [access] = await server.ctx.db.select().from(userEventAccess).where(eq(userEventAccess.userId, person.user.id));
    expect(access).toMatchObject({ eventId: cast.event.id, accessType: 'organizer' });
    expect(await allocationOf(cast.event.id, person.user.id)).toMatchObject({ allocatedGoodies: 20, distributedGoodies: 0 });
    const assignments = await server.send('GET', '/api/me/volunteer-assignments', person.headers);
    expect(((await assignments.json()) as { assignments: unknown[] }).assignments).toHaveLength(1);
  });

  it('answers clear messages for bad input', async () => {
    const cast = await eventWithCast(server);
    const badEmail = await add(cast.event.id, cast.owner, { email: 'nope' });
    expect(badEmail.status).toBe(400);
    expect((await errorOf(badEmail)).message).toBe('Please enter a valid email address');
    for (const allocatedGoodies of [-1, 1.5, 100_001, 'ten']) {
      const bad = await add(cast.event.id, cast.owner, { email: 'x@acme-test.com', allocatedGoodies });
      expect(bad.status).toBe(400);
      expect((await errorOf(bad)).message).toBe('Allocated goodies must be a whole number from 0 to 100000');
    }
  });

  it('is for the owner, co-owners and super admins only', async () => {
    const cast = await eventWithCast(server);
    const person = await signedInUser(server);
    await expectNothingWritten(
      () => volunteersOf(cast.event.id),
      async () => {
        for (const who of [cast.volunteer, cast.attendee]) expect((await add(cast.event.id, who, { email: person.user.email })).status).toBe(403);
        for (const who of [cast.otherOwner, cast.stranger]) expect((await add(cast.event.id, who, { email: person.user.email })).status).toBe(404);
        expect((await add(cast.event.id, null, { email: person.user.email })).status).toBe(401);
      },
    );
    expect((await add(cast.event.id, cast.admin, { email: person.user.email })).status).toBe(201);
  });
});

describe('allocations', () => {
  it('sets an allocation, never below what was already distributed', async () => {
    const cast = await eventWithCast(server);
    const volunteerId = cast.volunteer.user.id;
    expect((await allocate(cast.event.id, cast.owner, volunteerId, 10)).status).toBe(200);
    await distributed(cast.event.id, volunteerId, 4);
    const lowered = await allocate(cast.event.id, cast.coOwner, volunteerId, 4);
    expect(lowered.status).toBe(200);
    expect(await lowered.json()).toMatchObject({ allocatedGoodies: 4, distributedGoodies: 4 });
    const below = await allocate(cast.event.id, cast.owner, volunteerId, 3);
    expect(below.status).toBe(409);
    expect(await errorOf(below)).toEqual({
      code: 'allocation_below_distributed',
      message: 'Allocation cannot be less than the 4 goodie(s) already distributed',
    });
    expect((await allocate(cast.event.id, cast.owner, cast.attendee.user.id, 3)).status).toBe(404);
    expect((await allocate(cast.event.id, cast.owner, 'nope', 3)).status).toBe(404);
    expect((await allocate(cast.event.id, cast.owner, volunteerId, -2)).status).toBe(400);
  });

  it('refuses volunteers, attendees, other organizers and visitors', async () => {
    const cast = await eventWithCast(server);
    for (const who of [cast.volunteer, cast.attendee]) expect((await allocate(cast.event.id, who, cast.volunteer.user.id, 5)).status).toBe(403);
    for (const who of [cast.otherOwner, cast.stranger]) expect((await allocate(cast.event.id, who, cast.volunteer.user.id, 5)).status).toBe(404);
    expect((await allocate(cast.event.id, null, cast.volunteer.user.id, 5)).status).toBe(401);
    expect((await allocationOf(cast.event.id, cast.volunteer.user.id)).allocatedGoodies).toBe(0);
  });

  it('holds under 30 parallel lowerings and raisings racing with 8 scans', async () => {
    const cast = await eventWithCast(server);
    const volunteerId = cast.volunteer.user.id;
    await allocate(cast.event.id, cast.owner, volunteerId, 20);
    await distributed(cast.event.id, volunteerId, 2);
    const tokens = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const participant = await signedInUser(server);
        await addAttendee(server.ctx, cast.event.id, participant.user.id);
        await checkInAttendee(server.ctx, cast.event.id, participant.user.id);
        return ((await (await server.send('POST', '/api/me/qr-token', participant.headers)).json()) as { token: string }).token;
      }),
    );
    const writes = Array.from({ length: 30 }, (_, i) => allocate(cast.event.id, cast.owner, volunteerId, i % 10));
    const scans = tokens.map((token) => server.send('POST', `/api/events/${cast.event.id}/goodie-distributions`, cast.volunteer.headers, { token }));
    const statuses = (await Promise.all([...writes, ...scans])).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const row = await allocationOf(cast.event.id, volunteerId);
    expect(row.allocatedGoodies).toBeGreaterThanOrEqual(row.distributedGoodies);
    const rows = await server.ctx.db.select().from(goodieDistributions).where(eq(goodieDistributions.eventId, cast.event.id));
    expect(rows).toHaveLength(row.distributedGoodies);
  });
});

describe('moving goodies between volunteers', () => {
  it('moves only undistributed goodies, with clear messages', async () => {
    const cast = await eventWithCast(server, { name: 'Move Conf' });
    const [a, b] = [cast.volunteer, await signedInUser(server)];
    await addVolunteer(server.ctx, cast.event.id, b.user.id);
    await allocate(cast.event.id, cast.owner, a.user.id, 10);
    await distributed(cast.event.id, a.user.id, 6);

    const moved = await move(cast.event.id, cast.coOwner, { fromUserId: a.user.id, toUserId: b.user.id, amount: 3 });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({
      from: { userId: a.user.id, fullName: a.user.fullName, allocatedGoodies: 7, distributedGoodies: 6 },
      to: { userId: b.user.id, fullName: b.user.fullName, allocatedGoodies: 3, distributedGoodies: 0 },
    });
    const tooMany = await move(cast.event.id, cast.owner, { fromUserId: a.user.id, toUserId: b.user.id, amount: 2 });
    expect(tooMany.status).toBe(409);
    expect(await errorOf(tooMany)).toEqual({ code: 'not_enough_to_move', message: `${a.user.fullName} has only 1 undistributed goodie(s) to move` });
    expect((await allocationOf(cast.event.id, b.user.id)).allocatedGoodies).toBe(3);

    const same = await move(cast.event.id, cast.owner, { fromUserId: a.user.id, toUserId: a.user.id, amount: 1 });
    expect(same.status).toBe(400);
    expect((await errorOf(same)).message).toBe('Choose two different volunteers');
    const zero = await move(cast.event.id, cast.owner, { fromUserId: a.user.id, toUserId: b.user.id, amount: 0 });
    expect((await errorOf(zero)).message).toBe('Move at least 1 goodie');
    const notVolunteer = await move(cast.event.id, cast.owner, { fromUserId: a.user.id, toUserId: cast.attendee.user.id, amount: 1 });
    expect(notVolunteer.status).toBe(404);
    expect((await allocationOf(cast.event.id, a.user.id)).allocatedGoodies).toBe(7);
  });

  it('refuses volunteers, attendees, other organizers and visitors', async () => {
    const cast = await eventWithCast(server);
    const b = await signedInUser(server);
    await addVolunteer(server.ctx, cast.event.id, b.user.id);
    await allocate(cast.event.id, cast.owner, cast.volunteer.user.id, 5);
    const body = { fromUserId: cast.volunteer.user.id, toUserId: b.user.id, amount: 1 };
    await expectNothingWritten(
      () => volunteersOf(cast.event.id),
      async () => {
        for (const who of [cast.volunteer, cast.attendee]) expect((await move(cast.event.id, who, body)).status).toBe(403);
        for (const who of [cast.otherOwner, cast.stranger]) expect((await move(cast.event.id, who, body)).status).toBe(404);
        expect((await move(cast.event.id, null, body)).status).toBe(401);
      },
    );
    expect((await allocationOf(cast.event.id, cast.volunteer.user.id)).allocatedGoodies).toBe(5);
  });

  it('keeps the total and every floor under 40 parallel moves both ways', async () => {
    const cast = await eventWithCast(server);
    const [a, b] = [cast.volunteer, await signedInUser(server)];
    await addVolunteer(server.ctx, cast.event.id, b.user.id);
    await allocate(cast.event.id, cast.owner, a.user.id, 10);
    await allocate(cast.event.id, cast.owner, b.user.id, 10);
    await distributed(cast.event.id, a.user.id, 4);
    const moves = Array.from({ length: 40 }, (_, i) =>
      move(cast.event.id, cast.owner, i % 2 ? { fromUserId: a.user.id, toUserId: b.user.id, amount: 3 } : { fromUserId: b.user.id, toUserId: a.user.id, amount: 2 }),
    );
    const statuses = (await Promise.all(moves)).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const [rowA, rowB] = [await allocationOf(cast.event.id, a.user.id), await allocationOf(cast.event.id, b.user.id)];
    expect(rowA.allocatedGoodies + rowB.allocatedGoodies).toBe(20);
    expect(rowA.allocatedGoodies).toBeGreaterThanOrEqual(4);
    expect(rowB.allocatedGoodies).toBeGreaterThanOrEqual(0);
  });
});
