import { createRoute } from '@hono/zod-openapi';
import { codeVerifiedSchema, signUpCodeSentSchema, signUpCompletedSchema } from '@mingle/shared/auth/contract';
import { authEndpoints } from '@mingle/shared/auth/endpoints';
import { completeSignUpSchema, signUpSchema, verifyCodeSchema } from '@mingle/shared/auth/inputs';
import type { AppContext } from '../../context.ts';
import { clientIp } from '../../platform/http/client-ip.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse, PUBLIC } from '../../platform/http/openapi.ts';
import { createSignupService } from './service.ts';

const base = '/api/signup';

const requestCodeRoute = createRoute({
  ...endpointRoute(authEndpoints.requestCode, base),
  ...PUBLIC,
  tags: ['Sign-up'],
  summary: 'Send (or resend) the 6-digit sign-up code to a company email',
  request: { body: jsonBody(signUpSchema) },
  responses: { 200: jsonResponse(signUpCodeSentSchema, 'Code sent'), ...errorResponses(400, 429) },
});

const verifyCodeRoute = createRoute({
  ...endpointRoute(authEndpoints.verifyCode, base),
  ...PUBLIC,
  tags: ['Sign-up'],
  summary: 'Check the code; answers a token that lets the account be created once the terms are accepted',
  request: { body: jsonBody(verifyCodeSchema) },
  responses: { 200: jsonResponse(codeVerifiedSchema, 'Code verified'), ...errorResponses(400, 429) },
});

const completeRoute = createRoute({
  ...endpointRoute(authEndpoints.complete, base),
  ...PUBLIC,
  tags: ['Sign-up'],
  summary: 'Create the account (terms accepted)',
  request: { body: jsonBody(completeSignUpSchema) },
  responses: { 201: jsonResponse(signUpCompletedSchema, 'Account created'), ...errorResponses(400, 409) },
});

/** Spec 01's sign-up: open to visitors by nature, guarded by per-email and per-IP limits and the code. */
export function authRoutes(ctx: AppContext) {
  const service = createSignupService(ctx);
  return createRouter()
    .openapi(requestCodeRoute, async (c) => c.json(await service.requestCode(c.req.valid('json'), clientIp(c)), 200))
    .openapi(verifyCodeRoute, async (c) => {
      const { email, code, password } = c.req.valid('json');
      return c.json(await service.verifyCode(email, code, password), 200);
    })
    .openapi(completeRoute, async (c) => {
      const { email, verificationToken, language } = c.req.valid('json');
      return c.json(await service.complete(email, verificationToken, language ?? null), 201);
    });
}
