import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../platform/db/schema/messages.ts';
import { networkingPair } from '../../test/event-factories.ts';
import { smtpInbox } from '../../test/smtp-inbox.ts';
import { scheduleMessageDigest } from './digest.ts';

/**
 * The unread-messages digest, through a real SMTP server (PGlite, and PostgreSQL with TEST_DATABASE_URL): one delayed
 * job per person however many messages, one email of what is still unread, each message in one digest at most.
 * Production waits 15 minutes; here the digest is asked for with no wait.
 */
const inbox = smtpInbox();

const people = () => networkingPair(inbox.server);

/** Waits for `done` (a digest job's outcome), at most 20 s. The queue never drains here: 15-minute digests wait in it. */
async function until(done: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const digestNow = (userId: string) => inbox.server.ctx.db.transaction((tx) => scheduleMessageDigest(inbox.server.ctx, tx, userId, 0));

describe('the unread-messages digest', () => {
  it('sends no email per message: the messages of one window ask for one delayed job', async () => {
    const { alice, bob } = await people();
    for (const content of ['Hello Bob', 'Are you at the booth?']) {
      expect((await inbox.server.send('POST', '/api/messages', alice.headers, { recipientId: bob.user.id, content })).status).toBe(201);
    }
    // The job the first message asked for is waiting for its 15 minutes: a third ask in the window adds none.
    expect(await inbox.server.ctx.db.transaction((tx) => scheduleMessageDigest(inbox.server.ctx, tx, bob.user.id))).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(inbox.smtp.to(bob.user.email)).toHaveLength(0);
  });

  it('emails once what is still unread, marks it digested, and tells nothing twice', async () => {
    const { alice, bob } = await people();
    await inbox.server.ctx.db.insert(messages).values([
      { senderId: alice.user.id, recipientId: bob.user.id, content: 'First unread' },
      { senderId: alice.user.id, recipientId: bob.user.id, content: 'Second unread' },
      { senderId: alice.user.id, recipientId: bob.user.id, content: 'Already read', read: true },
    ]);
    expect(await digestNow(bob.user.id)).toEqual(expect.any(String));
    await until(() => inbox.smtp.to(bob.user.email).length > 0);

    const [digest, ...more] = inbox.smtp.to(bob.user.email);
    expect(more).toHaveLength(0);
    const raw = digest!.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(new RegExp(`^Subject: 2 new messages from ${alice.user.fullName}\\r?$`, 'm'));
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const undigested = await inbox.server.ctx.db
      .select({ content: messages.content })
      .from(messages)
      .where(and(eq(messages.recipientId, bob.user.id), isNull(messages.digestedAt)));
    expect(undigested).toEqual([{ content: 'Already read' }]);

    // Nothing new since: a later digest (the next one-second window) runs and sends nothing.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await digestNow(bob.user.id)).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(inbox.smtp.to(bob.user.email)).toHaveLength(1);
  });

  it('asks for no digest when the person switched message emails off', async () => {
    const { alice, bob } = await people();
    const saved = await inbox.server.send('PUT', '/api/me/notification-preferences', bob.headers, {
      preferences: [{ kind: 'message_received', email: false, push: true, inApp: true }],
    });
    expect(saved.status).toBe(200);
    await inbox.server.ctx.db.insert(messages).values({ senderId: alice.user.id, recipientId: bob.user.id, content: 'Hello' });
    expect(await digestNow(bob.user.id)).toBeNull();
    expect(inbox.smtp.to(bob.user.email)).toHaveLength(0);
  });
});
