import { DASHBOARD_TICKET_TYPES, SUPPORT_PAGE_TICKET_TYPES, ticketInputSchema } from '@mingle/shared/support/inputs';

// The two ticket forms (spec 02 "Support ticket"): the shared schema's fields, limits and messages, each form narrowed
// to the types it offers (`extract` keeps the shared 'Please choose a ticket type'). The server takes both at one route.

const types = ticketInputSchema.shape.ticketType;

/** The dashboard form: support, bug, feedback to developers, feature request. */
export const dashboardTicketSchema = ticketInputSchema.extend({ ticketType: types.extract(DASHBOARD_TICKET_TYPES) });

/** The support page: incident or feedback, chosen on its cards. */
export const supportPageTicketSchema = ticketInputSchema.extend({ ticketType: types.extract(SUPPORT_PAGE_TICKET_TYPES) });

