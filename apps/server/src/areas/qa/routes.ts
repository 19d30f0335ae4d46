import { createRoute, z } from '@hono/zod-openapi';
import { qaSchema, questionSchema, upvoteResultSchema } from '@mingle/shared/qa/contract';
import { qaEndpoints } from '@mingle/shared/qa/endpoints';
import { answerInputSchema, questionInputSchema } from '@mingle/shared/qa/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import { answerQuestion, askQuestion, listQuestions, setUpvote } from './service.ts';

const base = '/api';
const tags = ['Q&A'];
const sessionParams = z.object({ sessionId: z.string() });
const questionParams = z.object({ questionId: z.string() });

const listRoute = createRoute({
  ...endpointRoute(qaEndpoints.list, base),
  tags,
  summary: "A session's questions, most upvoted first then newest (the event's participants)",
  request: { params: sessionParams },
  responses: {
    200: jsonResponse(qaSchema, 'Questions'),
    ...errorResponses(401, 404),
  },
});

const askRoute = createRoute({
  ...endpointRoute(qaEndpoints.ask, base),
  tags,
  summary: 'Ask a question, optionally as Anonymous',
  request: { params: sessionParams, body: jsonBody(questionInputSchema) },
  responses: { 201: jsonResponse(questionSchema, 'The question'), ...errorResponses(400, 401, 404) },
});

const upvoteRoute = createRoute({
  ...endpointRoute(qaEndpoints.upvote, base),
  tags,
  summary: 'Upvote a question (idempotent)',
  request: { params: questionParams },
  responses: { 200: jsonResponse(upvoteResultSchema, 'The count'), ...errorResponses(401, 404) },
});

const removeUpvoteRoute = createRoute({
  ...endpointRoute(qaEndpoints.removeUpvote, base),
  tags,
  summary: 'Withdraw the caller’s upvote (idempotent)',
  request: { params: questionParams },
  responses: { 200: jsonResponse(upvoteResultSchema, 'The count'), ...errorResponses(401, 404) },
});

const answerRoute = createRoute({
  ...endpointRoute(qaEndpoints.answer, base),
  tags,
  summary: 'Answer a question and mark it answered (the event’s owner, co-owners, super admins)',
  request: { params: questionParams, body: jsonBody(answerInputSchema) },
  responses: { 200: jsonResponse(questionSchema, 'The question'), ...errorResponses(400, 401, 403, 404) },
});

/** Mounted at /api: session Q&A. */
export function qaRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listQuestions(c.get('ctx'), requireCaller(c), c.req.valid('param').sessionId), 200))
    .openapi(askRoute, async (c) => c.json(await askQuestion(c.get('ctx'), requireCaller(c), c.req.valid('param').sessionId, c.req.valid('json')), 201))
    .openapi(upvoteRoute, async (c) => c.json(await setUpvote(c.get('ctx'), requireCaller(c), c.req.valid('param').questionId, true), 200))
    .openapi(removeUpvoteRoute, async (c) => c.json(await setUpvote(c.get('ctx'), requireCaller(c), c.req.valid('param').questionId, false), 200))
    .openapi(answerRoute, async (c) => c.json(await answerQuestion(c.get('ctx'), requireCaller(c), c.req.valid('param').questionId, c.req.valid('json')), 200));
}
