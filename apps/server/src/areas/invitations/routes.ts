import { createRoute, z } from '@hono/zod-openapi';
import { INVITATION_ROLES, INVITATION_STATUSES } from '@mingle/shared/core/constants';
import { acceptInvitationInputSchema, sendInvitationsInputSchema } from '@mingle/shared/invitations/inputs';
import { requireCaller } from '../../auth/guards.ts';
import { createRouter } from '../../http/env.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi.ts';
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

const tags = ['Invitations'];

const invitationSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    email: z.string(),
    status: z.enum(INVITATION_STATUSES).openapi({ description: '`expired`: pending, past its expiry' }),
    role: z.enum(INVITATION_ROLES),
    expiresAt: z.string(),
    acceptedAt: z.string().nullable(),
    createdAt: z.string(),
    invitedByName: z.string().nullable(),
  })
  .openapi('Invitation');

const eventsRoute = createRoute({
  method: 'get',
  path: '/invitations/events',
  tags,
  summary: 'The events the caller may invite to (event_owner or event_volunteer: events they own, co-own or volunteer for)',
  responses: {
    200: jsonResponse(
      z.object({ events: z.array(z.object({ id: z.uuid(), name: z.string(), startDate: z.string() })) }),
      'Events, soonest first',
    ),
    ...errorResponses(401, 403),
  },
});
const sendRoute = createRoute({
  method: 'post',
  path: '/invitations',
  tags,
  summary: 'Invite addresses to an event: one email each with a link valid 7 days; a pending invitation gets a new link',
  request: { body: jsonBody(sendInvitationsInputSchema) },
  responses: {
    200: jsonResponse(
      z.object({ results: z.array(z.object({ email: z.string(), success: z.boolean(), rateLimited: z.boolean().optional() })) }),
      'Whether each email went out (rateLimited: the address has had its invitation emails for today)',
    ),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});
const listRoute = createRoute({
  method: 'get',
  path: '/events/{eventId}/invitations',
  tags,
  summary: "An event's invitations, newest first (owner and co-owners: all; a volunteer: those they sent)",
  request: { params: z.object({ eventId: z.string() }), query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonResponse(z.object({ items: z.array(invitationSchema), nextCursor: z.string().nullable() }), 'A page'),
    ...errorResponses(400, 401, 403, 404),
  },
});
const resendRoute = createRoute({
  method: 'post',
  path: '/invitations/{invitationId}/resend',
  tags,
  summary: 'A new link and 7 more days for a pending or expired invitation; the old link stops working',
  request: { params: z.object({ invitationId: z.string() }) },
  responses: { 200: jsonResponse(z.object({ sent: z.boolean() }), 'Resent'), ...errorResponses(401, 403, 404, 409, 429) },
});
const revokeRoute = createRoute({
  method: 'post',
  path: '/invitations/{invitationId}/revoke',
  tags,
  summary: 'Revoke a pending invitation: its link stops working',
  request: { params: z.object({ invitationId: z.string() }) },
  responses: { 204: { description: 'Revoked' }, ...errorResponses(401, 403, 404, 409) },
});
const acceptedSchema = z.object({ eventId: z.uuid(), eventName: z.string(), role: z.enum(INVITATION_ROLES) });
const myInvitationsRoute = createRoute({
  method: 'get',
  path: '/me/invitations',
  tags,
  summary: 'The pending invitations addressed to the signed-in person (attendee, volunteer, co-owner, sponsor representative)',
  responses: {
    200: jsonResponse(
      z.object({
        invitations: z.array(
          z
            .object({
              id: z.uuid(),
              eventId: z.uuid(),
              eventName: z.string(),
              role: z.enum(INVITATION_ROLES),
              sponsorName: z.string().nullable(),
              invitedByName: z.string().nullable(),
              expiresAt: z.string(),
            })
            .openapi('MyInvitation'),
        ),
      }),
      'Pending invitations, newest first',
    ),
    ...errorResponses(401),
  },
});
const acceptMineRoute = createRoute({
  method: 'post',
  path: '/me/invitations/{invitationId}/accept',
  tags,
  summary: 'Accept one of your own pending invitations: only now is its role granted',
  request: { params: z.object({ invitationId: z.string() }) },
  responses: { 200: jsonResponse(acceptedSchema, 'Accepted'), ...errorResponses(401, 403, 404, 409) },
});
const declineMineRoute = createRoute({
  method: 'post',
  path: '/me/invitations/{invitationId}/decline',
  tags,
  summary: 'Decline one of your own pending invitations: nothing is granted and its link stops working',
  request: { params: z.object({ invitationId: z.string() }) },
  responses: { 204: { description: 'Declined' }, ...errorResponses(401, 404, 409) },
});
const acceptRoute = createRoute({
  method: 'post',
  path: '/invitation-acceptances',
  tags,
  summary: 'Accept an invitation with the token from its link (signed in, with the invited address)',
  request: { body: jsonBody(acceptInvitationInputSchema) },
  responses: {
    200: jsonResponse(acceptedSchema, 'Accepted'),
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
