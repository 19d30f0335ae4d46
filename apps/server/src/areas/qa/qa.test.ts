import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liveTopics } from '@mingle/shared/core/live';
import type { LiveMessage } from '../../platform/live/bus.ts';
import { eventAnalytics } from '../../platform/db/schema/analytics.ts';
import { qaUpvotes, sessionQa } from '../../platform/db/schema/engagement.ts';
import { sponsorRepresentatives, sponsors } from '../../platform/db/schema/sponsors.ts';
import { addAttendee, createSession, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const server = useTestServer();


/** A session's questions and their upvotes, as stored: what a refused question, upvote or answer must leave as it was. */
const questionsOf = async (sessionId: string) => {
  const questions = await server.ctx.db.select().from(sessionQa).where(eq(sessionQa.sessionId, sessionId)).orderBy(sessionQa.id);
  const ids = questions.map((question) => question.id);
  const upvotes = ids.length ? await server.ctx.db.select().from(qaUpvotes).where(inArray(qaUpvotes.questionId, ids)).orderBy(qaUpvotes.questionId, qaUpvotes.userId) : [];
  return { questions, upvotes };
};

interface QuestionJson {
  id: string;
  question: string;
  askedBy: string;
  upvotes: number;
  hasUpvoted: boolean;
  isAnswered: boolean;
  answer: string | null;
  answeredAt: string | null;
}
interface QaJson {
  session: { title: string };
  canAnswer: boolean;
  questions: QuestionJson[];
}

async function castWithSession() {
  const cast = await eventWithCast(server);
  const session = await createSession(server.ctx, cast.event, { title: 'Trustworthy AI' });
  const rep = await signedInUser(server);
  const [sponsor] = await server.ctx.db.insert(sponsors).values({ eventId: cast.event.id, companyName: 'Acme', createdBy: cast.owner.user.id }).returning();
  await server.ctx.db.insert(sponsorRepresentatives).values({ sponsorId: sponsor!.id, userId: rep.user.id });
  return { ...cast, session, rep };
}

async function ask(sessionId: string, headers: Headers, question: string, isAnonymous = false) {
  const response = await server.send('POST', `/api/sessions/${sessionId}/qa`, headers, { question, isAnonymous });
  expect(response.status).toBe(201);
  return (await response.json()) as QuestionJson;
}

describe('session Q&A', () => {
  it("lets the event's participants read and ask; nobody else", async () => {
    const cast = await castWithSession();
    const path = `/api/sessions/${cast.session.id}/qa`;
    for (const who of [cast.owner, cast.coOwner, cast.volunteer, cast.attendee, cast.rep, cast.admin]) {
      const read = await server.send('GET', path, who.headers);
      expect(read.status).toBe(200);
      expect(((await read.json()) as QaJson).session.title).toBe('Trustworthy AI');
      expect((await server.send('POST', path, who.headers, { question: 'What about safety?' })).status).toBe(201);
    }
    await expectNothingWritten(
      () => questionsOf(cast.session.id),
      async () => {
        for (const who of [cast.otherOwner, cast.stranger]) {
          const refused = await server.send('GET', path, who.headers);
          expect(refused.status).toBe(404);
          expect(await errorOf(refused)).toEqual({ code: 'not_found', message: 'Session not found' });
          expect((await server.send('POST', path, who.headers, { question: 'What about safety?' })).status).toBe(404);
        }
      },
    );
    expect((await server.send('GET', path)).status).toBe(401);
    expect((await server.send('GET', '/api/sessions/nope/qa', cast.owner.headers)).status).toBe(404);
  });

  it("validates 5 to 2000 characters with the spec's messages and hides anonymous askers", async () => {
    const cast = await castWithSession();
    const path = `/api/sessions/${cast.session.id}/qa`;
    const short = await server.send('POST', path, cast.attendee.headers, { question: '  abcd ' });
    expect(short.status).toBe(400);
    expect((await errorOf(short)).message).toBe('Question must be at least 5 characters');
    const long = await server.send('POST', path, cast.attendee.headers, { question: 'x'.repeat(2001) });
    expect((await errorOf(long)).message).toBe('Question must be less than 2000 characters');
    const anonymous = await ask(cast.session.id, cast.attendee.headers, 'Is this anonymous?', true);
    expect(anonymous.askedBy).toBe('Anonymous');
    const named = await ask(cast.session.id, cast.attendee.headers, 'And this one named?');
    expect(named.askedBy).not.toBe('Anonymous');
    const list = (await (await server.send('GET', path, cast.owner.headers)).json()) as QaJson & { questions: Array<Record<string, unknown>> };
    expect(list.questions.find((q) => q.id === anonymous.id)).not.toHaveProperty('userId');
    expect(list.questions.find((q) => q.id === anonymous.id)?.askedBy).toBe('Anonymous');
  });

  it('orders by upvotes then newest, and counts 100 parallel upvotes exactly; repeats never count twice', async () => {
    const cast = await castWithSession();
    const first = await ask(cast.session.id, cast.attendee.headers, 'First question here');
    const second = await ask(cast.session.id, cast.attendee.headers, 'Second question here');
    const voters = await Promise.all(Array.from({ length: 100 }, () => signedInUser(server)));
    await Promise.all(voters.map((voter) => addAttendee(server.ctx, cast.event.id, voter.user.id)));
    const results = await Promise.all(voters.map((voter) => server.send('PUT', `/api/qa/${first.id}/upvote`, voter.headers)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const repeats = await Promise.all(Array.from({ length: 10 }, () => server.send('PUT', `/api/qa/${first.id}/upvote`, cast.owner.headers)));
    expect(repeats.every((r) => r.status === 200)).toBe(true);
    const [row] = await server.ctx.db.select({ upvotes: sessionQa.upvotes }).from(sessionQa).where(eq(sessionQa.id, first.id));
    const [rows] = await server.ctx.db.select({ n: count() }).from(qaUpvotes).where(eq(qaUpvotes.questionId, first.id));
    expect(row!.upvotes).toBe(101);
    expect(rows!.n).toBe(101);
    const list = (await (await server.send('GET', `/api/sessions/${cast.session.id}/qa`, cast.owner.headers)).json()) as QaJson;
    expect(list.questions.map((q) => q.id)).toEqual([first.id, second.id]);
    expect(list.questions[0]).toMatchObject({ upvotes: 101, hasUpvoted: true });
    // Parallel withdrawals by one user remove one upvote.
    await Promise.all(Array.from({ length: 10 }, () => server.send('DELETE', `/api/qa/${first.id}/upvote`, cast.owner.headers)));
    const after = (await (await server.send('DELETE', `/api/qa/${first.id}/upvote`, cast.owner.headers)).json()) as { upvotes: number };
    expect(after.upvotes).toBe(100);
    await expectNothingWritten(
      () => questionsOf(cast.session.id),
      async () => expect((await server.send('PUT', `/api/qa/${first.id}/upvote`, cast.stranger.headers)).status).toBe(404),
    );
    const [engagement] = await server.ctx.db
      .select({ n: count() })
      .from(eventAnalytics)
      .where(and(eq(eventAnalytics.eventId, cast.event.id), eq(eventAnalytics.metricType, 'engagement')));
    expect(engagement!.n).toBe(102); // two questions and exactly one per remaining upvote
  }, 180_000);

  it('lets organizers answer and mark answered; refuses others', async () => {
    const cast = await castWithSession();
    const question = await ask(cast.session.id, cast.attendee.headers, 'Will slides be shared?');
    const body = { answer: 'Yes, after the talk.', isAnswered: true };
    await expectNothingWritten(
      () => questionsOf(cast.session.id),
      async () => {
        for (const who of [cast.attendee, cast.volunteer, cast.rep]) expect((await server.send('PUT', `/api/qa/${question.id}/answer`, who.headers, body)).status).toBe(403);
        expect((await server.send('PUT', `/api/qa/${question.id}/answer`, cast.otherOwner.headers, body)).status).toBe(404);
      },
    );
    const answered = await server.send('PUT', `/api/qa/${question.id}/answer`, cast.coOwner.headers, body);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ isAnswered: true, answer: 'Yes, after the talk.', answeredAt: expect.any(String) });
    const list = (await (await server.send('GET', `/api/sessions/${cast.session.id}/qa`, cast.owner.headers)).json()) as QaJson;
    expect(list.canAnswer).toBe(true);
    const reopened = (await (await server.send('PUT', `/api/qa/${question.id}/answer`, cast.owner.headers, { answer: '', isAnswered: false })).json()) as QuestionJson;
    expect(reopened).toMatchObject({ isAnswered: false, answer: null, answeredAt: null });
  });

  it('publishes questions, upvotes and answers on the session topic', async () => {
    const cast = await castWithSession();
    const kinds: string[] = [];
    const stop = server.ctx.live.onMessage((message: LiveMessage) => {
      if (message.topic === liveTopics.sessionQa(cast.session.id)) kinds.push(message.event.kind);
    });
    try {
      const question = await ask(cast.session.id, cast.attendee.headers, 'Live question?');
      await server.send('PUT', `/api/qa/${question.id}/upvote`, cast.owner.headers);
      await server.send('PUT', `/api/qa/${question.id}/answer`, cast.owner.headers, { answer: 'Live answer', isAnswered: true });
      await expect.poll(() => kinds, { timeout: 5000 }).toEqual(['question.created', 'upvote.changed', 'question.answered']);
    } finally {
      stop();
    }
  });
});
