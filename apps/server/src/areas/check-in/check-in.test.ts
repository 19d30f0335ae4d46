import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckInResultDto, CheckInSettingsDto, CheckInSummaryDto, RosterDto } from '@mingle/shared/check-in/contract';
import { checkInPoints, checkIns } from '../../platform/db/schema/check-in.ts';
import { events } from '../../platform/db/schema/events.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { eventWaitlist } from '../../platform/db/schema/registrations.ts';
import { addAttendee, addVolunteer, createEvent, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';
import { badgeToken, scanCodeHash } from '../badges/index.ts';

const server = useTestServer();

type Who = Awaited<ReturnType<typeof signedInUser>>;
type Cast = Awaited<ReturnType<typeof eventWithCast>>;

const qrToken = async (who: Who) => ((await (await server.send('POST', '/api/me/qr-token', who.headers)).json()) as { token: string }).token;
const post = (eventId: string, who: Who | undefined, body: Record<string, unknown>) =>
  server.send('POST', `/api/events/${eventId}/check-ins`, who?.headers, { clientCheckInId: randomUUID(), ...body });
const checkInAs = async (eventId: string, who: Who, body: Record<string, unknown>) => {
  const response = await post(eventId, who, body);
  expect(response.status).toBe(200);
  return (await response.json()) as CheckInResultDto;
};
const activeRows = (eventId: string) =>
  server.ctx.db.select().from(checkIns).where(and(eq(checkIns.eventId, eventId), isNull(checkIns.undoneAt)));
const allRows = (eventId: string) => server.ctx.db.select().from(checkIns).where(eq(checkIns.eventId, eventId));
const setPoints = async (cast: Cast, names: string[]) => {
  const response = await server.send('PUT', `/api/events/${cast.event.id}/check-in-settings`, cast.owner.headers, {
    points: names.map((name) => ({ name })),
    goodiesRequireCheckIn: true,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as CheckInSettingsDto).points;
};

describe('door check-in', () => {
  it('checks a registered person in by their QR once, and names the first check-in to a second scan', async () => {
    const cast = await eventWithCast(server);
    await server.ctx.db.update(profiles).set({ companyOrInstitution: 'Acme', jobTitle: 'Engineer' }).where(eq(profiles.id, cast.attendee.user.id));
    const token = await qrToken(cast.attendee);

    const first = await checkInAs(cast.event.id, cast.volunteer, { token });
    expect(first).toMatchObject({
      outcome: 'checked_in',
      replayed: false,
      person: { userId: cast.attendee.user.id, fullName: cast.attendee.user.fullName, company: 'Acme', jobTitle: 'Engineer' },
      checkIn: { pointId: null, byName: cast.volunteer.user.fullName, byYou: true, undoneAt: null },
    });

    // Another of the door's staff scanning the same person learns when and by whom they came in.
    const second = await checkInAs(cast.event.id, cast.owner, { token });
    expect(second).toMatchObject({ outcome: 'already_checked_in', checkIn: { id: first.checkIn!.id, byName: cast.volunteer.user.fullName, byYou: false } });
    // By name (the person picked from the list) is the same check-in.
    expect((await checkInAs(cast.event.id, cast.coOwner, { userId: cast.attendee.user.id })).outcome).toBe('already_checked_in');
    expect(await activeRows(cast.event.id)).toHaveLength(1);
    // The organizers' list of registrations says so.
    const list = (await (await server.send('GET', `/api/events/${cast.event.id}/registrations?status=registered`, cast.owner.headers)).json()) as {
      items: Array<{ userId: string; checkedInAt: string | null }>;
    };
    expect(list.items).toEqual([expect.objectContaining({ userId: cast.attendee.user.id, checkedInAt: first.checkIn!.at })]);
  });

  it('says who it is and that they are not on the list, writing nothing; bad and expired codes are refused', async () => {
    const cast = await eventWithCast(server);
    const waiting = await signedInUser(server);
    await server.ctx.db.insert(eventWaitlist).values({ eventId: cast.event.id, userId: waiting.user.id });
    const waitingToken = await qrToken(waiting);
    const strangerToken = await qrToken(cast.stranger);
    const attendeeToken = await qrToken(cast.attendee);

    await expectNothingWritten(
      () => allRows(cast.event.id),
      async () => {
        const stranger = await checkInAs(cast.event.id, cast.volunteer, { token: strangerToken });
        expect(stranger).toMatchObject({ outcome: 'not_registered', waitlisted: false, person: { fullName: cast.stranger.user.fullName }, checkIn: null });
        expect(await checkInAs(cast.event.id, cast.volunteer, { token: waitingToken })).toMatchObject({ outcome: 'not_registered', waitlisted: true });

        const invalid = await post(cast.event.id, cast.volunteer, { token: 'not-a-token' });
        expect(invalid.status).toBe(400);
        expect(await errorOf(invalid)).toEqual({ code: 'qr_invalid', message: 'Invalid QR code' });
        const otherBadge = await post(cast.event.id, cast.volunteer, { token: badgeToken(server.ctx.config.authSecret, randomUUID(), cast.attendee.user.id) });
        expect(await errorOf(otherBadge)).toEqual({ code: 'qr_invalid', message: 'Invalid QR code' });
        const neither = await post(cast.event.id, cast.volunteer, {});
        expect(neither.status).toBe(400);
        expect((await errorOf(neither)).message).toBe('Scan a QR code or choose a person');

        await server.ctx.db.update(profiles).set({ qrTokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(profiles.id, cast.attendee.user.id));
        const expired = await post(cast.event.id, cast.volunteer, { token: attendeeToken });
        expect(await errorOf(expired)).toEqual({ code: 'qr_expired', message: 'QR code expired' });
      },
    );
    // The printed badge does not expire.
    const badge = await checkInAs(cast.event.id, cast.volunteer, { token: badgeToken(server.ctx.config.authSecret, cast.event.id, cast.attendee.user.id) });
    expect(badge).toMatchObject({ outcome: 'checked_in', person: { userId: cast.attendee.user.id } });
  });

  it('lets the volunteers, co-owners, owner and super admins in, and nobody else, writing nothing', async () => {
    const cast = await eventWithCast(server);
    const token = await qrToken(cast.attendee);
    await expectNothingWritten(
      () => allRows(cast.event.id),
      async () => {
        expect((await post(cast.event.id, cast.attendee, { token })).status).toBe(403);
        expect((await post(cast.event.id, cast.otherOwner, { token })).status).toBe(404);
        expect((await post(cast.event.id, cast.stranger, { token })).status).toBe(404);
        expect((await post(cast.event.id, undefined, { token })).status).toBe(401);
        expect((await post(randomUUID(), cast.volunteer, { token })).status).toBe(404);
        for (const path of ['check-in-roster', 'check-ins', 'check-in-settings']) {
          expect((await server.send('GET', `/api/events/${cast.event.id}/${path}`, cast.attendee.headers)).status).toBe(403);
          expect((await server.send('GET', `/api/events/${cast.event.id}/${path}`, cast.otherOwner.headers)).status).toBe(404);
        }
      },
    );
    for (const [i, who] of [cast.volunteer, cast.coOwner, cast.owner, cast.admin].entries()) {
      const person = await signedInUser(server);
      await addAttendee(server.ctx, cast.event.id, person.user.id);
      expect((await checkInAs(cast.event.id, who, { userId: person.user.id })).outcome, `caller ${i}`).toBe('checked_in');
    }
  });

  it('checks a person in once per point; an event with points asks which one', async () => {
    const cast = await eventWithCast(server);
    const [entrance, dayTwo] = await setPoints(cast, ['Main entrance', 'Day 2']);
    const userId = cast.attendee.user.id;

    const noPoint = await post(cast.event.id, cast.volunteer, { userId });
    expect(noPoint.status).toBe(400);
    expect(await errorOf(noPoint)).toEqual({ code: 'point_required', message: 'Choose the check-in point you are at' });
    const other = await eventWithCast(server);
    const [foreign] = await setPoints(other, ['Elsewhere']);
    const foreignPoint = await post(cast.event.id, cast.volunteer, { userId, pointId: foreign!.id });
    expect(await errorOf(foreignPoint)).toEqual({ code: 'point_unknown', message: 'This check-in point does not exist at this event' });

    expect((await checkInAs(cast.event.id, cast.volunteer, { userId, pointId: entrance!.id })).outcome).toBe('checked_in');
    expect((await checkInAs(cast.event.id, cast.volunteer, { userId, pointId: dayTwo!.id })).outcome).toBe('checked_in');
    expect((await checkInAs(cast.event.id, cast.owner, { userId, pointId: entrance!.id })).outcome).toBe('already_checked_in');
    expect((await activeRows(cast.event.id)).map((row) => row.pointId).sort()).toEqual([entrance!.id, dayTwo!.id].sort());

    const summary = (await (await server.send('GET', `/api/events/${cast.event.id}/check-ins/summary`, cast.owner.headers)).json()) as CheckInSummaryDto;
    expect(summary).toMatchObject({
      registered: 1,
      checkedIn: 1,
      points: [
        { pointId: entrance!.id, name: 'Main entrance', checkedIn: 1 },
        { pointId: dayTwo!.id, name: 'Day 2', checkedIn: 1 },
      ],
    });
    expect(summary.timeline.reduce((sum, quarter) => sum + quarter.count, 0)).toBe(2);
    // The figures are the organizers'.
    expect((await server.send('GET', `/api/events/${cast.event.id}/check-ins/summary`, cast.volunteer.headers)).status).toBe(403);
  });

  it('undoes a check-in keeping who and when, and lets the person in again', async () => {
    const cast = await eventWithCast(server);
    const first = await checkInAs(cast.event.id, cast.volunteer, { userId: cast.attendee.user.id });
    const undo = (who: Who, id: string, eventId = cast.event.id) => server.send('DELETE', `/api/events/${eventId}/check-ins/${id}`, who.headers);

    const other = await eventWithCast(server);
    await expectNothingWritten(
      () => allRows(cast.event.id),
      async () => {
        expect((await undo(cast.attendee, first.checkIn!.id)).status).toBe(403);
        expect((await undo(cast.otherOwner, first.checkIn!.id)).status).toBe(404);
        // Through another event's door, where the caller is staff: not found there.
        expect((await undo(other.volunteer, first.checkIn!.id, other.event.id)).status).toBe(404);
        expect((await undo(cast.volunteer, randomUUID())).status).toBe(404);
      },
    );
    expect((await undo(cast.owner, first.checkIn!.id)).status).toBe(204);
    const [row] = await allRows(cast.event.id);
    expect(row).toMatchObject({ undoneBy: cast.owner.user.id });
    expect(row!.undoneAt).toBeInstanceOf(Date);
    // Undoing again changes nothing.
    expect((await undo(cast.volunteer, first.checkIn!.id)).status).toBe(204);
    expect((await allRows(cast.event.id))[0]).toEqual(row);

    expect((await checkInAs(cast.event.id, cast.volunteer, { userId: cast.attendee.user.id })).outcome).toBe('checked_in');
    const recent = (await (await server.send('GET', `/api/events/${cast.event.id}/check-ins`, cast.volunteer.headers)).json()) as {
      items: Array<{ undoneAt: string | null; undoneByName: string | null; person: { userId: string } }>;
    };
    expect(recent.items.map((item) => item.undoneByName)).toEqual([null, cast.owner.user.fullName]);
  });

  it('two phones that were offline sync the same person: one check-in, and the second learns who was first', async () => {
    const cast = await eventWithCast(server);
    const second = await signedInUser(server);
    await addVolunteer(server.ctx, cast.event.id, second.user.id);
    const scannedAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const [a, b] = await Promise.all(
      [cast.volunteer, second].map((who) => checkInAs(cast.event.id, who, { userId: cast.attendee.user.id, scannedAt })),
    );
    expect([a!.outcome, b!.outcome].sort()).toEqual(['already_checked_in', 'checked_in']);
    const winner = a!.outcome === 'checked_in' ? a! : b!;
    const loser = a!.outcome === 'checked_in' ? b! : a!;
    expect(loser.checkIn).toMatchObject({ id: winner.checkIn!.id, byName: winner.checkIn!.byName, byYou: false });
    // The check-in keeps the time the phone saw the person.
    expect(winner.checkIn!.at).toBe(scannedAt);
    expect(await activeRows(cast.event.id)).toHaveLength(1);
    // A time in the future is the phone's clock, not the door: it is taken as now.
    const later = await signedInUser(server);
    await addAttendee(server.ctx, cast.event.id, later.user.id);
    const future = await checkInAs(cast.event.id, cast.volunteer, { userId: later.user.id, scannedAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(Date.parse(future.checkIn!.at)).toBeLessThanOrEqual(Date.now());
  });

  it('a check-in resent 10 times in parallel is made once and answered the same', async () => {
    const cast = await eventWithCast(server);
    const clientCheckInId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => checkInAs(cast.event.id, cast.volunteer, { userId: cast.attendee.user.id, clientCheckInId })),
    );
    expect(answers.map((answer) => answer.outcome)).toEqual(Array(10).fill('checked_in'));
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.checkIn!.id)).size).toBe(1);
    expect(await allRows(cast.event.id)).toHaveLength(1);
  });

  it('200 parallel check-ins of 50 people by 4 volunteers let each person in exactly once', async () => {
    const owner = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.user.id);
    const volunteers = await Promise.all(Array.from({ length: 4 }, () => signedInUser(server)));
    for (const volunteer of volunteers) await addVolunteer(server.ctx, event.id, volunteer.user.id);
    const people = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const person = await signedInUser(server);
        await addAttendee(server.ctx, event.id, person.user.id);
        return person.user.id;
      }),
    );
    const answers = await Promise.all(volunteers.flatMap((volunteer) => people.map((userId) => checkInAs(event.id, volunteer, { userId }))));
    expect(answers.filter((answer) => answer.outcome === 'checked_in')).toHaveLength(50);
    expect(answers.filter((answer) => answer.outcome === 'already_checked_in')).toHaveLength(150);
    const rows = await activeRows(event.id);
    expect(new Set(rows.map((row) => row.userId))).toEqual(new Set(people));
    expect(rows).toHaveLength(50);
  }, 120_000);
});

describe('the roster a door phone keeps', () => {
  it('lists the registered people with the hashes of their codes and their check-ins, nothing more', async () => {
    const cast = await eventWithCast(server);
    const token = await qrToken(cast.attendee);
    const waiting = await signedInUser(server);
    await server.ctx.db.insert(eventWaitlist).values({ eventId: cast.event.id, userId: waiting.user.id });
    await checkInAs(cast.event.id, cast.volunteer, { token });

    const response = await server.send('GET', `/api/events/${cast.event.id}/check-in-roster`, cast.volunteer.headers);
    expect(response.status).toBe(200);
    const roster = (await response.json()) as RosterDto;
    expect(roster.people.map((person) => person.userId)).toEqual([cast.attendee.user.id]);
    const [entry] = roster.people;
    expect(Object.keys(entry!).sort()).toEqual(['checkIns', 'codes', 'company', 'fullName', 'userId']);
    expect(entry!.codes).toEqual([scanCodeHash(badgeToken(server.ctx.config.authSecret, cast.event.id, cast.attendee.user.id)), scanCodeHash(token)]);
    expect(entry!.checkIns).toEqual([expect.objectContaining({ pointId: null, byName: cast.volunteer.user.fullName })]);
    expect(JSON.stringify(roster)).not.toContain(token);
    expect(JSON.stringify(roster)).not.toContain(cast.attendee.user.email);

    // Polled again unchanged, it is a 304 without a body; a new check-in makes it a new version.
    const etag = response.headers.get('etag')!;
    const poll = (tag: string, who = cast.volunteer) =>
      server.request(`/api/events/${cast.event.id}/check-in-roster`, { headers: { ...server.browserHeaders(who.headers), 'if-none-match': tag } });
    const same = await poll(etag);
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    const other = await signedInUser(server);
    await addAttendee(server.ctx, cast.event.id, other.user.id);
    const changed = await poll(etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    // The roster's version is no way around who may read it.
    expect((await poll(etag, cast.attendee)).status).toBe(403);
  });
});

describe('door settings', () => {
  it('keeps points by id, renames and reorders them, removes unused ones and keeps used ones', async () => {
    const cast = await eventWithCast(server);
    const [a, b] = await setPoints(cast, ['Hall A', 'Hall B']);
    const save = (who: Who, body: unknown) => server.send('PUT', `/api/events/${cast.event.id}/check-in-settings`, who.headers, body);

    // Swapping two names in one save.
    const swapped = await save(cast.owner, { points: [{ id: a!.id, name: 'Hall B' }, { id: b!.id, name: 'Hall A' }], goodiesRequireCheckIn: false });
    expect(swapped.status).toBe(200);
    expect(await swapped.json()).toEqual({ points: [{ id: a!.id, name: 'Hall B' }, { id: b!.id, name: 'Hall A' }], goodiesRequireCheckIn: false });
    const [event] = await server.ctx.db.select({ rule: events.goodiesRequireCheckIn }).from(events).where(eq(events.id, cast.event.id));
    expect(event!.rule).toBe(false);

    await checkInAs(cast.event.id, cast.volunteer, { userId: cast.attendee.user.id, pointId: a!.id });
    const points = () => server.ctx.db.select().from(checkInPoints).where(eq(checkInPoints.eventId, cast.event.id));
    await expectNothingWritten(points, async () => {
      const used = await save(cast.owner, { points: [{ id: b!.id, name: 'Hall A' }], goodiesRequireCheckIn: true });
      expect(used.status).toBe(409);
      expect(await errorOf(used)).toEqual({ code: 'point_in_use', message: 'A check-in point with check-ins cannot be removed' });
      const twice = await save(cast.owner, { points: [{ name: 'Foyer' }, { name: 'foyer ' }], goodiesRequireCheckIn: true });
      expect(twice.status).toBe(400);
      expect((await errorOf(twice)).message).toBe('Two check-in points cannot have the same name');
      expect((await save(cast.volunteer, { points: [], goodiesRequireCheckIn: true })).status).toBe(403);
      expect((await save(cast.otherOwner, { points: [], goodiesRequireCheckIn: true })).status).toBe(404);
      const foreign = await save(cast.owner, { points: [{ id: randomUUID(), name: 'X' }], goodiesRequireCheckIn: true });
      expect(foreign.status).toBe(400);
    });
    const kept = await save(cast.coOwner, { points: [{ id: a!.id, name: 'Hall B' }, { name: 'Foyer' }], goodiesRequireCheckIn: true });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as CheckInSettingsDto).points.map((point) => point.name)).toEqual(['Hall B', 'Foyer']);
    const read = await server.send('GET', `/api/events/${cast.event.id}/check-in-settings`, cast.volunteer.headers);
    expect(((await read.json()) as CheckInSettingsDto).goodiesRequireCheckIn).toBe(true);
  });
});
