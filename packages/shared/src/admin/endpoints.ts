import { get, post, put } from '../core/endpoint.ts';
import type { ticketPageSchema, ticketSchema } from '../support/contract.ts';
import type { ticketActionInputSchema, userRolesInputSchema } from '../support/inputs.ts';
import type { adminEventPageSchema, adminStatsSchema, adminUserPageSchema, queueHealthSchema, userRolesSchema } from './contract.ts';

/** The Super Admin Dashboard API; the paged lists take `?cursor=` (users also `q`, `sort`, `dir`, `limit`). */
export const adminEndpoints = {
  stats: get<typeof adminStatsSchema>('/api/admin/stats'),
  queue: get<typeof queueHealthSchema>('/api/admin/queue'),
  users: get<typeof adminUserPageSchema>('/api/admin/users'),
  setRoles: put<typeof userRolesSchema, typeof userRolesInputSchema>('/api/admin/users/{userId}/roles'),
  events: get<typeof adminEventPageSchema>('/api/admin/events'),
  tickets: get<typeof ticketPageSchema>('/api/admin/tickets'),
  ticketAction: post<typeof ticketSchema, typeof ticketActionInputSchema>('/api/admin/tickets/{ticketId}/status'),
};
