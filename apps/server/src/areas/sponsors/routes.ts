import { createRoute, z } from '@hono/zod-openapi';
import {
  boothSchema,
  leadPageSchema,
  leadUpsertSchema,
  myLeadsSchema,
  representativeAddedSchema,
  representativesSchema,
  sponsorCardsSchema,
  sponsorDashboardSchema,
  sponsorListSchema,
  sponsorSchema,
} from '@mingle/shared/sponsors/contract';
import { sponsorEndpoints } from '@mingle/shared/sponsors/endpoints';
import {
  LEAD_FILTERS,
  leadInputSchema,
  representativeInputSchema,
  sponsorActionInputSchema,
  sponsorInputSchema,
} from '@mingle/shared/sponsors/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { logoUploadGate, readLogo } from '../../platform/http/logo-upload.ts';
import { createRouter } from '../../platform/http/env.ts';
import { csvRoute, documentRoute, endpointRoute, errorResponses, jsonBody, jsonResponse, multipartBody } from '../../platform/http/openapi.ts';
import { leadsCsv, leadsFileName } from './csv.ts';
import { sponsorsCsv } from './export.ts';
import {
  addRepresentative,
  leaveRepresentation,
  createSponsor,
  deleteSponsor,
  getBooth,
  getDashboard,
  leadsForExport,
  listLeads,
  listMyLeads,
  listRepresentatives,
  listSponsorCards,
  listSponsors,
  recordAction,
  removeRepresentative,
  updateSponsor,
  uploadSponsorLogo,
  authorizeSponsorLogo,
  upsertLead,
  withdrawLead,
  withdrawMyLead,
} from './service.ts';

const base = '/api';
const tags = ['Sponsors'];

const eventParams = z.object({ eventId: z.string() });
const sponsorParams = z.object({ sponsorId: z.string() });

const listRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.list, base),
  tags,
  summary: "An event's sponsors in tier order (the event's participants; contact details for organizers)",
  request: { params: eventParams },
  responses: { 200: jsonResponse(sponsorListSchema, 'Sponsors by tier'), ...errorResponses(401, 404) },
});

const createSponsorRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.create, base),
  tags,
  summary: 'Add a sponsor (owner, co-owners, super admins)',
  request: { params: eventParams, body: jsonBody(sponsorInputSchema) },
  responses: { 201: jsonResponse(sponsorSchema, 'The new sponsor'), ...errorResponses(400, 401, 403, 404) },
});

const boothRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.booth, base),
  tags,
  summary: "Booth detail: the sponsor and the caller's own lead (the event's participants)",
  request: { params: sponsorParams },
  responses: { 200: jsonResponse(boothSchema, 'The booth'), ...errorResponses(401, 404) },
});

const updateSponsorRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.update, base),
  tags,
  summary: 'Replace a sponsor (owner, co-owners, super admins)',
  request: { params: sponsorParams, body: jsonBody(sponsorInputSchema) },
  responses: { 200: jsonResponse(sponsorSchema, 'The sponsor'), ...errorResponses(400, 401, 403, 404) },
});

const deleteSponsorRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.remove, base),
  tags,
  summary: 'Delete a sponsor with its leads and analytics (owner, co-owners, super admins)',
  request: { params: sponsorParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
});

const actionRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.action, base),
  tags,
  summary: 'Record a booth visit, website click or contact click (contact clicks: organizers)',
  request: { params: sponsorParams, body: jsonBody(sponsorActionInputSchema) },
  responses: { 204: { description: 'Recorded' }, ...errorResponses(400, 401, 403, 404) },
});

const leadRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.lead, base),
  tags,
  summary: "Express interest: create or update the caller's lead at this sponsor (one per visitor)",
  request: { params: sponsorParams, body: jsonBody(leadInputSchema) },
  responses: { 200: jsonResponse(leadUpsertSchema, 'The lead, and whether it is new'), ...errorResponses(400, 401, 404) },
});

const withdrawLeadRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.withdrawLead, base),
  tags,
  summary: "Withdraw the caller's lead at this sponsor (idempotent)",
  request: { params: sponsorParams },
  responses: { 204: { description: 'Withdrawn' }, ...errorResponses(401, 404) },
});

const myLeadsRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.myLeads, base),
  tags,
  summary: 'The sponsors that hold the caller’s details (their leads), newest first',
  responses: { 200: jsonResponse(myLeadsSchema, 'My leads'), ...errorResponses(401) },
});

const withdrawMyLeadRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.withdrawMyLead, base),
  tags,
  summary: 'Withdraw one of the caller’s leads',
  request: { params: z.object({ leadId: z.string() }) },
  responses: { 204: { description: 'Withdrawn' }, ...errorResponses(401, 404) },
});

const cardsRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.cards, base),
  tags,
  summary: 'Sponsors and Networking: sponsors of the events the caller takes part in, with the event name, by tier',
  responses: { 200: jsonResponse(sponsorCardsSchema, 'Sponsor cards'), ...errorResponses(401) },
});

const dashboardRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.dashboard, base),
  tags,
  summary: "A sponsor's stats and daily visits and leads (event staff, super admins, the sponsor's representatives)",
  request: { params: sponsorParams },
  responses: { 200: jsonResponse(sponsorDashboardSchema, 'The dashboard'), ...errorResponses(401, 403, 404) },
});

const leadsRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.leads, base),
  tags,
  summary: "A page of the sponsor's leads, newest visit first (same access as the dashboard)",
  request: {
    params: sponsorParams,
    query: z.object({
      filter: z.enum(LEAD_FILTERS).default('all'),
      cursor: z.string().optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: { 200: jsonResponse(leadPageSchema, 'Leads'), ...errorResponses(400, 401, 403, 404) },
});

const representativesRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.representatives, base),
  tags,
  summary: "The sponsor's representatives (owner, co-owners, super admins)",
  request: { params: sponsorParams },
  responses: { 200: jsonResponse(representativesSchema, 'Representatives'), ...errorResponses(401, 403, 404) },
});

const addRepresentativeRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.addRepresentative, base),
  tags,
  summary:
    'Invite an address to represent the sponsor: granted only when the person accepts; the answer is the same whether or not the address has an account',
  request: { params: sponsorParams, body: jsonBody(representativeInputSchema) },
  responses: {
    200: jsonResponse(representativeAddedSchema, 'The current representatives, and the invitation'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

const leaveRepresentationRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.leaveRepresentation, base),
  tags,
  summary: 'Give up representing a sponsor yourself',
  request: { params: sponsorParams },
  responses: { 204: { description: 'Given up' }, ...errorResponses(401, 404) },
});

const removeRepresentativeRoute = createRoute({
  ...endpointRoute(sponsorEndpoints.removeRepresentative, base),
  tags,
  summary: 'Remove a representative',
  request: { params: z.object({ sponsorId: z.string(), userId: z.string() }) },
  responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
});

/** Mounted at /api: sponsors, booths, booth actions, leads, representatives and sponsor dashboards. */
export function sponsorRoutes() {
  const router = createRouter()
    .openapi(listRoute, async (c) => c.json(await listSponsors(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId), 200))
    .openapi(createSponsorRoute, async (c) =>
      c.json(await createSponsor(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('json')), 201),
    )
    .openapi(cardsRoute, async (c) => c.json({ sponsors: await listSponsorCards(c.get('ctx'), requireCaller(c)) }, 200))
    .openapi(myLeadsRoute, async (c) => c.json({ leads: await listMyLeads(c.get('ctx'), requireCaller(c)) }, 200))
    .openapi(withdrawMyLeadRoute, async (c) => {
      await withdrawMyLead(c.get('ctx'), requireCaller(c), c.req.valid('param').leadId);
      return c.body(null, 204);
    })
    .openapi(boothRoute, async (c) => c.json(await getBooth(c.get('ctx'), requireCaller(c), c.req.valid('param').sponsorId), 200))
    .openapi(updateSponsorRoute, async (c) =>
      c.json(await updateSponsor(c.get('ctx'), requireCaller(c), c.req.valid('param').sponsorId, c.req.valid('json')), 200),
    )
    .openapi(deleteSponsorRoute, async (c) => {
      await deleteSponsor(c.get('ctx'), requireCaller(c), c.req.valid('param').sponsorId);
      return c.body(null, 204);
    })
    .openapi(actionRoute, async (c) => {
      await recordAction(c.get('ctx'), requireCaller(c), c.req.valid('param').sponsorId, c.req.valid('json').action);
      return c.body(null, 204);
    })
    .openapi(leadRoute, async (c) =>
      c.json(await upsertLead(c.get('ctx'), requireCaller(c), c.req.valid('param').sponsorId, c.req.valid('json')), 200),
    )
    .openapi(withdrawLeadRoute, async (c) => {
      await withdrawLead(c.get('ctx'), requireCaller(c), c.req.valid('param').sponsorId);
      return c.body(null, 204);
    })
    .openapi(dashboardRoute, async (c) => c.json(await getDashboard(c.get('ctx'), requireCaller(c), c.req.valid('param').sponsorId), 200))
    .openapi(leadsRoute, async (c) =>
      c.json(await listLeads(c.get('ctx'), requireCaller(c), c.req.valid('param').sponsorId, c.req.valid('query')), 200),
    )
    .openapi(representativesRoute, async (c) =>
      c.json({ representatives: await listRepresentatives(c.get('ctx'), requireCaller(c), c.req.valid('param').sponsorId) }, 200),
    )
    .openapi(addRepresentativeRoute, async (c) =>
      c.json(await addRepresentative(c.get('ctx'), requireCaller(c), c.req.valid('param').sponsorId, c.req.valid('json').email), 200),
    )
    .openapi(leaveRepresentationRoute, async (c) => {
      await leaveRepresentation(c.get('ctx'), requireCaller(c), c.req.valid('param').sponsorId);
      return c.body(null, 204);
    })
    .openapi(removeRepresentativeRoute, async (c) => {
      const { sponsorId, userId } = c.req.valid('param');
      await removeRepresentative(c.get('ctx'), requireCaller(c), sponsorId, userId);
      return c.body(null, 204);
    });

  csvRoute(router, {
    path: '/sponsors/{sponsorId}/leads.csv',
    operationId: 'sponsors.leadsCsv',
    tags,
    summary: "The sponsor's leads as a CSV file (formula-safe), for those who see its dashboard",
    params: sponsorParams,
    load: async (c) => {
      const { companyName, leads } = await leadsForExport(c.get('ctx'), requireCaller(c), c.req.param('sponsorId') ?? '');
      return { fileName: leadsFileName(companyName), csv: leadsCsv(leads) };
    },
  });

  csvRoute(router, {
    path: '/events/{eventId}/sponsors.csv',
    operationId: 'sponsors.exportCsv',
    tags,
    summary: "The event's sponsors with representatives, leads and booth actions counted, as a CSV file (formula-safe), for the organizers",
    params: z.object({ eventId: z.string() }),
    load: (c) => sponsorsCsv(c.get('ctx'), requireCaller(c), c.req.param('eventId') ?? ''),
  });

  // The logo upload is multipart (field `logo`), read by http/logo-upload.ts.
  router.put(
    '/sponsors/:sponsorId/logo',
    logoUploadGate((c) => authorizeSponsorLogo(c.get('ctx'), requireCaller(c), c.req.param('sponsorId') ?? '')),
    async (c) => {
      const caller = requireCaller(c);
      const bytes = await readLogo(c);
      return c.json(await uploadSponsorLogo(c.get('ctx'), caller, c.req.param('sponsorId'), bytes), 200);
    },
  );
  documentRoute(router, {
    method: 'put',
    path: '/sponsors/{sponsorId}/logo',
    operationId: 'sponsors.uploadLogo',
    tags,
    summary: "Upload the sponsor's logo (organizers): multipart, the image in the field `logo`, re-encoded on arrival",
    request: { params: sponsorParams, body: multipartBody('logo') },
    responses: { 200: jsonResponse(sponsorSchema, 'The sponsor'), ...errorResponses(401, 403, 404, 413, 415) },
  });
  return router;
}
