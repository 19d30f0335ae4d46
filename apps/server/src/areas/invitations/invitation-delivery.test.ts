import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationDto } from '@mingle/shared/invitations/contract';
import { eventInvitations } from '../../platform/db/schema/events.ts';
import { eventWithCast } from '../../test/event-factories.ts';
import { uniqueEmail } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { startSmtpSink, type SmtpSink } from '../../test/mail.ts';

/** Invitation emails through a real SMTP server that refuses some mailboxes: the organizer sees how each one went. */
let smtp: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpSink({ rejectRecipient: (address) => address.startsWith('nobody') });
  server = await startTestServer({ SMTP_URL: smtp.url }, { mailRetry: { limit: 1, delaySeconds: 1, expireSeconds: 30 } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

type Who = { headers: Headers };
const list = async (who: Who, eventId: string) => {
  const response = await server.send('GET', `/api/events/${eventId}/invitations`, who.headers);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: InvitationDto[] }).items;
};
const deliveryOf = (items: InvitationDto[], email: string) => items.find((item) => item.email === email)?.delivery;

describe("the organizer sees each invitation email's delivery", () => {
  it('queued, then sent or failed with the reason; a failed one can be resent', async () => {
    const cast = await eventWithCast(server, { name: 'Delivery Conf' });
    const [good, bad] = [uniqueEmail('guest'), uniqueEmail('nobody')];
    const sent = await server.send('POST', '/api/invitations', cast.owner.headers, { eventId: cast.event.id, emails: [good, bad] });
    expect(await sent.json()).toEqual({ results: [{ email: good, success: true }, { email: bad, success: true }] });
    // The answer does not wait for the mail server: both are on their way.
    const before = await list(cast.owner, cast.event.id);
    expect(deliveryOf(before, good)?.status).toMatch(/queued|sent/);

    await server.ctx.mailer.idle();
    const after = await list(cast.owner, cast.event.id);
    expect(deliveryOf(after, good)).toEqual({ status: 'sent', reason: null });
    expect(deliveryOf(after, bad)).toEqual({ status: 'bounced', reason: expect.stringMatching(/550|No such mailbox/) });
    expect(smtp.to(good)).toHaveLength(1);
    expect(smtp.to(bad)).toHaveLength(0);

    // Resend (within its usual rules and limits) queues a new email, which the list then follows.
    const failedId = after.find((item) => item.email === bad)!.id;
    const mailIdOf = async () =>
      (await server.ctx.db.select({ mailId: eventInvitations.mailId }).from(eventInvitations).where(eq(eventInvitations.id, failedId)))[0]!.mailId;
    const firstMail = await mailIdOf();
    const resent = await server.send('POST', `/api/invitations/${failedId}/resend`, cast.owner.headers);
    expect(await resent.json()).toEqual({ sent: true });
    expect(await mailIdOf()).not.toBe(firstMail);
    await server.ctx.mailer.idle();
    expect(deliveryOf(await list(cast.owner, cast.event.id), bad)?.status).toBe('bounced');
  });

  it('shows Failed with the reason after the last retry when the mail server never answers', async () => {
    const cast = await eventWithCast(server, { name: 'Outage Conf' });
    const email = uniqueEmail('guest');
    await smtp.kill();
    try {
      await server.send('POST', '/api/invitations', cast.owner.headers, { eventId: cast.event.id, emails: [email] });
      await server.ctx.mailer.idle();
    } finally {
      await smtp.restart();
    }
    expect(deliveryOf(await list(cast.owner, cast.event.id), email)).toEqual({
      status: 'failed',
      reason: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
  });
});
