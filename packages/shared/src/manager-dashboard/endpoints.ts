import { del, get, post } from '../core/endpoint.ts';
import type { ticketPageSchema, ticketSchema } from '../support/contract.ts';
import type { promoteInputSchema } from '../volunteers/inputs.ts';
import type {
  directoryUserPageSchema,
  eventVolunteersSchema,
  goodieRecipientPageSchema,
  managerOverviewSchema,
  promotionSchema,
} from './contract.ts';
import type { managerTicketActionInputSchema } from './inputs.ts';

/** The Event Manager Dashboard API; the paged lists take `?cursor=`. */
export const managerDashboardEndpoints = {
  overview: get<typeof managerOverviewSchema>('/api/manager/overview'),
  recipients: get<typeof goodieRecipientPageSchema>('/api/manager/goodie-recipients'),
  volunteers: get<typeof eventVolunteersSchema>('/api/manager/volunteers'),
  users: get<typeof directoryUserPageSchema>('/api/manager/users'),
  promote: post<typeof promotionSchema, typeof promoteInputSchema>('/api/events/{eventId}/co-owners'),
  removeCoOwner: del('/api/events/{eventId}/co-owners/{userId}'),
  leaveCoOwnership: del('/api/me/co-ownerships/{eventId}'),
  tickets: get<typeof ticketPageSchema>('/api/manager/tickets'),
  ticketAction: post<typeof ticketSchema, typeof managerTicketActionInputSchema>('/api/manager/tickets/{ticketId}/status'),
};
