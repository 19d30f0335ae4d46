import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactFormSubmissions } from '../../db/schema/support.ts';
import { signedInUser, uniqueEmail } from '../../test/factories.ts';
import { errorOf, startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});


const validTicket = (patch: Record<string, unknown> = {}) => ({
  email: 'Ann@Acme-Test.com',
  fullName: 'Ann Example',
  phone: '',
  subject: 'Cannot see my event',
  description: 'The event I registered for is not on my dashboard.',
  ticketType: 'incident',
  ...patch,
});

describe('support tickets', () => {
  it('files an open ticket for a signed-in user with every rule and message', async () => {
    const user = await signedInUser(server);
    expect((await server.send('POST', '/api/support/tickets', undefined, validTicket())).status).toBe(401);
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
    for (const [patch, message] of cases) {
      const refused = await server.send('POST', '/api/support/tickets', user.headers, validTicket(patch));
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toBe(message);
    }
    for (const ticketType of ['support', 'bug', 'feedback_to_developers', 'feature_request', 'feedback']) {
      expect((await server.send('POST', '/api/support/tickets', user.headers, validTicket({ ticketType }))).status).toBe(201);
    }
  });
});

describe('contact form', () => {
  const valid = (email: string) => ({ fullName: 'Grace Hopper', email, message: 'I would like to run my conference on Mingle.' });

  it('validates with the spec messages and is visible to super admins only', async () => {
    const email = uniqueEmail('contact');
    expect((await server.send('POST', '/api/contact', undefined, valid(email))).status).toBe(204);
    for (const [patch, message] of [
      [{ message: 'short' }, 'Message must be at least 10 characters'],
      [{ message: 'x'.repeat(5001) }, 'Message must be less than 5000 characters'],
      [{ fullName: 'x'.repeat(201) }, 'Name must be less than 200 characters'],
      [{ email: `${'x'.repeat(250)}@a.com` }, 'Email must be less than 255 characters'],
    ] as const) {
      const refused = await server.send('POST', '/api/contact', undefined, { ...valid(email), ...patch });
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toBe(message);
    }
    const [admin, user] = await Promise.all([signedInUser(server, { roles: ['super_admin'] }), signedInUser(server)]);
    expect((await server.send('GET', '/api/admin/contact-submissions', user.headers)).status).toBe(403);
    const list = (await (await server.send('GET', '/api/admin/contact-submissions', admin.headers)).json()) as { submissions: Array<{ email: string; status: string }> };
    expect(list.submissions.find((s) => s.email === email)).toMatchObject({ status: 'new' });
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
});
