import { del, get, post, put } from '../core/endpoint.ts';
import type {
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
} from './contract.ts';
import type { leadInputSchema, representativeInputSchema, sponsorActionInputSchema, sponsorInputSchema } from './inputs.ts';

/**
 * The sponsors API. Not JSON, so not here: the leads CSV (`/api/sponsors/{sponsorId}/leads.csv`, a download link).
 * The logo upload is multipart (FormData, field `logo`).
 */
export const sponsorEndpoints = {
  list: get<typeof sponsorListSchema>('/api/events/{eventId}/sponsors'),
  create: post<typeof sponsorSchema, typeof sponsorInputSchema>('/api/events/{eventId}/sponsors'),
  cards: get<typeof sponsorCardsSchema>('/api/sponsors'),
  myLeads: get<typeof myLeadsSchema>('/api/me/leads'),
  withdrawMyLead: del('/api/me/leads/{leadId}'),
  booth: get<typeof boothSchema>('/api/sponsors/{sponsorId}'),
  update: put<typeof sponsorSchema, typeof sponsorInputSchema>('/api/sponsors/{sponsorId}'),
  remove: del('/api/sponsors/{sponsorId}'),
  uploadLogo: put<typeof sponsorSchema>('/api/sponsors/{sponsorId}/logo'),
  action: post<undefined, typeof sponsorActionInputSchema>('/api/sponsors/{sponsorId}/actions'),
  lead: put<typeof leadUpsertSchema, typeof leadInputSchema>('/api/sponsors/{sponsorId}/lead'),
  withdrawLead: del('/api/sponsors/{sponsorId}/lead'),
  dashboard: get<typeof sponsorDashboardSchema>('/api/sponsors/{sponsorId}/dashboard'),
  leads: get<typeof leadPageSchema>('/api/sponsors/{sponsorId}/leads'),
  representatives: get<typeof representativesSchema>('/api/sponsors/{sponsorId}/representatives'),
  addRepresentative: post<typeof representativeAddedSchema, typeof representativeInputSchema>('/api/sponsors/{sponsorId}/representatives'),
  removeRepresentative: del('/api/sponsors/{sponsorId}/representatives/{userId}'),
  leaveRepresentation: del('/api/me/sponsor-representations/{sponsorId}'),
};
