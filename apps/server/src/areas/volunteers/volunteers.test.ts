import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventAttendees, eventVolunteers, goodieDistributions } from '../../platform/db/schema/events.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { addAttendee, addVolunteer, checkInAttendee, createEvent, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { badgeToken } from '../badges/index.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';

const server = useTestServer();

type Who = { user: { id: string; fullName: string }; headers: Headers };

async function qrToken(who: Who): Promise<string> {
  const response = await server.send('POST', '/api/me/qr-token', who.headers);
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}
const allocate = (eventId: string, userId: string, allocatedGoodies: number) =>
  server.ctx.db
    .update(eventVolunteers)
    .set({ allocatedGoodies })
    .where(and(eq(eventVolunteers.eventId, eventId), eq(eventVolunteers.userId, userId)));
const scan = (eventId: string, who: Who, token: string, clientScanId?: string) =>
  server.send('POST', `/api/events/${eventId}/goodie-distributions`, who.headers, { token, clientScanId });

async function invariants(eventId: string) {
  const volunteers = await server.ctx.db.select().from(eventVolunteers).where(eq(eventVolunteers.eventId, eventId));
  const rows = await server.ctx.db.select().from(goodieDistributions).where(eq(goodieDistributions.eventId, eventId));
  const [received] = await server.ctx.db
    .select({ n: count() })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.goodiesReceived, true)));
  for (const v of volunteers) {
    expect(v.distributedGoodies).toBeLessThanOrEqual(v.allocatedGoodies);
    expect(v.distributedGoodies).toBe(rows.filter((r) => r.volunteerId === v.userId).length);
  }
  expect(new Set(rows.map((r) => r.participantId)).size).toBe(rows.length);
  expect(received!.n).toBe(rows.length);
  return { volunteers, rows };
}

async function participants(eventId: string, n: number) {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const who = await signedInUser(server);
      await addAttendee(server.ctx, eventId, who.user.id);
      await checkInAttendee(server.ctx, eventId, who.user.id);
      return { ...who, token: await qrToken(who) };
    }),
  );
}

describe('volunteer assignments', () => {
  it('lists the caller’s assignments with allocated, distributed and remaining; none for others', async () => {
    const cast = await eventWithCast(server, { location: 'Lisbon', timezone: 'Europe/Lisbon' });
    await allocate(cast.event.id, cast.volunteer.user.id, 12);
    const response = await server.send('GET', '/api/me/volunteer-assignments', cast.volunteer.headers);
    expect(response.status).toBe(200);
    const { assignments } = (await response.json()) as { assignments: Array<Record<string, unknown>> };
    expect(assignments).toEqual([
      expect.objectContaining({ eventId: cast.event.id, location: 'Lisbon', timezone: 'Europe/Lisbon', allocatedGoodies: 12, distributedGoodies: 0, remainingGoodies: 12 }),
    ]);
    const none = await server.send('GET', '/api/me/volunteer-assignments', cast.attendee.headers);
    expect(await none.json()).toEqual({ assignments: [] });
    expect((await server.send('GET', '/api/me/volunteer-assignments')).status).toBe(401);
  });
});

describe('goodie distribution', () => {
  it('gives once with the remaining count, marks the attendee, and answers the spec messages', async () => {
    const cast = await eventWithCast(server);
    await allocate(cast.event.id, cast.volunteer.user.id, 3);
    const token = await qrToken(cast.attendee);

    // Spec 02: goodies go to checked-in participants. Before the door, the scan gives nothing.
    const early = await scan(cast.event.id, cast.volunteer, token);
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toEqual({ code: 'not_checked_in', message: 'This participant has not checked in at the door yet' });
    expect(await server.ctx.db.select().from(goodieDistributions).where(eq(goodieDistributions.eventId, cast.event.id))).toEqual([]);
    await checkInAttendee(server.ctx, cast.event.id, cast.attendee.user.id);

    const given = await scan(cast.event.id, cast.volunteer, token);
    expect(given.status).toBe(200);
    expect(await given.json()).toMatchObject({ success: true, participantId: cast.attendee.user.id, participantName: cast.attendee.user.fullName, remainingGoodies: 2, replayed: false });
    const [attendee] = await server.ctx.db.select().from(eventAttendees).where(and(eq(eventAttendees.eventId, cast.event.id), eq(eventAttendees.userId, cast.attendee.user.id)));
    expect(attendee).toMatchObject({ goodiesReceived: true, goodiesReceivedFrom: cast.volunteer.user.id });

    const again = await scan(cast.event.id, cast.volunteer, token);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({ code: 'already_received', message: 'This participant has already received a goodie for this event' });

    const invalid = await scan(cast.event.id, cast.volunteer, 'not-a-token');
    expect(invalid.status).toBe(400);
    expect(await errorOf(invalid)).toEqual({ code: 'qr_invalid', message: 'Invalid QR code' });

    const late = await signedInUser(server);
    await addAttendee(server.ctx, cast.event.id, late.user.id);
    const lateToken = await qrToken(late);
    await server.ctx.db.update(profiles).set({ qrTokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(profiles.id, late.user.id));
    const expired = await scan(cast.event.id, cast.volunteer, lateToken);
    expect(expired.status).toBe(400);
    expect(await errorOf(expired)).toEqual({ code: 'qr_expired', message: 'QR code expired' });

    const outsider = await signedInUser(server);
    const notRegistered = await scan(cast.event.id, cast.volunteer, await qrToken(outsider));
    expect(notRegistered.status).toBe(409);
    expect((await errorOf(notRegistered)).code).toBe('not_registered');

    const self = await scan(cast.event.id, cast.volunteer, await qrToken(cast.volunteer));
    expect(self.status).toBe(400);
    await invariants(cast.event.id);
  });

  it('an event without a door gives without a check-in; a badge’s code is scanned like the personal QR', async () => {
    const cast = await eventWithCast(server, { goodiesRequireCheckIn: false });
    await allocate(cast.event.id, cast.volunteer.user.id, 3);
    const other = await eventWithCast(server, { goodiesRequireCheckIn: false });
    // A badge of another event, or an altered one, is no code here.
    for (const token of [badgeToken(server.ctx.config.authSecret, other.event.id, cast.attendee.user.id), `${badgeToken(server.ctx.config.authSecret, cast.event.id, cast.attendee.user.id)}x`]) {
      const refused = await scan(cast.event.id, cast.volunteer, token);
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toEqual({ code: 'qr_invalid', message: 'Invalid QR code' });
    }
    const given = await scan(cast.event.id, cast.volunteer, badgeToken(server.ctx.config.authSecret, cast.event.id, cast.attendee.user.id));
    expect(given.status).toBe(200);
    expect(await given.json()).toMatchObject({ participantId: cast.attendee.user.id, remainingGoodies: 2 });
    await invariants(cast.event.id);
  });

  it('lets only the event’s volunteers scan', async () => {
    const cast = await eventWithCast(server);
    await allocate(cast.event.id, cast.volunteer.user.id, 5);
    const token = await qrToken(cast.attendee);
    for (const who of [cast.owner, cast.coOwner, cast.attendee]) expect((await scan(cast.event.id, who, token)).status).toBe(403);
    for (const who of [cast.otherOwner, cast.stranger, cast.admin]) {
      const status = (await scan(cast.event.id, who, token)).status;
      expect(who === cast.admin ? [403, 404] : [404]).toContain(status);
    }
    expect((await server.send('POST', `/api/events/${cast.event.id}/goodie-distributions`, undefined, { token })).status).toBe(401);
    expect((await scan(randomUUID(), cast.volunteer, token)).status).toBe(404);
    const empty = await server.send('POST', `/api/events/${cast.event.id}/goodie-distributions`, cast.volunteer.headers, { token: '  ' });
    expect(empty.status).toBe(400);
    expect((await scan('not-an-event-id', cast.volunteer, token)).status).toBe(404);
    // The refused scans gave nothing.
    expect(await server.ctx.db.select().from(goodieDistributions).where(eq(goodieDistributions.eventId, cast.event.id))).toEqual([]);
  });

  it('never goes beyond the allocation', async () => {
    const cast = await eventWithCast(server);
    await allocate(cast.event.id, cast.volunteer.user.id, 1);
    const [a, b] = await participants(cast.event.id, 2);
    expect((await scan(cast.event.id, cast.volunteer, a!.token)).status).toBe(200);
    const none = await scan(cast.event.id, cast.volunteer, b!.token);
    expect(none.status).toBe(409);
    expect(await errorOf(none)).toEqual({ code: 'no_goodies_remaining', message: 'You have no goodies remaining for this event' });
    await invariants(cast.event.id);
  });

  it('30 parallel scans of 30 participants by a volunteer with 10 goodies give exactly 10', async () => {
    const owner = await signedInUser(server);
    const volunteer = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.user.id);
    await addVolunteer(server.ctx, event.id, volunteer.user.id);
    await allocate(event.id, volunteer.user.id, 10);
    const people = await participants(event.id, 30);
    const results = await Promise.all(people.map((p) => scan(event.id, volunteer, p.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(20);
    const { volunteers, rows } = await invariants(event.id);
    expect(volunteers[0]!.distributedGoodies).toBe(10);
    expect(rows).toHaveLength(10);
  }, 120_000);

  it('the same participant scanned at once by several volunteers gets one goodie', async () => {
    const owner = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.user.id);
    const volunteers = await Promise.all(Array.from({ length: 4 }, () => signedInUser(server)));
    for (const v of volunteers) {
      await addVolunteer(server.ctx, event.id, v.user.id);
      await allocate(event.id, v.user.id, 5);
    }
    const [p] = await participants(event.id, 1);
    const results = await Promise.all(volunteers.flatMap((v) => [scan(event.id, v, p!.token), scan(event.id, v, p!.token)]));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const { rows } = await invariants(event.id);
    expect(rows).toHaveLength(1);
  });

  it('a scan resent 10 times (also in parallel) gives once and answers the same', async () => {
    const cast = await eventWithCast(server);
    await allocate(cast.event.id, cast.volunteer.user.id, 5);
    await checkInAttendee(server.ctx, cast.event.id, cast.attendee.user.id);
    const token = await qrToken(cast.attendee);
    const scanId = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => scan(cast.event.id, cast.volunteer, token, scanId)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = (await Promise.all(results.map((r) => r.json()))) as Array<{ replayed: boolean; participantId: string }>;
    expect(bodies.filter((b) => !b.replayed)).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.participantId))).toEqual(new Set([cast.attendee.user.id]));
    // Sent again later, after the participant regenerated their QR code: still the same answer, nothing more given.
    await qrToken(cast.attendee);
    const later = await scan(cast.event.id, cast.volunteer, 'stale-token', scanId);
    expect(later.status).toBe(200);
    expect(await later.json()).toMatchObject({ replayed: true, remainingGoodies: 4 });
    const { rows } = await invariants(cast.event.id);
    expect(rows).toHaveLength(1);
  });

  it('200 parallel scans across 5 volunteers for 60 participants keep every invariant', async () => {
    const owner = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.user.id);
    const volunteers = await Promise.all(Array.from({ length: 5 }, () => signedInUser(server)));
    for (const [i, v] of volunteers.entries()) {
      await addVolunteer(server.ctx, event.id, v.user.id);
      await allocate(event.id, v.user.id, 8 + i * 2);
    }
    const people = await participants(event.id, 60);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => scan(event.id, volunteers[i % 5]!, people[(i * 7) % 60]!.token, i % 3 === 0 ? `scan-${i % 30}` : undefined)),
    );
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const { volunteers: rows, rows: given } = await invariants(event.id);
    expect(given.length).toBe(rows.reduce((sum, v) => sum + v.distributedGoodies, 0));
    expect(given.length).toBeLessThanOrEqual(60);
  }, 120_000);
});
