import { createRoute, z } from '@hono/zod-openapi';
import { myConsentsSchema, WITHDRAWABLE_CONSENTS } from '@mingle/shared/privacy/consents';
import { accountDeletionSchema } from '@mingle/shared/privacy/contract';
import { consentEndpoints, DATA_EXPORT_PATH, privacyEndpoints } from '@mingle/shared/privacy/endpoints';
import { deleteAccountInputSchema } from '@mingle/shared/privacy/inputs';
import { requireSession } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { documentRoute, endpointRoute, errorResponses, fileResponse, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import { giveSharing, myConsents, withdrawSharing } from './consents.ts';
import { accountDeletion, deleteMyAccount } from './deletion.ts';
import { exportMyData } from './export.ts';

const base = '/api/me';
const tags = ['Privacy'];

const deletionRoute = createRoute({
  ...endpointRoute(privacyEndpoints.deletion, base),
  tags,
  summary: 'What deleting the account asks for: the password, or the email of an account that signs in only through GitHub or LinkedIn',
  responses: { 200: jsonResponse(accountDeletionSchema, 'The confirmation asked for'), ...errorResponses(401, 403) },
});

const deleteAccountRoute = createRoute({
  ...endpointRoute(privacyEndpoints.deleteAccount, base),
  tags,
  summary:
    'Delete the account: signed out everywhere, sign-in removed, personal data erased, places and leads withdrawn; questions others rely on stay as from "Deleted user". Refused (409) while the person organizes events. Never with an API key',
  request: { body: jsonBody(deleteAccountInputSchema) },
  responses: { 204: { description: 'The account is deleted' }, ...errorResponses(400, 401, 403, 404, 409) },
});

const consentsRoute = createRoute({
  ...endpointRoute(consentEndpoints.mine, base),
  tags,
  summary: 'What the caller consented to: the terms (when, which version) and sharing their details with organizers and sponsors, with the whole history',
  responses: { 200: jsonResponse(myConsentsSchema, 'The consents'), ...errorResponses(401, 403) },
});

/** Only the sharing consent is withdrawn and given again here: leaving the terms is deleting the account. */
const kindParams = z.object({ kind: z.enum(WITHDRAWABLE_CONSENTS).openapi({ param: { name: 'kind', in: 'path' } }) });

const giveConsentRoute = createRoute({
  ...endpointRoute(consentEndpoints.give, base),
  tags,
  summary: 'Give the consent (again): sponsors see the caller\'s details on their leads once more. Idempotent',
  request: { params: kindParams },
  responses: { 200: jsonResponse(myConsentsSchema, 'The consents'), ...errorResponses(400, 401, 403) },
});

const withdrawConsentRoute = createRoute({
  ...endpointRoute(consentEndpoints.withdraw, base),
  tags,
  summary:
    "Withdraw the consent: sponsors no longer see the caller's leads and cannot take new ones; when it was given stays in the history. Idempotent",
  request: { params: kindParams },
  responses: { 200: jsonResponse(myConsentsSchema, 'The consents'), ...errorResponses(400, 401, 403) },
});

/**
 * Mounted at /api/me: the signed-in person's consents, data export and account deletion, with a session only (never
 * a key).
 */
export function privacyRoutes() {
  const router = createRouter()
    .openapi(consentsRoute, async (c) => c.json(await myConsents(c.get('ctx'), requireSession(c)), 200, { 'Cache-Control': 'private, no-store' }))
    .openapi(giveConsentRoute, async (c) => c.json(await giveSharing(c.get('ctx'), requireSession(c)), 200))
    .openapi(withdrawConsentRoute, async (c) => c.json(await withdrawSharing(c.get('ctx'), requireSession(c)), 200))
    .openapi(deletionRoute, async (c) => c.json(await accountDeletion(c.get('ctx'), requireSession(c)), 200, { 'Cache-Control': 'private, no-store' }))
    .openapi(deleteAccountRoute, async (c) => {
      await deleteMyAccount(c.get('ctx'), requireSession(c), c.req.valid('json'));
      return c.body(null, 204);
    });

  // The archive is a file the browser downloads, not a JSON answer the web reads.
  router.get(DATA_EXPORT_PATH.slice(base.length), async (c) => {
    const { fileName, body } = await exportMyData(c.get('ctx'), requireSession(c));
    return c.body(body, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });
  documentRoute(router, {
    method: 'get',
    path: DATA_EXPORT_PATH.slice(base.length),
    operationId: 'privacy.dataExport',
    tags,
    summary: "Download my data: everything Mingle holds about the caller as one JSON file (no secrets, no other person's private data); one at a time, 10 an hour",
    responses: { 200: fileResponse('application/json', 'The archive, mingle-data-YYYY-MM-DD.json'), ...errorResponses(401, 403, 429) },
  });
  return router;
}
