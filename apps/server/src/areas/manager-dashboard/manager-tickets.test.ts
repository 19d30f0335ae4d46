import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { supportTickets } from '../../platform/db/schema/support.ts';
import { addAttendee, addVolunteer, createEvent, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';

const server = useTestServer();

async function ticketBy(user: { id: string; email: string; fullName: string }, eventId: string | null, subject = 'Cannot see the agenda') {
  const [row] = await server.ctx.db
    .insert(supportTickets)
    .values({
      userId: user.id,
      eventId,
      userEmail: user.email,
      userFullName: user.fullName,
      subject,
      description: 'The agenda page stays empty for me.',
      ticketType: 'support',
      updatedAt: new Date(Date.now() - 60_000),
    })
    .returning();
  return row!;
}

type Who = { headers: Headers };
const list = async (who: Who) =>
  ((await (await server.send('GET', '/api/manager/tickets', who.headers)).json()) as { items: Array<{ id: string }> }).items.map((t) => t.id);
const act = (who: Who | null, ticketId: string, action: string) =>
  server.send('POST', `/api/manager/tickets/${ticketId}/status`, who?.headers, { action });

describe('manager dashboard Tickets tab', () => {
  it('lists the tickets filed about the caller’s events (decision 0092); every ticket for super admins', async () => {
    const cast = await eventWithCast(server);
    const outsider = await signedInUser(server);
    const otherEvent = await createEvent(server.ctx, cast.otherOwner.user.id);
    const [aboutEvent, fromVolunteer, platformTicket, fromOutsider, aboutOtherEvent] = [
      await ticketBy(cast.attendee.user, cast.event.id),
      await ticketBy(cast.volunteer.user, cast.event.id),
      await ticketBy(cast.attendee.user, null),
      await ticketBy(outsider.user, null),
      await ticketBy(cast.volunteer.user, otherEvent.id),
    ];
    for (const who of [cast.owner, cast.coOwner]) {
      const ids = await list(who);
      expect(ids).toContain(aboutEvent.id);
      expect(ids).toContain(fromVolunteer.id);
      // The same people's tickets about nothing, or about another event, are not this organizer's.
      expect(ids).not.toContain(platformTicket.id);
      expect(ids).not.toContain(aboutOtherEvent.id);
      expect(ids).not.toContain(fromOutsider.id);
    }
    expect(await list(cast.otherOwner)).toEqual([aboutOtherEvent.id]);
    expect(await list(cast.admin)).toEqual(
      expect.arrayContaining([aboutEvent.id, fromVolunteer.id, platformTicket.id, fromOutsider.id, aboutOtherEvent.id]),
    );
    expect((await server.send('GET', '/api/manager/tickets', cast.attendee.headers)).status).toBe(403);
    expect((await server.send('GET', '/api/manager/tickets')).status).toBe(401);
  });

  it('an owner the submitter merely volunteers for, another organizer, an attendee and a visitor neither see nor change the ticket', async () => {
    // The attack: anyone creates an event and puts a victim on it as a volunteer, then opens the Tickets tab.
    const victim = await signedInUser(server);
    const victimEvent = await createEvent(server.ctx, (await signedInUser(server)).user.id);
    await addAttendee(server.ctx, victimEvent.id, victim.user.id);
    const tickets = [await ticketBy(victim.user, null), await ticketBy(victim.user, victimEvent.id)];
    const attacker = await signedInUser(server);
    const attackerEvent = await createEvent(server.ctx, attacker.user.id);
    await addVolunteer(server.ctx, attackerEvent.id, victim.user.id);
    const otherOrganizer = await signedInUser(server);
    await createEvent(server.ctx, otherOrganizer.user.id);
    const attendee = await signedInUser(server);
    await addAttendee(server.ctx, victimEvent.id, attendee.user.id);

    for (const who of [attacker, otherOrganizer]) {
      const ids = await list(who);
      for (const ticket of tickets) {
        expect(ids).not.toContain(ticket.id);
        for (const action of ['start', 'resolve']) {
          const refused = await act(who, ticket.id, action);
          expect(refused.status).toBe(404);
          expect(await errorOf(refused)).toEqual({ code: 'not_found', message: 'Ticket not found' });
        }
      }
    }
    for (const ticket of tickets) {
      expect((await act(attendee, ticket.id, 'start')).status).toBe(403);
      expect((await act(null, ticket.id, 'resolve')).status).toBe(401);
    }
    expect((await server.send('GET', '/api/manager/tickets', attendee.headers)).status).toBe(403);
    // Nothing changed: status and updated_at are as filed.
    const rows = await server.ctx.db.select().from(supportTickets).where(inArray(supportTickets.id, tickets.map((t) => t.id)));
    expect(rows.map((r) => [r.status, r.updatedAt.getTime()]).sort()).toEqual(tickets.map((t) => [t.status, t.updatedAt.getTime()]).sort());
  });

  it('files a ticket about an event only when the submitter takes part in it', async () => {
    const cast = await eventWithCast(server);
    const input = (eventId: string) => ({
      email: 'someone@acme-test.com',
      fullName: 'Some One',
      subject: 'Spam for the organizer',
      description: 'A ticket into an event I have nothing to do with.',
      ticketType: 'support',
      eventId,
    });
    const strangersEvent = await server.send('POST', '/api/support/tickets', cast.stranger.headers, input(cast.event.id));
    expect(strangersEvent.status).toBe(404);
    expect(await errorOf(strangersEvent)).toEqual({ code: 'not_found', message: 'Event not found' });
    const rows = await server.ctx.db.select().from(supportTickets).where(eq(supportTickets.userId, cast.stranger.user.id));
    expect(rows).toEqual([]);
    expect((await server.send('POST', '/api/support/tickets', cast.stranger.headers, input('not-a-uuid'))).status).toBe(400);
    for (const who of [cast.attendee, cast.volunteer]) {
      const filed = await server.send('POST', '/api/support/tickets', who.headers, input(cast.event.id));
      expect(filed.status).toBe(201);
      const ticket = (await filed.json()) as { id: string; eventId: string };
      expect(ticket.eventId).toBe(cast.event.id);
      expect(await list(cast.owner)).toContain(ticket.id);
    }
  });

  it('starts and resolves with the enabling rules, stamping updated_at; close is not a manager action', async () => {
    const cast = await eventWithCast(server);
    const ticket = await ticketBy(cast.attendee.user, cast.event.id);
    const started = await act(cast.owner, ticket.id, 'start');
    expect(started.status).toBe(200);
    const body = (await started.json()) as { status: string; updatedAt: string };
    expect(body.status).toBe('in_progress');
    expect(new Date(body.updatedAt).getTime()).toBeGreaterThan(ticket.updatedAt.getTime());

    const startAgain = await act(cast.owner, ticket.id, 'start');
    expect(startAgain.status).toBe(409);
    expect((await errorOf(startAgain)).message).toBe('This ticket cannot move to that status');
    expect((await act(cast.coOwner, ticket.id, 'resolve')).status).toBe(200);
    expect((await act(cast.owner, ticket.id, 'resolve')).status).toBe(409);
    expect((await act(cast.owner, ticket.id, 'close')).status).toBe(400);
    const [row] = await server.ctx.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row!.status).toBe('resolved');
  });

  it('refuses tickets outside the scope, attendees and visitors', async () => {
    const cast = await eventWithCast(server);
    const ticket = await ticketBy(cast.attendee.user, cast.event.id);
    const hidden = await act(cast.otherOwner, ticket.id, 'start');
    expect(hidden.status).toBe(404);
    expect((await errorOf(hidden)).message).toBe('Ticket not found');
    expect((await act(cast.attendee, ticket.id, 'start')).status).toBe(403);
    expect((await act(null, ticket.id, 'start')).status).toBe(401);
    expect((await act(cast.owner, 'not-a-uuid', 'start')).status).toBe(404);
    const [row] = await server.ctx.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row!.status).toBe('open');
  });

  it('10 parallel Start clicks: one 200, the rest 409', async () => {
    const cast = await eventWithCast(server);
    const ticket = await ticketBy(cast.attendee.user, cast.event.id);
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => act(cast.owner, ticket.id, 'start')))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
  });
});
