import { createRoute, z } from '@hono/zod-openapi';
import { badgeEndpoints } from '@mingle/shared/badges/endpoints';
import { badgeQuerySchema } from '@mingle/shared/badges/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses } from '../../platform/http/openapi.ts';
import { printBadges } from './service.ts';

const base = '/api/events';

const badgesRoute = createRoute({
  ...endpointRoute(badgeEndpoints.pdf, base),
  tags: ['Badges'],
  summary:
    "Printable badges as one PDF, a badge a page, ordered by name: every registered attendee or a selection (organizers), or one badge (the event's volunteers, a reprint at the door)",
  request: { params: z.object({ eventId: z.string() }), query: badgeQuerySchema },
  responses: {
    200: { description: 'The PDF file', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function badgeRoutes() {
  return createRouter().openapi(badgesRoute, async (c) => {
    const { fileName, pdf } = await printBadges(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('query'));
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });
}
