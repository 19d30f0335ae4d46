import { createRoute, z } from '@hono/zod-openapi';
import { registrationPageSchema, registrationQuestionsSchema, registrationResultSchema, registrationSummarySchema } from '@mingle/shared/registrations/contract';
import { registrationEndpoints } from '@mingle/shared/registrations/endpoints';
import { registrationImportInputSchema, registrationImportResultSchema } from '@mingle/shared/registrations/import';
import { registrationAnswersSchema, registrationListQuerySchema, saveRegistrationQuestionsSchema } from '@mingle/shared/registrations/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { csvRoute, endpointRoute, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import { listRegistrations, registrationSummary } from './lists.ts';
import { registrationsCsv } from './export.ts';
import { importRegistrations } from './import.ts';
import { getQuestions, saveQuestions } from './questions.ts';
import { cancelRegistration, register, removeRegistration } from './service.ts';

const base = '/api/events';
const tags = ['Registrations'];
const eventParams = z.object({ eventId: z.string() });

const registerRoute = createRoute({
  ...endpointRoute(registrationEndpoints.register, base),
  tags,
  summary: 'Register for an event whose registration is open, answering its questions: a place, or the waitlist when it is full (idempotent)',
  // The body is optional: an event without required questions takes a registration without one.
  request: { params: eventParams, body: { ...jsonBody(registrationAnswersSchema), required: false } },
  responses: {
    200: jsonResponse(registrationResultSchema, 'Registered, or on the waitlist'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});
const cancelRoute = createRoute({
  ...endpointRoute(registrationEndpoints.cancel, base),
  tags,
  summary: "Give up one's place (it goes to the next person waiting) or leave the waitlist, before the event ends",
  request: { params: eventParams },
  responses: { 204: { description: 'Cancelled' }, ...errorResponses(401, 404, 409) },
});
const listRoute = createRoute({
  ...endpointRoute(registrationEndpoints.list, base),
  tags,
  summary: "One of an event's lists for its organizers: registered and waitlisted in the order they filled, cancelled newest first",
  request: { params: eventParams, query: registrationListQuerySchema },
  responses: { 200: jsonResponse(registrationPageSchema, 'A page'), ...errorResponses(400, 401, 403, 404) },
});
const summaryRoute = createRoute({
  ...endpointRoute(registrationEndpoints.summary, base),
  tags,
  summary: "An event's registration figures for its organizers: capacity, registered, places left, waiting, cancelled",
  request: { params: eventParams },
  responses: { 200: jsonResponse(registrationSummarySchema, 'The figures'), ...errorResponses(401, 403, 404) },
});
const removeRoute = createRoute({
  ...endpointRoute(registrationEndpoints.remove, base),
  tags,
  summary: "An organizer ends someone's registration or waitlist place; the person is told by email",
  request: { params: z.object({ eventId: z.string(), userId: z.string() }) },
  responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
});

const questionsRoute = createRoute({
  ...endpointRoute(registrationEndpoints.questions, base),
  tags,
  summary: "The questions an event asks on registering, in order (its participants, and anyone while registration is open)",
  request: { params: eventParams },
  responses: { 200: jsonResponse(registrationQuestionsSchema, 'The questions'), ...errorResponses(401, 403, 404) },
});
const saveQuestionsRoute = createRoute({
  ...endpointRoute(registrationEndpoints.saveQuestions, base),
  tags,
  summary: "Replace an event's registration questions (organizers): kept by id with their answers, new without one, removed when left out",
  request: { params: eventParams, body: jsonBody(saveRegistrationQuestionsSchema) },
  responses: { 200: jsonResponse(registrationQuestionsSchema, 'The questions as saved'), ...errorResponses(400, 401, 403, 404) },
});

const importRoute = createRoute({
  ...endpointRoute(registrationEndpoints.import, base),
  tags,
  summary:
    "Import people from a CSV file's mapped rows (organizers): a per-row report; with dryRun nothing is written, else everyone not yet registered or invited is invited (nobody is registered without accepting)",
  request: { params: eventParams, body: jsonBody(registrationImportInputSchema) },
  responses: { 200: jsonResponse(registrationImportResultSchema, 'What happened to each row'), ...errorResponses(400, 401, 403, 404, 413) },
});

export function registrationRoutes() {
  const router = createRouter()
    .openapi(registerRoute, async (c) => {
      // Without a JSON body the validator passes nothing on: no answers.
      const answers = c.req.valid('json')?.answers ?? [];
      return c.json(await register(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, answers), 200);
    })
    .openapi(questionsRoute, async (c) => c.json({ questions: await getQuestions(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId) }, 200))
    .openapi(saveQuestionsRoute, async (c) =>
      c.json({ questions: await saveQuestions(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('json')) }, 200),
    )
    .openapi(importRoute, async (c) =>
      c.json(await importRegistrations(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('json')), 200),
    )
    .openapi(cancelRoute, async (c) => {
      await cancelRegistration(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId);
      return c.body(null, 204);
    })
    .openapi(summaryRoute, async (c) => c.json(await registrationSummary(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId), 200))
    .openapi(listRoute, async (c) =>
      c.json(await listRegistrations(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('query')), 200),
    )
    .openapi(removeRoute, async (c) => {
      const { eventId, userId } = c.req.valid('param');
      await removeRegistration(c.get('ctx'), requireCaller(c), eventId, userId);
      return c.body(null, 204);
    });

  csvRoute(router, {
    path: '/{eventId}/registrations.csv',
    operationId: 'registrations.exportCsv',
    tags,
    summary: 'Registered, waitlisted and cancelled people with their answers and check-ins, as a CSV file (formula-safe), for the organizers',
    params: eventParams,
    load: (c) => registrationsCsv(c.get('ctx'), requireCaller(c), c.req.param('eventId') ?? ''),
  });
  return router;
}
