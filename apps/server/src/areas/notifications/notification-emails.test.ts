import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authUsers } from '../../platform/db/schema/auth.ts';
import { mailOutbox } from '../../platform/db/schema/mail.ts';
import { notificationPreferences } from '../../platform/db/schema/notifications.ts';
import { composeEmail } from '../../platform/mail/layout.tsx';
import { mailTemplate } from '../../platform/mail/templates.ts';
import { createEvent, networkingPair, requestMeeting } from '../../test/event-factories.ts';
import { createUser, signedInUser } from '../../test/factories.ts';
import { smtpInbox } from '../../test/smtp-inbox.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';
import { preferenceOf } from './index.ts';
import { unsubscribeToken } from '../../platform/mail/unsubscribe.ts';
import { notifyThenRollBack } from './test-support.ts';

/**
 * The emails that notifications send, through a real SMTP server started here (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): the MIME that arrives, the .ics files, the one-click unsubscribe, the preference that stops
 * them and the rollback that sends nothing.
 */
const inbox = smtpInbox();

const pair = () => networkingPair(inbox.server);

/** A message only the rollback test queues. */
const neverSent = mailTemplate('test-never-sent', ({ unsubscribeUrl }: { unsubscribeUrl: string }) =>
  composeEmail({ unsubscribeUrl, subject: 'Never', preview: 'Never', publicUrl: inbox.server.config.publicUrl, heading: 'Never', reason: 'A test.', children: 'Never' }),
);

const meetingRequest = (headers: Headers, recipientId: string) => requestMeeting(inbox.server, headers, recipientId);

/** The message's header lines unfolded (a long header continues on indented lines). */
const unfolded = (raw: string) => raw.replace(/\r?\n[ \t]+/g, ' ');

/** The path of the List-Unsubscribe header's URL in a received message. */
function unsubscribePath(raw: string): string {
  const url = unfolded(raw).match(/^List-Unsubscribe: <([^>]+)>\r?$/m)?.[1];
  if (!url) throw new Error('no List-Unsubscribe header');
  return new URL(url).pathname;
}

/** A one-click POST as a mail client sends it: the RFC's form body, no cookie, no Origin. */
const oneClick = (pathname: string) =>
  inbox.server.request(pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

const preferencesOf = (userId: string) =>
  inbox.server.ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).orderBy(notificationPreferences.kind);

describe('notification emails through SMTP', () => {
  it('a meeting request: HTML and text parts, the subject, the unsubscribe headers; the accepted meeting carries its .ics', async () => {
    const { alice, bob } = await pair();
    const meeting = await meetingRequest(alice.headers, bob.user.id);
    await inbox.server.ctx.mailer.idle();

    const [request, ...more] = inbox.smtp.to(bob.user.email);
    expect(more).toHaveLength(0);
    const raw = unfolded(request!.raw);
    expect(raw).toMatch(new RegExp(`^Subject: ${alice.user.fullName} wants to meet you\r?$`, 'm'));
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toMatch(/^Content-Type: text\/plain/m);
    expect(raw).toMatch(/^Content-Type: text\/html/m);
    expect(raw).toMatch(/^List-Unsubscribe: <http[^>]+\/api\/unsubscribe\/[^>]+>\r?$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(unsubscribePath(raw)).toBe(`/api/unsubscribe/${unsubscribeToken(inbox.server.config.authSecret, bob.user.id, 'meeting_requested')}`);

    expect((await inbox.server.send('PATCH', `/api/meetings/${meeting.id}`, bob.headers, { action: 'accept' })).status).toBe(200);
    await inbox.server.ctx.mailer.idle();
    const accepted = unfolded(inbox.smtp.to(alice.user.email)[0]!.raw);
    expect(accepted).toMatch(new RegExp(`^Subject: ${bob.user.fullName} accepted your meeting request\r?$`, 'm'));
    expect(accepted).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=PUBLISH; name=meeting\.ics\r?$/m);
    expect(accepted).toMatch(/^Content-Disposition: attachment; filename=meeting\.ics\r?$/m);
    expect(accepted).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  });

  it('the registration confirmation carries the event .ics and no unsubscribe (a receipt, always sent)', async () => {
    const owner = await createUser(inbox.server.ctx);
    const event = await createEvent(inbox.server.ctx, owner.id, { registrationOpen: true });
    const attendee = await signedInUser(inbox.server);
    // Preferences do not stop it: the receipt of a registration goes out whatever they say.
    await inbox.server.send('PUT', '/api/me/notification-preferences', attendee.headers, {
      preferences: [{ kind: 'meeting_requested', email: false, push: true, inApp: true }],
    });
    expect((await inbox.server.send('POST', `/api/events/${event.id}/registration`, attendee.headers)).status).toBeLessThan(300);
    await inbox.server.ctx.mailer.idle();
    const [mail, ...more] = inbox.smtp.to(attendee.user.email);
    expect(more).toHaveLength(0);
    expect(mail!.raw).toMatch(/^Subject: You're registered for /m);
    expect(mail!.raw).toMatch(/^Content-Disposition: attachment; filename=event\.ics$/m);
    expect(mail!.raw).not.toMatch(/^List-Unsubscribe/m);
  });

  it('sends no email when the person switched email off for the kind', async () => {
    const { alice, bob } = await pair();
    const saved = await inbox.server.send('PUT', '/api/me/notification-preferences', bob.headers, {
      preferences: [{ kind: 'meeting_requested', email: false, push: true, inApp: true }],
    });
    expect(saved.status).toBe(200);
    await meetingRequest(alice.headers, bob.user.id);
    await inbox.server.ctx.mailer.idle();
    expect(inbox.smtp.to(bob.user.email)).toHaveLength(0);
    expect(await inbox.server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, bob.user.email))).toHaveLength(0);
  });

  it('sends nothing when the write that caused the notification rolls back', async () => {
    const { alice, bob } = await pair();
    const email = (unsubscribeUrl: string) => neverSent.with({ unsubscribeUrl });
    await notifyThenRollBack(inbox.server.ctx, {
      userId: bob.user.id,
      actorId: alice.user.id,
      eventId: null,
      facts: { kind: 'meeting_requested', actorName: alice.user.fullName, eventName: null },
      email,
    });
    await inbox.server.ctx.mailer.idle();
    expect(inbox.smtp.to(bob.user.email)).toHaveLength(0);
    expect(await inbox.server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, bob.user.email))).toHaveLength(0);
  });
});

describe('one-click unsubscribe', () => {
  it("switches off only the token's kind, by email only, with no cookie, Origin or CSRF token; the GET page's button posts it", async () => {
    const { alice, bob } = await pair();
    await meetingRequest(alice.headers, bob.user.id);
    await inbox.server.ctx.mailer.idle();
    const pathname = unsubscribePath(inbox.smtp.to(bob.user.email)[0]!.raw);

    const page = await inbox.server.request(pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<form method="post">');
    expect(html).toContain('name="List-Unsubscribe" value="One-Click"');
    // The page alone changes nothing.
    expect(await preferenceOf(inbox.server.ctx.db, bob.user.id, 'meeting_requested', 'email')).toBe(true);

    const response = await oneClick(pathname);
    expect(response.status).toBe(200);
    expect(await preferenceOf(inbox.server.ctx.db, bob.user.id, 'meeting_requested', 'email')).toBe(false);
    expect(await preferenceOf(inbox.server.ctx.db, bob.user.id, 'meeting_requested', 'inApp')).toBe(true);
    expect(await preferenceOf(inbox.server.ctx.db, bob.user.id, 'meeting_requested', 'push')).toBe(true);
    expect(await preferenceOf(inbox.server.ctx.db, bob.user.id, 'meeting_accepted', 'email')).toBe(true);
    // Again is fine.
    expect((await oneClick(pathname)).status).toBe(200);

    // From now on a request emails bob no more.
    const before = inbox.smtp.to(bob.user.email).length;
    await meetingRequest(alice.headers, bob.user.id);
    await inbox.server.ctx.mailer.idle();
    expect(inbox.smtp.to(bob.user.email)).toHaveLength(before);
  });

  it('is a 404 that writes nothing for a forged, altered or other person\'s token, and a 400 without the RFC body', async () => {
    const { alice, bob } = await pair();
    const secret = inbox.server.config.authSecret;
    const alicesToken = unsubscribeToken(secret, alice.user.id, 'meeting_requested');
    const [, , aliceMac] = alicesToken.split('.');
    const forged = [
      // Alice's signature on Bob's id: nobody can unsubscribe someone else.
      `${bob.user.id}.meeting_requested.${aliceMac}`,
      // Alice's signature moved to another kind.
      `${alice.user.id}.meeting_accepted.${aliceMac}`,
      // Signed with another secret.
      unsubscribeToken('another-secret-another-secret-another-secret', bob.user.id, 'meeting_requested'),
      // A database id alone.
      bob.user.id,
      `${bob.user.id}.not_a_kind.${aliceMac}`,
      'x'.repeat(50),
    ];
    await expectNothingWritten(
      async () => [await preferencesOf(alice.user.id), await preferencesOf(bob.user.id)],
      async () => {
        for (const token of forged) {
          expect((await oneClick(`/api/unsubscribe/${encodeURIComponent(token)}`)).status, token).toBe(404);
          expect((await inbox.server.request(`/api/unsubscribe/${encodeURIComponent(token)}`)).status, token).toBe(404);
        }
        const noBody = await inbox.server.request(`/api/unsubscribe/${alicesToken}`, { method: 'POST' });
        expect(noBody.status).toBe(400);
        const wrongBody = await inbox.server.request(`/api/unsubscribe/${alicesToken}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=Maybe',
        });
        expect(wrongBody.status).toBe(400);
      },
    );
  });

  it('is a 404 for a good token whose account is gone, writing nothing', async () => {
    const gone = await createUser(inbox.server.ctx);
    const token = unsubscribeToken(inbox.server.config.authSecret, gone.id, 'goodie_received');
    await inbox.server.ctx.db.delete(authUsers).where(eq(authUsers.id, gone.id));
    expect((await oneClick(`/api/unsubscribe/${token}`)).status).toBe(404);
    expect(await preferencesOf(gone.id)).toEqual([]);
  });
});
