import { createRoute } from '@hono/zod-openapi';
import { codeVerifiedSchema, signUpCodeSentSchema, signUpCompletedSchema } from '@mingle/shared/account/contract';
import { accountEndpoints } from '@mingle/shared/account/endpoints';
import { completeSignUpSchema, signUpSchema, verifyCodeSchema } from '@mingle/shared/account/inputs';
import type { AppContext } from '../../context.ts';
import { clientIp } from '../../http/client-ip.ts';
import { createRouter } from '../../http/env.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { createSignupService } from './service.ts';

const base = '/api/signup';

const requestCodeRoute = createRoute({
  ...endpointRoute(accountEndpoints.requestCode, base),
  tags: ['Sign-up'],
  summary: 'Send (or resend) the 6-digit sign-up code to a company email',
  request: { body: jsonBody(signUpSchema) },
  responses: { 200: jsonResponse(signUpCodeSentSchema, 'Code sent'), ...errorResponses(400, 429) },
});

const verifyCodeRoute = createRoute({
  ...endpointRoute(accountEndpoints.verifyCode, base),
  tags: ['Sign-up'],
  summary: 'Check the code; answers a token that lets the account be created once the terms are accepted',
  request: { body: jsonBody(verifyCodeSchema) },
  responses: { 200: jsonResponse(codeVerifiedSchema, 'Code verified'), ...errorResponses(400, 429) },
});

const completeRoute = createRoute({
  ...endpointRoute(accountEndpoints.complete, base),
  tags: ['Sign-up'],
  summary: 'Create the account (terms accepted)',
  request: { body: jsonBody(completeSignUpSchema) },
  responses: { 201: jsonResponse(signUpCompletedSchema, 'Account created'), ...errorResponses(400, 409) },
});

/** Spec 01's sign-up: open to visitors by nature, guarded by per-email and per-IP limits and the code. */
export function accountRoutes(ctx: AppContext) {
  const service = createSignupService(ctx);
  return createRouter()
    .openapi(requestCodeRoute, async (c) => c.json(await service.requestCode(c.req.valid('json'), clientIp(c)), 200))
    .openapi(verifyCodeRoute, async (c) => {
      const { email, code, password } = c.req.valid('json');
      return c.json(await service.verifyCode(email, code, password), 200);
    })
    .openapi(completeRoute, async (c) => {
      const { email, verificationToken } = c.req.valid('json');
      return c.json(await service.complete(email, verificationToken), 201);
    });
}
