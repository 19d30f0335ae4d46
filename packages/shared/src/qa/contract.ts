import { z } from 'zod';

// What the Q&A API answers. The server's routes answer with these schemas (the OpenAPI document names them by their
// id) and both apps infer their types from them.

export const questionSchema = z
  .object({
    id: z.uuid(),
    question: z.string(),
    /** The asker's name, or 'Anonymous'. */
    askedBy: z.string(),
    isAnonymous: z.boolean(),
    isMine: z.boolean(),
    upvotes: z.number().int(),
    hasUpvoted: z.boolean(),
    isAnswered: z.boolean(),
    answer: z.string().nullable(),
    answeredAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Question' });
export type QuestionDto = z.output<typeof questionSchema>;

export const qaSchema = z
  .object({
    session: z.object({ id: z.uuid(), title: z.string(), eventId: z.uuid() }),
    /** Answer and mark answered: the event's organizers. */
    canAnswer: z.boolean(),
    questions: z.array(questionSchema),
  })
  .meta({ id: 'SessionQa' });
export type QaDto = z.output<typeof qaSchema>;

export const upvoteResultSchema = z.object({ questionId: z.uuid(), upvotes: z.number().int(), hasUpvoted: z.boolean() }).meta({ id: 'Upvote' });
export type UpvoteResultDto = z.output<typeof upvoteResultSchema>;
