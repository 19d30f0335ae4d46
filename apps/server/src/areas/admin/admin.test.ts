import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userRoles } from '../../platform/db/schema/auth.ts';
import { mailOutbox } from '../../platform/db/schema/mail.ts';
import { supportTickets } from '../../platform/db/schema/support.ts';
import { createEvent } from '../../test/event-factories.ts';
import { createUser, signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';
import { lastMailTo } from '../../test/mail.ts';

const server = useTestServer();


async function ticket() {
  const [row] = await server.ctx.db
    .insert(supportTickets)
    .values({ userEmail: 'a@acme-test.com', userFullName: 'Ann', subject: 'Help', description: 'Something broke here', ticketType: 'support' })
    .returning();
  return row!;
}

/** Whose roles are stored: what a refused change of roles must leave as it was. */
const rolesOf = (...userIds: string[]) =>
  Promise.all(userIds.map(async (userId) => (await server.ctx.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role).sort()));
const ticketRow = (id: string) => server.ctx.db.select().from(supportTickets).where(eq(supportTickets.id, id));

describe('super admin dashboard', () => {
  it('is for super admins only', async () => {
    const [admin, owner] = await Promise.all([signedInUser(server, { roles: ['super_admin'] }), signedInUser(server, { roles: ['event_owner'] })]);
    for (const path of ['/api/admin/stats', '/api/admin/queue', '/api/admin/users', '/api/admin/events', '/api/admin/tickets']) {
      expect((await server.send('GET', path)).status).toBe(401);
      const denied = await server.send('GET', path, owner.headers);
      expect(denied.status).toBe(403);
      expect((await errorOf(denied)).message).toBe("You don't have permission to access this page");
      expect((await server.send('GET', path, admin.headers)).status).toBe(200);
    }
    const stats = (await (await server.send('GET', '/api/admin/stats', admin.headers)).json()) as { health: { status: string }; totalUsers: number };
    expect(stats.health.status).toBe('Good');
    expect(stats.totalUsers).toBeGreaterThanOrEqual(2);
  });

  it("shows the queue's health: jobs waiting, running, failed and dead-lettered, and emails failed in 24 hours", async () => {
    const admin = await signedInUser(server, { roles: ['super_admin'] });
    const health = async () => (await server.send('GET', '/api/admin/queue', admin.headers)).json();
    const before = (await health()) as Record<string, number>;
    expect(Object.keys(before).sort()).toEqual(['active', 'deadLettered', 'failedLastDay', 'mailFailedLastDay', 'waiting']);
    // An email that bounced an hour ago counts; one that failed two days ago no longer does.
    await server.ctx.db.insert(mailOutbox).values([
      { to: 'gone@acme-test.com', subject: 'Hi', text: 'x', status: 'bounced', error: '550', lastAttemptAt: new Date(Date.now() - 3_600_000) },
      { to: 'old@acme-test.com', subject: 'Hi', text: 'x', status: 'failed', error: 'timeout', lastAttemptAt: new Date(Date.now() - 2 * 86_400_000) },
    ]);
    expect(await health()).toEqual({ ...before, mailFailedLastDay: before.mailFailedLastDay! + 1 });
    // Jobs' own failures and dead letters: platform/mail/mail-delivery.test.ts, against a real SMTP server.
  });

  it('counts as active every event that has not ended, started or not (spec: end date after now)', async () => {
    const [admin, owner] = await Promise.all([signedInUser(server, { roles: ['super_admin'] }), signedInUser(server)]);
    const active = async () => ((await (await server.send('GET', '/api/admin/stats', admin.headers)).json()) as { activeEvents: number; totalEvents: number });
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000);
    // The counts are platform-wide, and on PostgreSQL other test files create events in the same database meanwhile:
    // a round whose total grew by more than our three saw one of theirs, and is measured again.
    for (let round = 1; ; round++) {
      const before = await active();
      await createEvent(server.ctx, owner.user.id, { startDate: hours(24), endDate: hours(30) }); // upcoming: active
      await createEvent(server.ctx, owner.user.id, { startDate: hours(-2), endDate: hours(2) }); // under way: active
      await createEvent(server.ctx, owner.user.id, { startDate: hours(-30), endDate: hours(-24) }); // over: not active
      const after = await active();
      if (after.totalEvents - before.totalEvents !== 3 && round < 5) continue;
      expect(after.totalEvents - before.totalEvents).toBe(3);
      expect(after.activeEvents - before.activeEvents).toBe(2);
      break;
    }
  });

  it("lists the newest events with their owner, attendees and zone (the dates read in the event's own calendar)", async () => {
    const [admin, owner] = await Promise.all([signedInUser(server, { roles: ['super_admin'] }), signedInUser(server, { fullName: 'Ada Zonewise' })]);
    const event = await createEvent(server.ctx, owner.user.id, { name: 'Zoned Conf', timezone: 'Pacific/Auckland' });
    const page = (await (await server.send('GET', '/api/admin/events', admin.headers)).json()) as { items: Array<Record<string, unknown>> };
    // Found by id: on PostgreSQL other test files add events to the same database meanwhile.
    expect(page.items.find((item) => item.id === event.id)).toEqual({
      id: event.id,
      name: 'Zoned Conf',
      slug: event.slug,
      startDate: event.startDate.toISOString(),
      endDate: event.endDate.toISOString(),
      timezone: 'Pacific/Auckland',
      ownerName: 'Ada Zonewise',
      attendees: 0,
    });
  });

  it('changes a user’s platform roles, never the caller’s own super_admin', async () => {
    const [admin, user] = await Promise.all([signedInUser(server, { roles: ['super_admin'] }), signedInUser(server)]);
    const saved = await server.send('PUT', `/api/admin/users/${user.user.id}/roles`, admin.headers, { roles: ['event_owner', 'registered_user', 'event_owner'] });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ userId: user.user.id, roles: ['event_owner', 'registered_user'] });
    const rows = await server.ctx.db.select().from(userRoles).where(eq(userRoles.userId, user.user.id));
    expect(rows.map((r) => r.role).sort()).toEqual(['event_owner', 'registered_user']);
    // The new role works at once: the user now reaches the manager dashboard.
    expect((await server.send('GET', '/api/manager/overview', user.headers)).status).toBe(200);

    await expectNothingWritten(
      () => rolesOf(admin.user.id, user.user.id),
      async () => {
        const self = await server.send('PUT', `/api/admin/users/${admin.user.id}/roles`, admin.headers, { roles: [] });
        expect(self.status).toBe(400);
        expect((await errorOf(self)).message).toBe('You cannot remove your own super admin role');
        expect((await server.send('PUT', `/api/admin/users/${admin.user.id}/roles`, admin.headers, { roles: ['nope'] })).status).toBe(400);
        expect((await server.send('PUT', `/api/admin/users/${crypto.randomUUID()}/roles`, admin.headers, { roles: [] })).status).toBe(404);
        expect((await server.send('PUT', `/api/admin/users/${user.user.id}/roles`, user.headers, { roles: ['super_admin'] })).status).toBe(403);
      },
    );
  });

  it('searches, sorts and pages the Users table on the server', async () => {
    const admin = await signedInUser(server, { roles: ['super_admin'] });
    // Five people of a family of names no other test uses; created in this order, so "joined" is this order too.
    const tag = crypto.randomUUID().slice(0, 8);
    const names = ['Cora', 'alma', 'Bea', 'Dina', 'Ezra'].map((first) => `${first} Zq${tag}`);
    const made = [];
    for (const fullName of names) made.push(await createUser(server.ctx, { fullName, email: `${fullName.split(' ')[0]!.toLowerCase()}-${tag}@acme-test.com`, roles: ['event_owner'] }));
    type UserPage = { items: Array<{ id: string; fullName: string; roles: string[] }>; nextCursor: string | null };
    const list = async (query: string) => {
      const response = await server.send('GET', `/api/admin/users?${query}`, admin.headers);
      expect(response.status, query).toBe(200);
      return (await response.json()) as UserPage;
    };
    /** Every page of a query, two at a time, through the cursors. */
    const walk = async (query: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: UserPage = await list(`${query}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((user) => user.fullName));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };

    const byName = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(await walk(`q=ZQ${tag}&sort=name&dir=asc`)).toEqual(byName);
    expect(await walk(`q=zq${tag}&sort=name&dir=desc`)).toEqual([...byName].reverse());
    expect(await walk(`q=zq${tag}&sort=joined&dir=asc`)).toEqual(names);
    expect(await walk(`q=zq${tag}&sort=joined&dir=desc`)).toEqual([...names].reverse());
    expect(await walk(`q=${tag}@acme-test&sort=email&dir=asc`)).toEqual(byName);
    // A search by email finds one person, with their roles.
    const one = await list(`q=${encodeURIComponent(made[2]!.email.toUpperCase())}`);
    expect(one.items).toEqual([expect.objectContaining({ id: made[2]!.id, fullName: names[2], roles: ['event_owner', 'registered_user'] })]);
    // Search characters are literal: a LIKE wildcard matches nothing here.
    expect((await list(`q=${encodeURIComponent(`zq${tag.slice(0, 4)}%`)}`)).items).toEqual([]);

    // A cursor made for one sort is refused with another; bad parameters are 400s with a message.
    const first = await list(`q=zq${tag}&sort=name&dir=asc&limit=2`);
    const refused = await server.send('GET', `/api/admin/users?q=zq${tag}&sort=email&dir=asc&limit=2&cursor=${first.nextCursor}`, admin.headers);
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe('Invalid cursor');
    expect((await server.send('GET', '/api/admin/users?sort=age', admin.headers)).status).toBe(400);
    expect((await server.send('GET', '/api/admin/users?limit=500', admin.headers)).status).toBe(400);
    const long = await server.send('GET', `/api/admin/users?q=${'x'.repeat(101)}`, admin.headers);
    expect(long.status).toBe(400);
    expect((await errorOf(long)).message).toBe('Search must be less than 100 characters');
  });

  it('moves tickets by the spec’s rules and stamps updated_at', async () => {
    const admin = await signedInUser(server, { roles: ['super_admin'] });
    const t = await ticket();
    const act = (action: string, id = t.id) => server.send('POST', `/api/admin/tickets/${id}/status`, admin.headers, { action });
    const started = await act('start');
    expect(started.status).toBe(200);
    const body = (await started.json()) as { status: string; updatedAt: string };
    expect(body.status).toBe('in_progress');
    expect(new Date(body.updatedAt).getTime()).toBeGreaterThanOrEqual(t.updatedAt.getTime());
    await expectNothingWritten(
      () => ticketRow(t.id),
      async () => expect((await act('start')).status).toBe(409),
    );
    expect(((await (await act('resolve')).json()) as { status: string }).status).toBe('resolved');
    expect((await act('resolve')).status).toBe(409);
    expect(((await (await act('close')).json()) as { status: string }).status).toBe('closed');
    await expectNothingWritten(
      () => ticketRow(t.id),
      async () => {
        const closed = await act('close');
        expect(closed.status).toBe(409);
        expect(await errorOf(closed)).toEqual({ code: 'invalid_transition', message: 'This ticket cannot move to that status' });
      },
    );
    expect((await act('start', crypto.randomUUID())).status).toBe(404);

    // Parallel Start clicks: one wins.
    const t2 = await ticket();
    const results = await Promise.all(Array.from({ length: 5 }, () => act('start', t2.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('tells the person who filed a ticket of its new status in the app and by email', async () => {
    const [admin, filer] = await Promise.all([signedInUser(server, { roles: ['super_admin'] }), signedInUser(server)]);
    const [mine] = await server.ctx.db
      .insert(supportTickets)
      .values({ userId: filer.user.id, userEmail: filer.user.email, userFullName: filer.user.fullName, subject: 'Logo upload', description: 'The logo does not upload', ticketType: 'support' })
      .returning();
    const started = await server.send('POST', `/api/admin/tickets/${mine!.id}/status`, admin.headers, { action: 'start' });
    expect(started.status).toBe(200);
    const list = (await (await server.send('GET', '/api/me/notifications', filer.headers)).json()) as { items: Array<{ kind: string; title: string; body: string; link: string }> };
    expect(list.items).toEqual([expect.objectContaining({ kind: 'ticket_status', title: 'Your support ticket is In Progress', body: 'Logo upload', link: '/support' })]);
    expect((await lastMailTo(server.ctx, filer.user.email))?.subject).toBe('Your support ticket is In Progress: Logo upload');
  });
});
