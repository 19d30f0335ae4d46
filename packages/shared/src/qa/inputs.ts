import { z } from 'zod';
import { msg } from '../core/messages.ts';

// Spec 02 "Session Q&A" with its exact messages (section 5 "Q&A question", section 8 toasts); what the API answers is in contract.ts.
// Of the spec's two readings we take the stricter: 5 to 2000 characters (docs/decisions/0050).

export const QA_LIMITS = { min: 5, max: 2000, counterFrom: 1900, answerMax: 2000 } as const;

export const QUESTION_MIN_MESSAGE = msg('Question must be at least 5 characters');
export const QUESTION_MAX_MESSAGE = msg('Question must be less than 2000 characters');
export const ANSWER_MAX_MESSAGE = msg('Answer must be less than 2000 characters');
export const QUESTION_NOT_FOUND_MESSAGE = msg('Question not found');
export const SESSION_NOT_FOUND_MESSAGE = msg('Session not found');

export const qaMessages = {
  loadFailed: 'Failed to load Q&A',
  submitFailed: 'Failed to submit question',
  upvoteFailed: 'Failed to update upvote',
  submitted: 'Question submitted successfully',
  validation: 'Validation Error',
  empty: 'No questions yet. Be the first to ask!',
} as const;

/** 'N characters remaining', shown from 1900 characters on; null before. */
export function charactersRemaining(length: number): string | null {
  return length > QA_LIMITS.counterFrom ? `${QA_LIMITS.max - length} characters remaining` : null;
}

export const questionTextSchema = z
  .string({ error: QUESTION_MIN_MESSAGE })
  .trim()
  .min(QA_LIMITS.min, QUESTION_MIN_MESSAGE)
  .max(QA_LIMITS.max, QUESTION_MAX_MESSAGE);

export const questionInputSchema = z.object({ question: questionTextSchema, isAnonymous: z.boolean().default(false) });
export type QuestionInput = z.input<typeof questionInputSchema>;

export const answerInputSchema = z.object({
  answer: z.string().trim().max(QA_LIMITS.answerMax, ANSWER_MAX_MESSAGE).nullish().transform((value) => (value ? value : null)),
  isAnswered: z.boolean(),
});
export type AnswerInput = z.input<typeof answerInputSchema>;
