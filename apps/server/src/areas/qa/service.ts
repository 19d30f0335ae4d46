import { and, desc, eq, sql } from 'drizzle-orm';
import { liveTopics } from '@mingle/shared/core/live';
import type { QaDto, QuestionDto, UpvoteResultDto } from '@mingle/shared/qa/contract';
import { QUESTION_NOT_FOUND_MESSAGE, SESSION_NOT_FOUND_MESSAGE } from '@mingle/shared/qa/inputs';
import type { Caller } from '../../platform/auth/caller.ts';
import type { AppContext } from '../../context.ts';
import { selectRows, type DbOrTx } from '../../platform/db/client.ts';
import { sessions } from '../../platform/db/schema/agenda.ts';
import { eventAnalytics } from '../../platform/db/schema/analytics.ts';
import { announceEventAnalytics, recordEventMetric } from '../analytics/index.ts';
import { notify } from '../notifications/index.ts';
import { qaUpvotes, sessionQa } from '../../platform/db/schema/engagement.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { assertEventPermission, canManageEvent, canParticipate, type EventRelation, loadEventRelation } from '../event-access/index.ts';
import { queueWebhooks } from '../webhooks/index.ts';
import { isUuid, qualified } from '../../platform/db/sql.ts';

const upvotedBy = (userId: string) =>
  sql<boolean>`exists (select 1 from ${qaUpvotes} where ${qualified(qaUpvotes.questionId)} = ${qualified(sessionQa.id)} and ${qualified(qaUpvotes.userId)} = ${userId}::uuid)`;

function questionColumns(userId: string) {
  return {
    id: sessionQa.id,
    userId: sessionQa.userId,
    question: sessionQa.question,
    isAnonymous: sessionQa.isAnonymous,
    fullName: profiles.fullName,
    upvotes: sessionQa.upvotes,
    hasUpvoted: upvotedBy(userId),
    isAnswered: sessionQa.isAnswered,
    answer: sessionQa.answer,
    answeredAt: sessionQa.answeredAt,
    createdAt: sessionQa.createdAt,
  };
}

interface QuestionRow {
  id: string;
  userId: string;
  question: string;
  isAnonymous: boolean;
  fullName: string | null;
  upvotes: number;
  hasUpvoted: boolean;
  isAnswered: boolean;
  answer: string | null;
  answeredAt: Date | null;
  createdAt: Date;
}

/** The one place a question becomes JSON: an anonymous asker's name and id are never sent. */
function toQuestionDto(row: QuestionRow, caller: Caller): QuestionDto {
  return {
    id: row.id,
    question: row.question,
    askedBy: row.isAnonymous ? 'Anonymous' : (row.fullName ?? 'Mingle member'),
    isAnonymous: row.isAnonymous,
    isMine: row.userId === caller.userId,
    upvotes: row.upvotes,
    hasUpvoted: Boolean(row.hasUpvoted),
    isAnswered: row.isAnswered,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function sessionGate(ctx: AppContext, caller: Caller, sessionId: string) {
  const [session] = isUuid(sessionId)
    ? await ctx.db.select({ id: sessions.id, title: sessions.title, eventId: sessions.eventId }).from(sessions).where(eq(sessions.id, sessionId))
    : [];
  if (!session) throw notFound(SESSION_NOT_FOUND_MESSAGE);
  const relation = await loadEventRelation(ctx.db, caller, session.eventId);
  assertEventPermission(caller, relation, canParticipate, SESSION_NOT_FOUND_MESSAGE);
  return { session, relation };
}

async function questionGate(ctx: AppContext, caller: Caller, questionId: string): Promise<{ sessionId: string; eventId: string; relation: EventRelation }> {
  const [row] = isUuid(questionId)
    ? await ctx.db
        .select({ sessionId: sessionQa.sessionId, eventId: sessions.eventId })
        .from(sessionQa)
        .innerJoin(sessions, eq(sessions.id, sessionQa.sessionId))
        .where(eq(sessionQa.id, questionId))
    : [];
  if (!row) throw notFound(QUESTION_NOT_FOUND_MESSAGE);
  const relation = await loadEventRelation(ctx.db, caller, row.eventId);
  assertEventPermission(caller, relation, canParticipate, QUESTION_NOT_FOUND_MESSAGE);
  return { ...row, relation };
}

/** The session's questions, most upvoted first, then newest. */
export async function listQuestions(ctx: AppContext, caller: Caller, sessionId: string): Promise<QaDto> {
  const { session, relation } = await sessionGate(ctx, caller, sessionId);
  const rows = await ctx.db
    .select(questionColumns(caller.userId))
    .from(sessionQa)
    .leftJoin(profiles, eq(profiles.id, sessionQa.userId))
    .where(eq(sessionQa.sessionId, sessionId))
    .orderBy(desc(sessionQa.upvotes), desc(sessionQa.createdAt), desc(sessionQa.id));
  return { session, canAnswer: canManageEvent(caller, relation), questions: rows.map((row) => toQuestionDto(row, caller)) };
}

async function recordEngagement(tx: DbOrTx, ctx: AppContext, eventId: string, userId: string, details: Record<string, unknown>) {
  await recordEventMetric(ctx, { eventId, metricType: 'engagement', userId, details }, tx);
}

export async function askQuestion(
  ctx: AppContext,
  caller: Caller,
  sessionId: string,
  input: { question: string; isAnonymous: boolean },
): Promise<QuestionDto> {
  const { session } = await sessionGate(ctx, caller, sessionId);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sessionQa)
      .values({ sessionId, userId: caller.userId, question: input.question, isAnonymous: input.isAnonymous })
      .returning({ id: sessionQa.id });
    await recordEngagement(tx, ctx, session.eventId, caller.userId, { kind: 'question', sessionId, questionId: row!.id });
    // An anonymous question is anonymous to the organizers too, and so to their systems.
    await queueWebhooks(ctx, tx, {
      eventId: session.eventId,
      type: 'question.created',
      data: {
        eventId: session.eventId,
        sessionId,
        questionId: row!.id,
        question: input.question,
        anonymous: input.isAnonymous,
        author: input.isAnonymous ? null : { userId: caller.userId, fullName: caller.name },
      },
    });
    await ctx.live.publish(liveTopics.sessionQa(sessionId), { kind: 'question.created', data: { questionId: row!.id } }, tx);
    return row!.id;
  });
  return loadQuestion(ctx, caller, id);
}

async function loadQuestion(ctx: AppContext, caller: Caller, questionId: string): Promise<QuestionDto> {
  const [row] = await ctx.db
    .select(questionColumns(caller.userId))
    .from(sessionQa)
    .leftJoin(profiles, eq(profiles.id, sessionQa.userId))
    .where(eq(sessionQa.id, questionId));
  if (!row) throw notFound(QUESTION_NOT_FOUND_MESSAGE);
  return toQuestionDto(row, caller);
}

/**
 * Upvote (true) or withdraw it. One statement: the (question, user) row is inserted (on conflict nothing) or
 * deleted, and the counter moves by exactly the rows that statement changed, so it always equals the row count.
 */
export async function setUpvote(ctx: AppContext, caller: Caller, questionId: string, upvoted: boolean): Promise<UpvoteResultDto> {
  const { sessionId, eventId } = await questionGate(ctx, caller, questionId);
  const result = await ctx.db.transaction(async (tx) => {
    const change = upvoted
      ? sql`insert into ${qaUpvotes} (question_id, user_id) values (${questionId}::uuid, ${caller.userId}::uuid) on conflict do nothing returning 1`
      : sql`delete from ${qaUpvotes} where question_id = ${questionId}::uuid and user_id = ${caller.userId}::uuid returning 1`;
    const sign = upvoted ? sql`+` : sql`-`;
    const [row] = await selectRows<{ upvotes: number; changed: number }>(
      tx,
      sql`with changed as (${change})
          update ${sessionQa} set upvotes = upvotes ${sign} (select count(*)::int from changed)
          where id = ${questionId}::uuid
          returning upvotes, (select count(*)::int from changed) as changed`,
    );
    if (row && Number(row.changed) > 0) {
      if (upvoted) await recordEngagement(tx, ctx, eventId, caller.userId, { kind: 'upvote', questionId });
      else {
        await tx
          .delete(eventAnalytics)
          .where(
            and(
              eq(eventAnalytics.eventId, eventId),
              eq(eventAnalytics.metricType, 'engagement'),
              eq(eventAnalytics.userId, caller.userId),
              sql`${qualified(eventAnalytics.details)}->>'kind' = 'upvote'`,
              sql`${qualified(eventAnalytics.details)}->>'questionId' = ${questionId}`,
            ),
          );
        await announceEventAnalytics(ctx, eventId, tx);
      }
      await ctx.live.publish(liveTopics.sessionQa(sessionId), { kind: 'upvote.changed', data: { questionId } }, tx);
    }
    return row;
  });
  return { questionId, upvotes: Number(result?.upvotes ?? 0), hasUpvoted: upvoted };
}

/**
 * Answer a question and mark it answered (or not): the event's organizers. The asker is told once their question
 * becomes answered (marked so, or given its first answer); editing an answer tells nobody again.
 */
export async function answerQuestion(
  ctx: AppContext,
  caller: Caller,
  questionId: string,
  input: { answer: string | null; isAnswered: boolean },
): Promise<QuestionDto> {
  const { sessionId, eventId, relation } = await questionGate(ctx, caller, questionId);
  if (!canManageEvent(caller, relation)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    // Locked, so two organizers answering at once tell the asker once.
    const [before] = await selectRows<{ askerId: string; wasAnswered: boolean; sessionTitle: string }>(
      tx,
      sql`select ${qualified(sessionQa.userId)} as "askerId",
          (${qualified(sessionQa.isAnswered)} or ${qualified(sessionQa.answer)} is not null) as "wasAnswered",
          ${qualified(sessions.title)} as "sessionTitle"
        from ${sessionQa} join ${sessions} on ${qualified(sessions.id)} = ${qualified(sessionQa.sessionId)}
        where ${qualified(sessionQa.id)} = ${questionId}::uuid
        for update of ${sessionQa}`,
    );
    await tx
      .update(sessionQa)
      .set({
        answer: input.answer,
        isAnswered: input.isAnswered,
        answeredAt: input.isAnswered ? sql`coalesce(${qualified(sessionQa.answeredAt)}, now())` : null,
        answeredBy: input.isAnswered ? caller.userId : null,
        updatedAt: new Date(),
      })
      .where(eq(sessionQa.id, questionId));
    await ctx.live.publish(liveTopics.sessionQa(sessionId), { kind: 'question.answered', data: { questionId } }, tx);
    if (before && !before.wasAnswered && (input.isAnswered || input.answer !== null)) {
      await notify(ctx, tx, {
        userId: before.askerId,
        actorId: caller.userId,
        eventId,
        facts: { kind: 'question_answered', sessionId, sessionTitle: before.sessionTitle },
      });
    }
  });
  return loadQuestion(ctx, caller, questionId);
}
