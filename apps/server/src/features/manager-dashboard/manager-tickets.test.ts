import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTickets } from '../../db/schema/support.ts';
import { eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function ticketBy(user: { id: string; email: string; fullName: string }, subject = 'Cannot see the agenda') {
  const [row] = await server.ctx.db
    .insert(supportTickets)
    .values({
      userId: user.id,
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
  it("lists the tickets of the people of the caller's events; every ticket for super admins", async () => {
    const cast = await eventWithCast(server);
    const outsider = await signedInUser(server);
    const [fromAttendee, fromVolunteer, fromOutsider] = [
      await ticketBy(cast.attendee.user),
      await ticketBy(cast.volunteer.user),
      await ticketBy(outsider.user),
    ];
    for (const who of [cast.owner, cast.coOwner]) {
      const ids = await list(who);
      expect(ids).toContain(fromAttendee.id);
      expect(ids).toContain(fromVolunteer.id);
      expect(ids).not.toContain(fromOutsider.id);
    }
    expect(await list(cast.otherOwner)).toEqual([]);
    expect(await list(cast.admin)).toEqual(expect.arrayContaining([fromAttendee.id, fromVolunteer.id, fromOutsider.id]));
    expect((await server.send('GET', '/api/manager/tickets', cast.attendee.headers)).status).toBe(403);
    expect((await server.send('GET', '/api/manager/tickets')).status).toBe(401);
  });

  it('starts and resolves with the enabling rules, stamping updated_at; close is not a manager action', async () => {
    const cast = await eventWithCast(server);
    const ticket = await ticketBy(cast.attendee.user);
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
    const ticket = await ticketBy(cast.attendee.user);
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
    const ticket = await ticketBy(cast.attendee.user);
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => act(cast.owner, ticket.id, 'start')))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
  });
});
