import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { html } from 'hono/html';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_MESSAGES } from '@mingle/shared/notifications/texts';
import { notificationEndpoints } from '@mingle/shared/notifications/endpoints';
import { UNSUBSCRIBE_TOKEN_MAX, unsubscribeFormSchema } from '@mingle/shared/notifications/inputs';
import { clientIp } from '../../platform/http/client-ip.ts';
import { createRouter, type AppEnv } from '../../platform/http/env.ts';
import { badRequest, errorBody, notFound } from '../../platform/http/errors.ts';
import { JSON_TOO_LARGE_MESSAGE } from '../../platform/http/json-guard.ts';
import { endpointRoute, errorResponses, PUBLIC } from '../../platform/http/openapi.ts';
import { rateLimitFor } from '../../platform/http/rate-limit.ts';
import { unsubscribe } from './service.ts';
import { readUnsubscribeToken } from '../../platform/mail/unsubscribe.ts';
import { msg } from '@mingle/shared/core/messages';

// RFC 8058 one-click unsubscribe. Mail clients POST the link from their own servers, with no cookie, no Origin and
// no CSRF token, so app.ts mounts these two routes before the origin check, the CSRF check and the session: the
// token in the path (an HMAC of person and kind) is the whole proof. Each client address gets a few tries a minute,
// so nobody can probe tokens at speed.

const base = '/api/unsubscribe';
const tags = ['Notifications'];
/** A form of one short field: anything larger is not a mail client's unsubscribe. */
const FORM_MAX_BYTES = 1024;
const PER_ADDRESS_PER_MINUTE = 30;

const params = z.object({ token: z.string().max(UNSUBSCRIBE_TOKEN_MAX) });
const htmlResponse = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

const pageRoute = createRoute({
  ...endpointRoute(notificationEndpoints.unsubscribePage, base),
  ...PUBLIC,
  tags,
  summary: 'The unsubscribe link of an email, opened in a browser: a page whose button unsubscribes (no sign-in)',
  request: { params },
  responses: { 200: htmlResponse('The page with its button'), ...errorResponses(404, 429) },
});
const unsubscribeRoute = createRoute({
  ...endpointRoute(notificationEndpoints.unsubscribe, base),
  ...PUBLIC,
  tags,
  summary: "One-click unsubscribe (RFC 8058): switches off the email of the token's kind for the token's person (no sign-in)",
  request: {
    params,
    body: {
      content: {
        'application/x-www-form-urlencoded': { schema: unsubscribeFormSchema },
        'multipart/form-data': { schema: unsubscribeFormSchema },
      },
    },
  },
  responses: { 200: htmlResponse('Unsubscribed'), ...errorResponses(400, 404, 413, 429) },
});

const page = (title: string, body: ReturnType<typeof html>) =>
  html`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Mingle</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

async function limitAddress(c: Context<AppEnv>) {
  await rateLimitFor(c.get('ctx').db, { prefix: 'unsubscribe-ip', points: PER_ADDRESS_PER_MINUTE, windowSeconds: 60 }).consume(clientIp(c));
}

export function unsubscribeRoutes() {
  const router = createRouter();
  router.use(
    '/*',
    bodyLimit({ maxSize: FORM_MAX_BYTES, onError: (c) => c.json(errorBody('payload_too_large', JSON_TOO_LARGE_MESSAGE), 413) }),
  );
  return router
    .openapi(pageRoute, async (c) => {
      await limitAddress(c);
      const { token } = c.req.valid('param');
      const target = readUnsubscribeToken(c.get('ctx').config.authSecret, token);
      if (!target) throw notFound(NOTIFICATION_MESSAGES.unsubscribeNotFound);
      const kind = NOTIFICATION_KIND_LABELS[target.kind];
      return c.html(
        page(
          'Unsubscribe',
          html`<p>Stop the emails of this kind: ${kind}. You can switch them on again on your profile page.</p>
            <form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
        ),
        200,
      );
    })
    .openapi(unsubscribeRoute, async (c) => {
      await limitAddress(c);
      const { token } = c.req.valid('param');
      // Validated here, whatever the content type: a POST without the RFC's body is not a one-click unsubscribe.
      const form = unsubscribeFormSchema.safeParse(await c.req.parseBody().catch(() => undefined));
      if (!form.success) throw badRequest(msg('The unsubscribe request needs the body List-Unsubscribe=One-Click'));
      await unsubscribe(c.get('ctx'), token);
      return c.html(page('Unsubscribed', html`<p>You will no longer get these emails. You can switch them on again on your profile page.</p>`), 200);
    });
}
