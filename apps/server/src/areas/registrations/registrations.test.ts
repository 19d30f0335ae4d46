import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RegistrationEntryDto, RegistrationResult, RegistrationSummaryDto } from '@mingle/shared/registrations/contract';
import { eventAttendees, events, userEventAccess } from '../../platform/db/schema/events.ts';
import { mailOutbox } from '../../platform/db/schema/mail.ts';
import { eventWaitlist, registrationCancellations } from '../../platform/db/schema/registrations.ts';
import { addAttendee, checkInAttendee, createEvent, eventWithCast } from '../../test/event-factories.ts';
import { createUser, signedInUser, type TestUser } from '../../test/factories.ts';
import { register } from './service.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { lastMailTo } from '../../test/mail.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const server = useTestServer();

const HOUR = 3_600_000;
type Person = Awaited<ReturnType<typeof signedInUser>>;
const callerOf = (user: TestUser) => ({ userId: user.id, email: user.email, name: user.fullName, roles: [], sessionId: 'test' });

const registerAs = async (eventId: string, person: Person) => {
  const response = await server.send('POST', `/api/events/${eventId}/registration`, person.headers);
  return { status: response.status, body: (await response.json()) as RegistrationResult };
};
const cancelAs = (eventId: string, person: Person) => server.send('DELETE', `/api/events/${eventId}/registration`, person.headers);
const attendeeIds = async (eventId: string) =>
  (await server.ctx.db.select({ userId: eventAttendees.userId }).from(eventAttendees).where(eq(eventAttendees.eventId, eventId))).map((row) => row.userId).sort();
const waitlistIds = async (eventId: string) =>
  (await server.ctx.db.select({ userId: eventWaitlist.userId }).from(eventWaitlist).where(eq(eventWaitlist.eventId, eventId)).orderBy(asc(eventWaitlist.joinedAt), asc(eventWaitlist.id))).map(
    (row) => row.userId,
  );
/** Everything a refused registration change must leave as it was. */
const placesOf = async (eventId: string) => ({
  attendees: await attendeeIds(eventId),
  waitlist: await waitlistIds(eventId),
  cancellations: await server.ctx.db.select().from(registrationCancellations).where(eq(registrationCancellations.eventId, eventId)),
  access: await server.ctx.db.select().from(userEventAccess).where(eq(userEventAccess.eventId, eventId)),
});
const summaryOf = async (eventId: string, headers: Headers) =>
  (await (await server.send('GET', `/api/events/${eventId}/registrations/summary`, headers)).json()) as RegistrationSummaryDto;
const listOf = async (eventId: string, headers: Headers, query: string) =>
  (await (await server.send('GET', `/api/events/${eventId}/registrations?${query}`, headers)).json()) as { items: RegistrationEntryDto[]; nextCursor: string | null };

/** A full event (capacity places, all taken) with two people waiting, in order. */
async function fullEvent(capacity = 2) {
  const owner = await signedInUser(server);
  const event = await createEvent(server.ctx, owner.user.id, { registrationOpen: true, capacity });
  const holders = await Promise.all(Array.from({ length: capacity }, () => signedInUser(server)));
  for (const holder of holders) expect((await registerAs(event.id, holder)).body.status).toBe('registered');
  const first = await signedInUser(server);
  const second = await signedInUser(server);
  expect((await registerAs(event.id, first)).body).toEqual({ status: 'waitlisted', created: true, waitlistPosition: 1 });
  expect((await registerAs(event.id, second)).body).toEqual({ status: 'waitlisted', created: true, waitlistPosition: 2 });
  return { owner, event, holders, first, second };
}

describe('registration with a capacity', () => {
  it('never goes over capacity: 200 people registering at once for 50 places make 50 attendees and a waitlist of 150', async () => {
    const owner = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.user.id, { registrationOpen: true, capacity: 50 });
    // The race is the database's: 200 registrations side by side through the service (on PostgreSQL, over the pool's
    // connections), without 200 password sign-ins before it.
    const people = await Promise.all(Array.from({ length: 200 }, () => createUser(server.ctx)));
    const results = await Promise.all(people.map((person) => register(server.ctx, callerOf(person), event.id)));
    expect(results.every((result) => result.created)).toBe(true);
    const registered = results.filter((result) => result.status === 'registered');
    const waiting = results.filter((result) => result.status === 'waitlisted');
    expect(registered).toHaveLength(50);
    expect(waiting).toHaveLength(150);
    // Each person waiting was told a different place in the queue: 1 to 150.
    expect(waiting.map((result) => result.waitlistPosition).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(await attendeeIds(event.id)).toHaveLength(50);
    expect(await waitlistIds(event.id)).toHaveLength(150);
    expect(await summaryOf(event.id, owner.headers)).toEqual({ capacity: 50, registered: 50, waitlisted: 150, cancelled: 0, placesLeft: 0 });
    // Everyone got one email, the one that says which it is.
    await server.ctx.mailer.idle();
    const sent = await server.ctx.db
      .select({ subject: mailOutbox.subject, total: count() })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, people.map((person) => person.email)))
      .groupBy(mailOutbox.subject);
    expect(Object.fromEntries(sent.map((row) => [row.subject, row.total]))).toEqual({
      [`You're registered for ${event.name}`]: 50,
      [`You're on the waitlist for ${event.name}`]: 150,
    });
  }, 120_000);

  it("tells a person on the waitlist their place, a repeated click changes nothing, and they keep seeing the event", async () => {
    const { event, first, second } = await fullEvent();
    expect((await registerAs(event.id, second)).body).toEqual({ status: 'waitlisted', created: false, waitlistPosition: 2 });
    const mail = await lastMailTo(server.ctx, second.user.email);
    expect(mail!.subject).toBe(`You're on the waitlist for ${event.name}`);
    expect(mail!.text).toContain('you are number 2');
    const view = (await (await server.send('GET', `/api/events/${event.id}`, first.headers)).json()) as { viewer: Record<string, boolean> };
    expect(view.viewer).toMatchObject({ isAttendee: false, isWaitlisted: true, canRegister: false, canCancelRegistration: true, canParticipate: false });
    // Registration closes: the people waiting still see the event, on its page and in their list.
    await server.ctx.db.update(events).set({ registrationOpen: false }).where(eq(events.id, event.id));
    expect((await server.send('GET', `/api/events/${event.id}`, first.headers)).status).toBe(200);
    const listed = (await (await server.send('GET', '/api/events?scope=all&limit=100', first.headers)).json()) as { events: Array<{ id: string }> };
    expect(listed.events.map((listedEvent) => listedEvent.id)).toContain(event.id);
  });

  it('gives a cancelled place to the person waiting longest, with an email to each, and keeps the cancellation', async () => {
    const { owner, event, holders, first, second } = await fullEvent();
    const leaving = holders[0]!;
    expect((await cancelAs(event.id, leaving)).status).toBe(204);
    expect(await attendeeIds(event.id)).toEqual([holders[1]!.user.id, first.user.id].sort());
    expect(await waitlistIds(event.id)).toEqual([second.user.id]);
    // The access the registration gave went with it.
    const access = await server.ctx.db.select().from(userEventAccess).where(and(eq(userEventAccess.eventId, event.id), eq(userEventAccess.userId, leaving.user.id)));
    expect(access).toEqual([]);
    expect((await lastMailTo(server.ctx, leaving.user.email))!.subject).toBe(`Your registration for ${event.name} is cancelled`);
    const promoted = await lastMailTo(server.ctx, first.user.email);
    expect(promoted!.subject).toBe(`A place opened up: you're registered for ${event.name}`);
    expect(promoted!.text).toContain('you are off the waitlist and registered');
    const cancelled = await listOf(event.id, owner.headers, 'status=cancelled');
    expect(cancelled.items).toMatchObject([{ userId: leaving.user.id, cancelled: { from: 'registered', byOrganizer: false } }]);
    expect((await listOf(event.id, owner.headers, 'status=waitlisted')).items).toMatchObject([{ userId: second.user.id, position: 1 }]);
    expect(await summaryOf(event.id, owner.headers)).toEqual({ capacity: 2, registered: 2, waitlisted: 1, cancelled: 1, placesLeft: 0 });
    // The one who left may come back: to the end of the queue.
    expect((await registerAs(event.id, leaving)).body).toEqual({ status: 'waitlisted', created: true, waitlistPosition: 2 });
  });

  it('lets a person leave the waitlist: nobody is promoted and the queue closes up', async () => {
    const { owner, event, holders, first, second } = await fullEvent();
    expect((await cancelAs(event.id, first)).status).toBe(204);
    expect(await attendeeIds(event.id)).toEqual(holders.map((holder) => holder.user.id).sort());
    expect((await listOf(event.id, owner.headers, 'status=waitlisted')).items).toMatchObject([{ userId: second.user.id, position: 1 }]);
    expect((await lastMailTo(server.ctx, first.user.email))!.subject).toBe(`You left the waitlist for ${event.name}`);
    // Nothing left to cancel: a 404, and nothing changes.
    await expectNothingWritten(
      () => placesOf(event.id),
      async () => {
        const again = await cancelAs(event.id, first);
        expect(again.status).toBe(404);
        expect((await errorOf(again)).message).toBe('You are not registered for this event');
      },
    );
  });

  it("lets an organizer remove someone (they are told), which promotes the next; others may not", async () => {
    const cast = await eventWithCast(server);
    await server.ctx.db.update(events).set({ capacity: 1, registrationOpen: true }).where(eq(events.id, cast.event.id));
    // The cast's attendee holds the one place; a newcomer waits.
    const newcomer = await signedInUser(server);
    expect((await registerAs(cast.event.id, newcomer)).body.status).toBe('waitlisted');
    const path = `/api/events/${cast.event.id}/registrations/${cast.attendee.user.id}`;
    await expectNothingWritten(
      () => placesOf(cast.event.id),
      async () => {
        for (const refused of [cast.volunteer, cast.attendee, cast.otherOwner, newcomer]) expect((await server.send('DELETE', path, refused.headers)).status).toBeGreaterThanOrEqual(403);
        expect((await server.send('DELETE', path)).status).toBe(401);
        expect((await server.send('DELETE', `/api/events/${cast.event.id}/registrations/not-a-uuid`, cast.owner.headers)).status).toBe(404);
      },
    );
    expect((await server.send('DELETE', path, cast.coOwner.headers)).status).toBe(204);
    expect(await attendeeIds(cast.event.id)).toEqual([newcomer.user.id]);
    const told = await lastMailTo(server.ctx, cast.attendee.user.email);
    expect(told!.subject).toBe(`Your registration for ${cast.event.name} was cancelled by the organizers`);
    const cancelled = await listOf(cast.event.id, cast.owner.headers, 'status=cancelled');
    expect(cancelled.items[0]).toMatchObject({ userId: cast.attendee.user.id, cancelled: { from: 'registered', byOrganizer: true } });
    expect((await server.send('DELETE', path, cast.owner.headers)).status).toBe(404);
  });

  it('gives new places to the people waiting when the capacity is raised or removed', async () => {
    const { owner, event, first, second } = await fullEvent();
    const third = await signedInUser(server);
    await registerAs(event.id, third);
    const patch = (body: unknown) => server.send('PATCH', `/api/events/${event.id}`, owner.headers, body);
    expect((await patch({ capacity: 3 })).status).toBe(200);
    expect(await waitlistIds(event.id)).toEqual([second.user.id, third.user.id]);
    expect((await attendeeIds(event.id)).includes(first.user.id)).toBe(true);
    // Lowering it turns nobody away; it only stops new places.
    expect((await patch({ capacity: 1 })).status).toBe(200);
    expect(await attendeeIds(event.id)).toHaveLength(3);
    expect((await patch({ capacity: null })).status).toBe(200);
    expect(await waitlistIds(event.id)).toEqual([]);
    expect(await attendeeIds(event.id)).toHaveLength(5);
  });
});

describe('registration window and settings', () => {
  it('refuses before the window opens and after it closes, with a clear message, writing nothing', async () => {
    const owner = await signedInUser(server);
    const early = await createEvent(server.ctx, owner.user.id, { registrationOpen: true, registrationOpensAt: new Date(Date.now() + HOUR) });
    const late = await createEvent(server.ctx, owner.user.id, { registrationOpen: true, registrationClosesAt: new Date(Date.now() - HOUR) });
    const person = await signedInUser(server);
    for (const [event, message] of [
      [early, 'Registration for this event has not opened yet'],
      [late, 'Registration for this event has closed'],
    ] as const) {
      await expectNothingWritten(
        () => placesOf(event.id),
        async () => {
          const refused = await server.send('POST', `/api/events/${event.id}/registration`, person.headers);
          expect(refused.status).toBe(409);
          expect((await errorOf(refused)).message).toBe(message);
        },
      );
      const view = (await (await server.send('GET', `/api/events/${event.id}`, person.headers)).json()) as { viewer: { canRegister: boolean } };
      expect(view.viewer.canRegister).toBe(false);
    }
  });

  it('saves capacity and window through the event, and refuses a window that closes before it opens or a bad capacity', async () => {
    const cast = await eventWithCast(server);
    const opensAt = new Date(Date.now() + 2 * HOUR).toISOString();
    const closesAt = new Date(Date.now() + 5 * HOUR).toISOString();
    const saved = await server.send('PATCH', `/api/events/${cast.event.id}`, cast.owner.headers, { capacity: 120, registrationOpensAt: opensAt, registrationClosesAt: closesAt });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ capacity: 120, registrationOpensAt: opensAt, registrationClosesAt: closesAt });
    const row = () => server.ctx.db.select().from(events).where(eq(events.id, cast.event.id));
    await expectNothingWritten(row, async () => {
      const backwards = await server.send('PATCH', `/api/events/${cast.event.id}`, cast.owner.headers, { registrationClosesAt: new Date(Date.now() + HOUR).toISOString() });
      expect(backwards.status).toBe(400);
      expect((await errorOf(backwards)).message).toBe('Registration must close after it opens');
      for (const [capacity, message] of [
        [0, 'Capacity must be at least 1'],
        [2.5, 'Capacity must be a whole number'],
      ] as const) {
        const bad = await server.send('PATCH', `/api/events/${cast.event.id}`, cast.owner.headers, { capacity });
        expect((await errorOf(bad)).message).toBe(message);
      }
      expect((await server.send('PATCH', `/api/events/${cast.event.id}`, cast.volunteer.headers, { capacity: 5 })).status).toBe(403);
    });
    // Cleared with null (or an empty string from a form).
    const cleared = await server.send('PATCH', `/api/events/${cast.event.id}`, cast.owner.headers, { capacity: null, registrationOpensAt: '', registrationClosesAt: null });
    expect(await cleared.json()).toMatchObject({ capacity: null, registrationOpensAt: null, registrationClosesAt: null });
  });

  it('refuses to cancel after the event ended', async () => {
    const owner = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.user.id, { startDate: new Date(Date.now() - 3 * HOUR), endDate: new Date(Date.now() - HOUR) });
    const attendee = await signedInUser(server);
    await addAttendee(server.ctx, event.id, attendee.user.id);
    await expectNothingWritten(
      () => placesOf(event.id),
      async () => {
        const refused = await cancelAs(event.id, attendee);
        expect(refused.status).toBe(409);
        expect((await errorOf(refused)).message).toBe('This event has ended');
      },
    );
  });
});

describe("the organizer's lists", () => {
  it('finds people by name or email, pages in the order the list filled, and refuses a cursor of another search', async () => {
    const owner = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.user.id, { registrationOpen: true });
    const tag = `Zed${Date.now().toString(36)}`;
    const named = await Promise.all(Array.from({ length: 3 }, (_, i) => createUser(server.ctx, { fullName: `${tag} Person ${i}` })));
    const others = await Promise.all(Array.from({ length: 55 }, () => createUser(server.ctx)));
    for (const person of [...named, ...others]) await register(server.ctx, callerOf(person), event.id);
    const found = await listOf(event.id, owner.headers, `search=${tag.toLowerCase()}`);
    expect(found.items.map((item) => item.name)).toEqual([`${tag} Person 0`, `${tag} Person 1`, `${tag} Person 2`]);
    const byEmail = await listOf(event.id, owner.headers, `search=${encodeURIComponent(others[4]!.email.toUpperCase())}`);
    expect(byEmail.items.map((item) => item.userId)).toEqual([others[4]!.id]);
    // 58 registrations: a page of 50, then 8, in the order they registered.
    const first = await listOf(event.id, owner.headers, 'status=registered');
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toMatchObject({ userId: named[0]!.id, email: named[0]!.email, position: null, cancelled: null });
    const rest = await listOf(event.id, owner.headers, `status=registered&cursor=${first.nextCursor}`);
    expect(rest.items).toHaveLength(8);
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...first.items, ...rest.items].map((item) => item.userId)).size).toBe(58);
    const mismatched = await server.send('GET', `/api/events/${event.id}/registrations?status=waitlisted&cursor=${first.nextCursor}`, owner.headers);
    expect(mismatched.status).toBe(400);
    expect((await server.send('GET', `/api/events/${event.id}/registrations?status=everyone`, owner.headers)).status).toBe(400);
  }, 120_000);
});

describe('registration questions', () => {
  const questions = [
    { label: 'Dietary needs', kind: 'text', required: true },
    { label: 'T-shirt size', kind: 'single_choice', options: ['S', 'M', 'L'], required: true },
    { label: 'Which tracks?', kind: 'multiple_choice', options: ['AI', 'Cloud', 'Design'] },
  ];

  it('are asked on registering: required ones must be answered, choices chosen from the options; the organizer sees the answers', async () => {
    const cast = await eventWithCast(server, { registrationOpen: true });
    const saved = await server.send('PUT', `/api/events/${cast.event.id}/registration-questions`, cast.coOwner.headers, { questions });
    expect(saved.status).toBe(200);
    const { questions: asked } = (await saved.json()) as { questions: Array<{ id: string; label: string }> };
    expect(asked.map((question) => question.label)).toEqual(['Dietary needs', 'T-shirt size', 'Which tracks?']);
    const [diet, size, tracks] = asked.map((question) => question.id) as [string, string, string];

    const person = await signedInUser(server);
    const listed = (await (await server.send('GET', `/api/events/${cast.event.id}/registration-questions`, person.headers)).json()) as { questions: unknown[] };
    expect(listed.questions).toHaveLength(3);
    const post = (answers: unknown) => server.send('POST', `/api/events/${cast.event.id}/registration`, person.headers, { answers });
    await expectNothingWritten(
      () => placesOf(cast.event.id),
      async () => {
        for (const [answers, message] of [
          [[], 'Please answer: Dietary needs'],
          [[{ questionId: diet, value: ['Vegan'] }], 'Please answer: T-shirt size'],
          [[{ questionId: diet, value: ['Vegan'] }, { questionId: size, value: ['XXL'] }], 'Please choose from the options of: T-shirt size'],
          [[{ questionId: diet, value: ['Vegan'] }, { questionId: size, value: ['S', 'M'] }], 'Please choose from the options of: T-shirt size'],
          [[{ questionId: diet, value: ['Vegan'] }, { questionId: size, value: ['M'] }, { questionId: cast.event.id, value: ['x'] }], 'Unknown question'],
        ] as const) {
          const refused = await post(answers);
          expect(refused.status).toBe(400);
          expect((await errorOf(refused)).message).toBe(message);
        }
        // No body at all: the required questions are unanswered.
        expect((await server.send('POST', `/api/events/${cast.event.id}/registration`, person.headers)).status).toBe(400);
      },
    );
    const accepted = await post([
      { questionId: diet, value: ['Vegan'] },
      { questionId: size, value: ['M'] },
      { questionId: tracks, value: ['AI', 'Design'] },
    ]);
    expect(accepted.status).toBe(200);
    const list = await listOf(cast.event.id, cast.owner.headers, `search=${encodeURIComponent(person.user.email)}`);
    expect(list.items[0]!.answers).toEqual([
      { questionId: diet, label: 'Dietary needs', value: ['Vegan'] },
      { questionId: size, label: 'T-shirt size', value: ['M'] },
      { questionId: tracks, label: 'Which tracks?', value: ['AI', 'Design'] },
    ]);

    // Keeping two questions by id (one renamed) and leaving one out removes that one with its answers.
    const kept = await server.send('PUT', `/api/events/${cast.event.id}/registration-questions`, cast.owner.headers, {
      questions: [
        { id: size, label: 'Shirt size', kind: 'single_choice', options: ['S', 'M', 'L'] },
        { id: diet, label: 'Dietary needs', kind: 'text' },
      ],
    });
    expect(kept.status).toBe(200);
    const after = await listOf(cast.event.id, cast.owner.headers, `search=${encodeURIComponent(person.user.email)}`);
    expect(after.items[0]!.answers).toEqual([
      { questionId: size, label: 'Shirt size', value: ['M'] },
      { questionId: diet, label: 'Dietary needs', value: ['Vegan'] },
    ]);
    // Cancelling takes the answers with it.
    expect((await cancelAs(cast.event.id, person)).status).toBe(204);
    expect((await listOf(cast.event.id, cast.owner.headers, 'status=cancelled')).items[0]!.answers).toEqual([]);
  });

  it('are written by organizers only, and a bad question is refused with its reason, changing nothing', async () => {
    const cast = await eventWithCast(server);
    const path = `/api/events/${cast.event.id}/registration-questions`;
    expect((await server.send('PUT', path, cast.owner.headers, { questions })).status).toBe(200);
    const stored = () => server.send('GET', path, cast.owner.headers).then((response) => response.json());
    await expectNothingWritten(stored, async () => {
      for (const [question, message] of [
        [{ label: 'Pick one', kind: 'single_choice', options: ['Only'] }, 'A choice question needs at least two options'],
        [{ label: 'Pick', kind: 'multiple_choice', options: ['A', 'a'] }, 'Options must differ from each other'],
        [{ label: 'Say', kind: 'text', options: ['A'] }, 'A text question has no options'],
        [{ label: '  ', kind: 'text' }, 'Question is required'],
      ] as const) {
        const refused = await server.send('PUT', path, cast.owner.headers, { questions: [question] });
        expect(refused.status).toBe(400);
        expect((await errorOf(refused)).message).toBe(message);
      }
      const foreign = await eventWithCast(server);
      const theirs = (await (await server.send('PUT', `/api/events/${foreign.event.id}/registration-questions`, foreign.owner.headers, { questions })).json()) as {
        questions: Array<{ id: string }>;
      };
      const stolen = await server.send('PUT', path, cast.owner.headers, { questions: [{ id: theirs.questions[0]!.id, label: 'Mine now', kind: 'text' }] });
      expect((await errorOf(stolen)).message).toBe('Unknown question');
      for (const refused of [cast.volunteer, cast.attendee, cast.otherOwner]) {
        expect((await server.send('PUT', path, refused.headers, { questions: [] })).status).toBeGreaterThanOrEqual(403);
      }
    });
  });
});

describe('the registrations export', () => {
  it('lists the registered then the waitlist in order, with answers per question, formula-safe, for organizers only', async () => {
    const owner = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.user.id, { registrationOpen: true, capacity: 1 });
    const saved = await server.send('PUT', `/api/events/${event.id}/registration-questions`, owner.headers, {
      questions: [{ label: 'Diet', kind: 'text' }, { label: 'Tracks', kind: 'multiple_choice', options: ['AI', 'Cloud'] }],
    });
    const [diet, tracks] = ((await saved.json()) as { questions: Array<{ id: string }> }).questions.map((question) => question.id) as [string, string];
    const first = await createUser(server.ctx, { fullName: '=HYPERLINK("http://evil.example")' });
    const second = await createUser(server.ctx, { fullName: 'Ada, "the" Countess' });
    await register(server.ctx, callerOf(first), event.id, [{ questionId: diet, value: ['Vegan'] }, { questionId: tracks, value: ['AI', 'Cloud'] }]);
    await register(server.ctx, callerOf(second), event.id, [{ questionId: tracks, value: ['Cloud'] }]);
    // The first person was let in at the door.
    await checkInAttendee(server.ctx, event.id, first.id);
    const response = await server.send('GET', `/api/events/${event.id}/registrations.csv`, owner.headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${event.slug}-registrations.csv"`);
    const lines = (await response.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Status","Waitlist Position","Name","Email","Company","Job Title","Registered At (UTC)","Checked In","Checked In At (UTC)","Check-in Points","Terms Accepted At (UTC)","Sharing With Sponsors","Sharing Changed At (UTC)","Diet","Tracks"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^"Registered","","'=HYPERLINK\\(""http://evil.example""\\)","${first.email}","","","\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d","Yes","\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d","Door","[-\\d :]{19}","Given","[-\\d :]{19}","Vegan","AI; Cloud"$`));
    expect(lines[2]).toMatch(new RegExp(`^"Waitlisted","1","Ada, ""the"" Countess","${second.email}",.*,"","","","[-\\d :]{19}","Given","[-\\d :]{19}","","Cloud"$`));
    const attendee = await signedInUser(server);
    await register(server.ctx, callerOf(attendee.user), event.id);
    expect((await server.send('GET', `/api/events/${event.id}/registrations.csv`, attendee.headers)).status).toBe(404);
    expect((await server.send('GET', `/api/events/${event.id}/registrations.csv`)).status).toBe(401);
  });
});
