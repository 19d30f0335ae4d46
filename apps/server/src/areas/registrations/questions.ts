import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { RegistrationQuestionDto } from '@mingle/shared/registrations/contract';
import {
  answerInvalidMessage,
  answerRequiredMessage,
  type registrationAnswersSchema,
  type saveRegistrationQuestionsSchema,
} from '@mingle/shared/registrations/inputs';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { events } from '../../platform/db/schema/events.ts';
import { registrationAnswers, registrationQuestions } from '../../platform/db/schema/registrations.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { assertEventPermission, canManageEvent, canParticipate, loadEventRelation, loadEventWithRelation } from '../event-access/index.ts';
import { msg } from '@mingle/shared/core/messages';

// The questions an event asks on registering (text, single or multiple choice; required or not): the organizers write
// them, the registration form asks them, the answers are written with the registration and read in the lists.

type Answers = z.output<typeof registrationAnswersSchema>['answers'];

const questionColumns = {
  id: registrationQuestions.id,
  label: registrationQuestions.label,
  kind: registrationQuestions.kind,
  options: registrationQuestions.options,
  required: registrationQuestions.required,
};

export function questionsOf(db: DbOrTx, eventId: string): Promise<RegistrationQuestionDto[]> {
  return db.select(questionColumns).from(registrationQuestions).where(eq(registrationQuestions.eventId, eventId)).orderBy(asc(registrationQuestions.position));
}

/** The questions, for whoever may register or has (the event's participants, anyone while registration is on). */
export async function getQuestions(ctx: AppContext, caller: Caller, eventId: string): Promise<RegistrationQuestionDto[]> {
  const found = await loadEventWithRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, found?.relation ?? null, (who, relation) => canParticipate(who, relation) || relation.isWaitlisted || found!.row.registrationOpen);
  return questionsOf(ctx.db, eventId);
}

/**
 * Replaces the event's questions with `input` (organizers), in its order: a question sent with its id is kept with its
 * answers, one sent without is new, one left out is removed with its answers. Under the event's lock, so that a
 * registration never checks its answers against half a list.
 */
export async function saveQuestions(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  input: z.output<typeof saveRegistrationQuestionsSchema>,
): Promise<RegistrationQuestionDto[]> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canManageEvent);
  return ctx.db.transaction(async (tx) => {
    const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    if (!event) throw notFound(msg('Event not found'));
    const kept = input.questions.flatMap((question) => (question.id ? [question.id] : []));
    if (new Set(kept).size !== kept.length) throw badRequest(msg('A question is listed twice'));
    if (kept.length > 0) {
      const known = await tx
        .select({ id: registrationQuestions.id })
        .from(registrationQuestions)
        .where(and(eq(registrationQuestions.eventId, eventId), inArray(registrationQuestions.id, kept)));
      if (known.length !== kept.length) throw badRequest(msg('Unknown question'));
    }
    await tx
      .delete(registrationQuestions)
      .where(and(eq(registrationQuestions.eventId, eventId), kept.length > 0 ? notInArray(registrationQuestions.id, kept) : undefined));
    for (const [position, { id, ...question }] of input.questions.entries()) {
      if (id) await tx.update(registrationQuestions).set({ ...question, position }).where(eq(registrationQuestions.id, id));
      else await tx.insert(registrationQuestions).values({ ...question, position, eventId });
    }
    return questionsOf(tx, eventId);
  });
}

/**
 * The answers as rows to write, after checking them against the event's questions: every required question answered,
 * a single choice one option, choices among the options, nothing for a question the event does not ask.
 */
export function answerRows(questions: RegistrationQuestionDto[], answers: Answers, who: { eventId: string; userId: string }) {
  const byQuestion = new Map(answers.map((answer) => [answer.questionId, answer.value.filter((value) => value !== '')]));
  const unknown = answers.find((answer) => !questions.some((question) => question.id === answer.questionId));
  if (unknown) throw badRequest(msg('Unknown question'));
  const rows: (typeof registrationAnswers.$inferInsert)[] = [];
  for (const question of questions) {
    const value = byQuestion.get(question.id) ?? [];
    if (value.length === 0) {
      if (question.required) throw badRequest(answerRequiredMessage(question.label));
      continue;
    }
    const fits =
      question.kind === 'text'
        ? value.length === 1
        : new Set(value).size === value.length && value.every((option) => question.options.includes(option)) && (question.kind === 'multiple_choice' || value.length === 1);
    if (!fits) throw badRequest(answerInvalidMessage(question.label));
    rows.push({ questionId: question.id, userId: who.userId, eventId: who.eventId, value });
  }
  return rows;
}

/** Writes a registration's answers (checked by answerRows) in its transaction. */
export async function saveAnswers(tx: DbOrTx, rows: (typeof registrationAnswers.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(registrationAnswers).values(rows).onConflictDoNothing();
}

/** Removes a person's answers to an event's questions (their registration or waitlist place ended). */
export async function removeAnswers(tx: DbOrTx, eventId: string, userId: string): Promise<void> {
  await tx.delete(registrationAnswers).where(and(eq(registrationAnswers.eventId, eventId), eq(registrationAnswers.userId, userId)));
}
