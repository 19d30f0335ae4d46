import { createRoute, z } from '@hono/zod-openapi';
import {
  acceptedInvitationSchema,
  invitableEventsSchema,
  invitationPageSchema,
  invitationSendResultsSchema,
  myInvitationsSchema,
  resendResultSchema,
} from '@mingle/shared/invitations/contract';
import { invitationEndpoints } from '@mingle/shared/invitations/endpoints';
import { acceptInvitationInputSchema, sendInvitationsInputSchema } from '@mingle/shared/invitations/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import {
  acceptInvitation,
  acceptMyInvitation,
  declineMyInvitation,
  myInvitations,
  invitableEvents,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  sendInvitations,
} from './service.ts';

const base = '/api';
const tags = ['Invitations'];

const eventsRoute = createRoute({
  ...endpointRoute(invitationEndpoints.events, base),
  tags,
  summary: 'The events the caller may invite to (event_owner or event_volunteer: events they own, co-own or volunteer for)',
  responses: {
    200: jsonResponse(invitableEventsSchema, 'Events, soonest first'),
    ...errorResponses(401, 403),
  },
});
const sendRoute = createRoute({
  ...endpointRoute(invitationEndpoints.send, base),
  tags,
  summary: 'Invite addresses to an event: one email each with a link valid 7 days; a pending invitation gets a new link',
  request: { body: jsonBody(sendInvitationsInputSchema) },
  responses: {
    200: jsonResponse(
      invitationSendResultsSchema,
      'Whether each email is on its way (rateLimited: the address has had its invitation emails for today); its delivery shows in the list',
    ),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});
const listRoute = createRoute({
  ...endpointRoute(invitationEndpoints.list, base),
  tags,
  summary: "An event's invitations, newest first (owner and co-owners: all; a volunteer: those they sent)",
  request: { params: z.object({ eventId: z.string() }), query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonResponse(invitationPageSchema, 'A page'),
    ...errorResponses(400, 401, 403, 404),
  },
});
const resendRoute = createRoute({
  ...endpointRoute(invitationEndpoints.resend, base),
  tags,
  summary: 'A new link and 7 more days for a pending or expired invitation; the old link stops working',
  request: { params: z.object({ invitationId: z.string() }) },
  responses: { 200: jsonResponse(resendResultSchema, 'Resent'), ...errorResponses(401, 403, 404, 409, 429) },
});
const revokeRoute = createRoute({
  ...endpointRoute(invitationEndpoints.revoke, base),
  tags,
  summary: 'Revoke a pending invitation: its link stops working',
  request: { params: z.object({ invitationId: z.string() }) },
  responses: { 204: { description: 'Revoked' }, ...errorResponses(401, 403, 404, 409) },
});
const myInvitationsRoute = createRoute({
  ...endpointRoute(invitationEndpoints.mine, base),
  tags,
  summary: 'The pending invitations addressed to the signed-in person (attendee, volunteer, co-owner, sponsor representative)',
  responses: {
    200: jsonResponse(myInvitationsSchema, 'Pending invitations, newest first'),
    ...errorResponses(401),
  },
});
const acceptMineRoute = createRoute({
  ...endpointRoute(invitationEndpoints.acceptMine, base),
  tags,
  summary: 'Accept one of your own pending invitations: only now is its role granted',
  request: { params: z.object({ invitationId: z.string() }) },
  responses: { 200: jsonResponse(acceptedInvitationSchema, 'Accepted'), ...errorResponses(401, 403, 404, 409) },
});
const declineMineRoute = createRoute({
  ...endpointRoute(invitationEndpoints.declineMine, base),
  tags,
  summary: 'Decline one of your own pending invitations: nothing is granted and its link stops working',
  request: { params: z.object({ invitationId: z.string() }) },
  responses: { 204: { description: 'Declined' }, ...errorResponses(401, 404, 409) },
});
const acceptRoute = createRoute({
  ...endpointRoute(invitationEndpoints.accept, base),
  tags,
  summary: 'Accept an invitation with the token from its link (signed in, with the invited address)',
  request: { body: jsonBody(acceptInvitationInputSchema) },
  responses: {
    200: jsonResponse(acceptedInvitationSchema, 'Accepted'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function invitationRoutes() {
  return createRouter()
    .openapi(eventsRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json({ events: await invitableEvents(c.get('ctx'), caller) }, 200);
    })
    .openapi(acceptRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json(await acceptInvitation(c.get('ctx'), caller, c.req.valid('json').token), 200);
    })
    .openapi(myInvitationsRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json({ invitations: await myInvitations(c.get('ctx'), caller) }, 200);
    })
    .openapi(acceptMineRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json(await acceptMyInvitation(c.get('ctx'), caller, c.req.valid('param').invitationId), 200);
    })
    .openapi(declineMineRoute, async (c) => {
      const caller = requireCaller(c);
      await declineMyInvitation(c.get('ctx'), caller, c.req.valid('param').invitationId);
      return c.body(null, 204);
    })
    .openapi(sendRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json({ results: await sendInvitations(c.get('ctx'), caller, c.req.valid('json')) }, 200);
    })
    .openapi(listRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json(await listInvitations(c.get('ctx'), caller, c.req.valid('param').eventId, c.req.valid('query').cursor), 200);
    })
    .openapi(resendRoute, async (c) => {
      const caller = requireCaller(c);
      return c.json(await resendInvitation(c.get('ctx'), caller, c.req.valid('param').invitationId), 200);
    })
    .openapi(revokeRoute, async (c) => {
      const caller = requireCaller(c);
      await revokeInvitation(c.get('ctx'), caller, c.req.valid('param').invitationId);
      return c.body(null, 204);
    });
}
