import { get, post } from '../core/endpoint.ts';
import type {
  acceptedInvitationSchema,
  invitableEventsSchema,
  invitationPageSchema,
  invitationSendResultsSchema,
  myInvitationsSchema,
  resendResultSchema,
} from './contract.ts';
import type { acceptInvitationInputSchema, sendInvitationsInputSchema } from './inputs.ts';

/** The invitations API: `list` takes `?cursor=`. */
export const invitationEndpoints = {
  events: get<typeof invitableEventsSchema>('/api/invitations/events'),
  send: post<typeof invitationSendResultsSchema, typeof sendInvitationsInputSchema>('/api/invitations'),
  list: get<typeof invitationPageSchema>('/api/events/{eventId}/invitations'),
  resend: post<typeof resendResultSchema>('/api/invitations/{invitationId}/resend'),
  revoke: post('/api/invitations/{invitationId}/revoke'),
  mine: get<typeof myInvitationsSchema>('/api/me/invitations'),
  acceptMine: post<typeof acceptedInvitationSchema>('/api/me/invitations/{invitationId}/accept'),
  declineMine: post('/api/me/invitations/{invitationId}/decline'),
  /** With the token of an invitation's link. */
  accept: post<typeof acceptedInvitationSchema, typeof acceptInvitationInputSchema>('/api/invitation-acceptances'),
};
