import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTACT_PER_ADDRESS_PER_HOUR } from '@mingle/shared/support/inputs';
import { contactFormSubmissions, supportTickets } from '../../platform/db/schema/support.ts';
import { signedInUser, uniqueEmail } from '../../test/factories.ts';
import { errorOf, jsonRequest, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

type SubmissionPage = { items: Array<{ id: string; email: string; fullName: string; status: string }>; nextCursor: string | null };

const server = useTestServer();

const validTicket = (patch: Record<string, unknown> = {}) => ({
  email: 'Ann@Acme-Test.com',
  fullName: 'Ann Example',
  phone: '',
  subject: 'Cannot see my event',
  description: 'The event I registered for is not on my dashboard.',
  ticketType: 'incident',
  ...patch,
});
/** The tickets filed by a user, or under an address: what a refused filing must leave as it was. */
const ticketsOf = (userId: string) => server.ctx.db.select().from(supportTickets).where(eq(supportTickets.userId, userId));
const ticketsUnder = (email: string) => server.ctx.db.select().from(supportTickets).where(eq(supportTickets.userEmail, email));
/** The contact submissions from these addresses: what a refused submission must leave as it was. */
const submissionsFrom = (...emails: string[]) =>
  server.ctx.db.select().from(contactFormSubmissions).where(inArray(contactFormSubmissions.email, emails));

describe('support tickets', () => {
  it('files an open ticket for a signed-in user with every rule and message', async () => {
    const user = await signedInUser(server);
    // The visitor types an address of its own: a ticket written under it would show (Ann's address is shared with other tests).
    const visitor = uniqueEmail('visitor');
    await expectNothingWritten(
      () => ticketsUnder(visitor),
      async () => expect((await server.send('POST', '/api/support/tickets', undefined, validTicket({ email: visitor }))).status).toBe(401),
    );
    const created = await server.send('POST', '/api/support/tickets', user.headers, validTicket());
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ status: 'open', priority: 'medium', userEmail: 'ann@acme-test.com', userPhone: null, userId: user.user.id });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'nope' }, 'Invalid email address'],
      [{ fullName: 'A' }, 'Name must be at least 2 characters'],
      [{ subject: 'ab' }, 'Subject must be at least 3 characters'],
      [{ subject: 'x'.repeat(201) }, 'Subject must be less than 200 characters'],
      [{ description: 'short' }, 'Description must be at least 10 characters'],
      [{ description: 'x'.repeat(5001) }, 'Description must be less than 5000 characters'],
      [{ phone: '1'.repeat(51) }, 'Phone must be less than 50 characters'],
      [{ ticketType: 'complaint' }, 'Please choose a ticket type'],
    ];
    await expectNothingWritten(
      () => ticketsOf(user.user.id),
      async () => {
        for (const [patch, message] of cases) {
          const refused = await server.send('POST', '/api/support/tickets', user.headers, validTicket(patch));
          expect(refused.status).toBe(400);
          expect((await errorOf(refused)).message).toBe(message);
        }
      },
    );
    for (const ticketType of ['support', 'bug', 'feedback_to_developers', 'feature_request', 'feedback']) {
      expect((await server.send('POST', '/api/support/tickets', user.headers, validTicket({ ticketType }))).status).toBe(201);
    }
  });
});

describe('contact form', () => {
  const valid = (email: string) => ({ fullName: 'Grace Hopper', email, message: 'I would like to run my conference on Mingle.' });

  it('validates with the spec messages and stores a submission as new', async () => {
    const email = uniqueEmail('contact');
    expect((await server.send('POST', '/api/contact', undefined, valid(email))).status).toBe(204);
    const tooLong = `${'x'.repeat(250)}@a.com`;
    await expectNothingWritten(
      () => submissionsFrom(email, tooLong),
      async () => {
        for (const [patch, message] of [
          [{ message: 'short' }, 'Message must be at least 10 characters'],
          [{ message: 'x'.repeat(5001) }, 'Message must be less than 5000 characters'],
          [{ fullName: 'x'.repeat(201) }, 'Name must be less than 200 characters'],
          [{ email: tooLong }, 'Email must be less than 255 characters'],
        ] as const) {
          const refused = await server.send('POST', '/api/contact', undefined, { ...valid(email), ...patch });
          expect(refused.status).toBe(400);
          expect((await errorOf(refused)).message).toBe(message);
        }
      },
    );
    const admin = await signedInUser(server, { roles: ['super_admin'] });
    const list = (await (await server.send('GET', '/api/admin/contact-submissions', admin.headers)).json()) as SubmissionPage;
    expect(list.items.find((s) => s.email === email)).toMatchObject({ status: 'new', fullName: 'Grace Hopper' });
  });

  it('lists submissions to super admins only', async () => {
    const [admin, user, owner] = await Promise.all([
      signedInUser(server, { roles: ['super_admin'] }),
      signedInUser(server),
      signedInUser(server, { roles: ['event_owner', 'event_volunteer'] }),
    ]);
    expect((await server.send('GET', '/api/admin/contact-submissions')).status).toBe(401);
    expect((await server.send('GET', '/api/admin/contact-submissions', user.headers)).status).toBe(403);
    expect((await server.send('GET', '/api/admin/contact-submissions', owner.headers)).status).toBe(403);
    expect((await server.send('GET', '/api/admin/contact-submissions', admin.headers)).status).toBe(200);
  });

  it('pages newest first without skipping or repeating rows, ties broken by id', async () => {
    const admin = await signedInUser(server, { roles: ['super_admin'] });
    // 60 submissions newer than anything else in the database (which other test files share), in pairs that share a
    // timestamp to the microsecond, so the page boundary falls inside a tie.
    const tag = `pager-${randomUUID().slice(0, 12)}`;
    await server.ctx.db.insert(contactFormSubmissions).values(
      Array.from({ length: 60 }, (_, index) => ({
        fullName: `Pager ${index}`,
        email: `${tag}-${index}@acme-test.com`,
        message: 'Paging through the contact submissions.',
        createdAt: sql`now() + interval '1 day' - ${Math.floor(index / 2)} * interval '1 microsecond'`,
      })),
    );
    const first = (await (await server.send('GET', '/api/admin/contact-submissions', admin.headers)).json()) as SubmissionPage;
    expect(first.items).toHaveLength(50);
    expect(first.items.every((s) => s.email.startsWith(tag))).toBe(true);
    const second = (await (
      await server.send('GET', `/api/admin/contact-submissions?cursor=${encodeURIComponent(first.nextCursor!)}`, admin.headers)
    ).json()) as SubmissionPage;
    const ours = [...first.items, ...second.items].filter((s) => s.email.startsWith(tag));
    expect(ours).toHaveLength(60);
    expect(new Set(ours.map((s) => s.id)).size).toBe(60);
    // Newest first: the pairs in order, each pair's two rows in either order (same time, then id descending).
    expect(ours.map((s) => Math.floor(Number(s.fullName.split(' ')[1]) / 2))).toEqual(Array.from({ length: 60 }, (_, i) => Math.floor(i / 2)));
    const bad = await server.send('GET', '/api/admin/contact-submissions?cursor=nonsense', admin.headers);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe('Invalid cursor');
  });

  it('holds 3 an hour per email address under 20 parallel submissions', async () => {
    const email = uniqueEmail('burst');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => server.send('POST', '/api/contact', undefined, valid(i % 2 ? email.toUpperCase() : email))));
    expect(results.filter((r) => r.status === 204)).toHaveLength(3);
    const refused = results.find((r) => r.status === 429)!;
    expect(await errorOf(refused)).toEqual({ code: 'rate_limited', message: 'Too many submissions. Please try again later.' });
    const rows = await server.ctx.db.select().from(contactFormSubmissions).where(eq(contactFormSubmissions.email, email));
    expect(rows).toHaveLength(3);
    // Another address is not affected.
    expect((await server.send('POST', '/api/contact', undefined, valid(uniqueEmail('other')))).status).toBe(204);
  });

  it('limits one client address to 20 an hour whatever emails it types; nothing is written beyond the ceiling', async () => {
    const address = '203.0.113.77';
    const tag = `spray-${randomUUID().slice(0, 12)}`;
    const emails = Array.from({ length: 100 }, (_, i) => `${tag}-${i}@acme-test.com`);
    const statuses: number[] = [];
    for (const email of emails) {
      const response = await server.request('/api/contact', jsonRequest(valid(email), { headers: { origin: server.config.publicUrl } }), address);
      statuses.push(response.status);
      if (response.status === 429) expect(await errorOf(response)).toEqual({ code: 'rate_limited', message: 'Too many submissions. Please try again later.' });
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(CONTACT_PER_ADDRESS_PER_HOUR);
    expect(statuses.slice(CONTACT_PER_ADDRESS_PER_HOUR).every((s) => s === 429)).toBe(true);
    const rows = await server.ctx.db.select({ email: contactFormSubmissions.email }).from(contactFormSubmissions).where(sql`${contactFormSubmissions.email} like ${`${tag}-%`}`);
    expect(rows.map((r) => r.email).sort()).toEqual(emails.slice(0, CONTACT_PER_ADDRESS_PER_HOUR).sort());
    // Another address still gets through.
    const other = await server.request('/api/contact', jsonRequest(valid(uniqueEmail('else')), { headers: { origin: server.config.publicUrl } }), '203.0.113.78');
    expect(other.status).toBe(204);
  });
});
