import { createRoute, z } from '@hono/zod-openapi';
import { requireCaller } from '../../auth/guards.ts';
import { createRouter } from '../../http/env.ts';
import { errorResponses, jsonResponse } from '../../http/openapi.ts';
import { acceptTerms, getMe } from './service.ts';

const anyJson = z.record(z.string(), z.unknown());

const meRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Account'],
  summary: 'The signed-in user, their roles, profile and sign-in provider',
  responses: { 200: jsonResponse(anyJson, 'The current user'), ...errorResponses(401) },
});

const acceptTermsRoute = createRoute({
  method: 'post',
  path: '/terms',
  tags: ['Account'],
  summary: 'Accept the terms and conditions',
  responses: { 200: jsonResponse(anyJson, 'The updated profile'), ...errorResponses(401) },
});

/** The caller's own account: only ever their own, so there is no id in the path to guess. */
export function meRoutes() {
  return createRouter()
    .openapi(meRoute, async (c) => c.json(await getMe(c.get('ctx'), requireCaller(c)), 200))
    .openapi(acceptTermsRoute, async (c) => c.json(await acceptTerms(c.get('ctx'), requireCaller(c)), 200));
}
