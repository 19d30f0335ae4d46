import { get, post } from '../core/endpoint.ts';
import type { contactSubmissionPageSchema, ticketSchema } from './contract.ts';
import type { contactInputSchema, ticketInputSchema } from './inputs.ts';

/** The support API: tickets, the contact form, and its submissions for super admins (`?cursor=`). */
export const supportEndpoints = {
  createTicket: post<typeof ticketSchema, typeof ticketInputSchema>('/api/support/tickets'),
  contact: post<undefined, typeof contactInputSchema>('/api/contact'),
  contactSubmissions: get<typeof contactSubmissionPageSchema>('/api/admin/contact-submissions'),
};
