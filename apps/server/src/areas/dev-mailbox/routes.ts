import { createRoute } from '@hono/zod-openapi';
import { outboxSchema } from '@mingle/shared/dev-mailbox/contract';
import { devMailboxEndpoints } from '@mingle/shared/dev-mailbox/endpoints';
import { errorBody } from '../../platform/http/errors.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponseSchema, jsonResponse, PUBLIC } from '../../platform/http/openapi.ts';
import { listOutbox } from '../../platform/mail/mailer.ts';
import { msg } from '@mingle/shared/core/messages';

const listRoute = createRoute({
  ...endpointRoute(devMailboxEndpoints.list, '/api/dev/mailbox'),
  ...PUBLIC,
  tags: ['development'],
  summary: 'The development mailbox: the latest 100 outbound emails, newest first',
  description:
    'Development only (404 in production). Open to anyone who can reach the server: it exists so a developer ' +
    'can read sign-up codes and reset links without an SMTP server.',
  responses: {
    200: {
      description: 'The latest messages, newest first',
      content: { 'application/json': { schema: outboxSchema } },
    },
    404: jsonResponse(errorResponseSchema, 'Not available in production'),
  },
});

/**
 * Mounted at /api/dev/mailbox. A development tool: it exists only where config.devTools.mailbox says so (a
 * development server on a loopback address, or DEV_MAILBOX=true by name), the server of a laptop where every message
 * is fake or the developer's own. Anywhere else it does not exist (404), so nobody reads other people's codes and
 * links through it.
 */
export function devMailboxRoutes() {
  const router = createRouter();
  router.openapi(listRoute, async (c) => {
    const ctx = c.get('ctx');
    if (!ctx.config.devTools.mailbox) return c.json(errorBody('not_found', msg('Not found')), 404);
    const rows = await listOutbox(ctx.db, { limit: 100 });
    return c.json(
      {
        messages: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          status: row.status,
          error: row.error,
          createdAt: row.createdAt.toISOString(),
        })),
      },
      200,
    );
  });
  return router;
}
