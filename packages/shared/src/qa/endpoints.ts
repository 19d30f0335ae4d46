import { del, get, post, put } from '../core/endpoint.ts';
import type { qaSchema, questionSchema, upvoteResultSchema } from './contract.ts';
import type { answerInputSchema, questionInputSchema } from './inputs.ts';

/** The session Q&A API. */
export const qaEndpoints = {
  list: get<typeof qaSchema>('/api/sessions/{sessionId}/qa'),
  ask: post<typeof questionSchema, typeof questionInputSchema>('/api/sessions/{sessionId}/qa'),
  upvote: put<typeof upvoteResultSchema>('/api/qa/{questionId}/upvote'),
  removeUpvote: del<typeof upvoteResultSchema>('/api/qa/{questionId}/upvote'),
  answer: put<typeof questionSchema, typeof answerInputSchema>('/api/qa/{questionId}/answer'),
};
