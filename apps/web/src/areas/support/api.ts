import { supportEndpoints } from '@mingle/shared/support/endpoints';
import type { ContactInput, TicketInput } from '@mingle/shared/support/inputs';
import { call } from '@/lib/api';

export const createTicket = (input: TicketInput) => call(supportEndpoints.createTicket, { body: input });

/** The contact form: no sign-in needed. */
export const sendContact = (input: ContactInput) => call(supportEndpoints.contact, { body: input });
