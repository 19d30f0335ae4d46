import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../platform/db/schema/agenda.ts';
import { events } from '../../platform/db/schema/events.ts';
import { eventWithCast, networkingPair, requestMeeting } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

// Every IANA zone for events and sessions (decision 0183), on PGlite and (TEST_DATABASE_URL) PostgreSQL.

const server = useTestServer();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const event = (timezone?: string) => ({ name: 'Encontro Paulista', startDate: inDays(30), endDate: inDays(31), timezone });
const session = (timezone?: string) => ({ title: 'Abertura', startTime: inDays(30), endTime: inDays(30.05), timezone });

describe('time zones of events and sessions', () => {
  it('creates an event in São Paulo, shows it in its zone, and moves it to another zone', async () => {
    const owner = await signedInUser(server, { roles: ['event_owner'] });
    const created = await server.send('POST', '/api/events', owner.headers, event('America/Sao_Paulo'));
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: string; timezone: string };
    expect(body.timezone).toBe('America/Sao_Paulo');
    const [stored] = await server.ctx.db.select({ timezone: events.timezone }).from(events).where(eq(events.id, body.id));
    expect(stored?.timezone).toBe('America/Sao_Paulo');

    const agenda = await server.send('GET', `/api/events/${body.id}/agenda`, owner.headers);
    expect(((await agenda.json()) as { event: { timezone: string } }).event.timezone).toBe('America/Sao_Paulo');

    const moved = await server.send('PATCH', `/api/events/${body.id}`, owner.headers, { timezone: 'Asia/Kathmandu' });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { timezone: string }).timezone).toBe('Asia/Kathmandu');
  });

  it('gives an event without a zone UTC', async () => {
    const owner = await signedInUser(server, { roles: ['event_owner'] });
    const created = await server.send('POST', '/api/events', owner.headers, event());
    expect(((await created.json()) as { timezone: string }).timezone).toBe('UTC');
  });

  it('refuses a zone nobody knows, and writes nothing', async () => {
    const cast = await eventWithCast(server);
    const owner = cast.owner;
    const mine = () => server.ctx.db.select().from(events).where(eq(events.createdBy, owner.user.id)).orderBy(events.id);
    await expectNothingWritten(mine, async () => {
      for (const zone of ['Mars/Olympus_Mons', 'europe/paris', "UTC'; drop table events; --"]) {
        const response = await server.send('POST', '/api/events', owner.headers, event(zone));
        expect(response.status).toBe(400);
        expect((await errorOf(response)).message).toBe('Timezone is required');
        expect((await server.send('PATCH', `/api/events/${cast.event.id}`, owner.headers, { timezone: zone })).status).toBe(400);
      }
    });
    const theirs = () => server.ctx.db.select().from(sessions).where(eq(sessions.eventId, cast.event.id)).orderBy(sessions.id);
    await expectNothingWritten(theirs, async () => {
      const response = await server.send('POST', `/api/events/${cast.event.id}/sessions`, owner.headers, session('Atlantis/Lost_City'));
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe('Timezone is required');
    });
  });

  it('lets the event’s co-owner move it to another zone, and nobody else: nothing written', async () => {
    const cast = await eventWithCast(server, { timezone: 'Europe/Berlin' });
    const zone = () => server.ctx.db.select({ timezone: events.timezone, updatedAt: events.updatedAt }).from(events).where(eq(events.id, cast.event.id));
    await expectNothingWritten(zone, async () => {
      for (const caller of [cast.otherOwner, cast.attendee, cast.stranger]) {
        const response = await server.send('PATCH', `/api/events/${cast.event.id}`, caller.headers, { timezone: 'America/Sao_Paulo' });
        // Refused: 403 to its attendee, 404 to those who cannot see the event at all.
        expect([403, 404]).toContain(response.status);
      }
      const visitor = await server.send('PATCH', `/api/events/${cast.event.id}`, new Headers(), { timezone: 'America/Sao_Paulo' });
      expect(visitor.status).toBe(401);
    });
    const moved = await server.send('PATCH', `/api/events/${cast.event.id}`, cast.coOwner.headers, { timezone: 'America/Sao_Paulo' });
    expect(moved.status).toBe(200);
    const [stored] = await zone();
    expect(stored?.timezone).toBe('America/Sao_Paulo');
  });

  it('answers a meeting with its event’s zone, which the meetings page shows it in', async () => {
    const { alice, bob } = await networkingPair(server, { timezone: 'America/Sao_Paulo' });
    const { id } = await requestMeeting(server, alice.headers, bob.user.id);
    const mine = (await (await server.send('GET', '/api/meetings', alice.headers)).json()) as { meetings: Array<{ id: string; eventTimeZone: string | null }> };
    expect(mine.meetings.find((meeting) => meeting.id === id)?.eventTimeZone).toBe('America/Sao_Paulo');
  });

  it('creates a session in São Paulo', async () => {
    const cast = await eventWithCast(server);
    const response = await server.send('POST', `/api/events/${cast.event.id}/sessions`, cast.owner.headers, session('America/Sao_Paulo'));
    expect(response.status).toBe(201);
    const { id, timezone } = (await response.json()) as { id: string; timezone: string };
    expect(timezone).toBe('America/Sao_Paulo');
    const [stored] = await server.ctx.db.select({ timezone: sessions.timezone }).from(sessions).where(eq(sessions.id, id));
    expect(stored?.timezone).toBe('America/Sao_Paulo');
  });

  it('has the database refuse garbage written past the API', async () => {
    const cast = await eventWithCast(server);
    await expect(server.ctx.db.update(events).set({ timezone: 'not a zone' }).where(eq(events.id, cast.event.id))).rejects.toThrow();
    const [stored] = await server.ctx.db.select({ timezone: events.timezone }).from(events).where(eq(events.id, cast.event.id));
    expect(stored?.timezone).toBe('UTC');
  });
});
