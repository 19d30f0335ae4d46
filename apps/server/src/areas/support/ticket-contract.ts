import { z } from '@hono/zod-openapi';
import { TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from '@mingle/shared/core/constants';

/** A support ticket as the API answers it: the support area creates tickets, the admin area manages them. */
export const ticketSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid().nullable(),
    eventId: z.uuid().nullable().openapi({ description: 'The event it was filed about (its organizers handle it); null: super admins only' }),
    userEmail: z.string(),
    userFullName: z.string(),
    userPhone: z.string().nullable(),
    subject: z.string(),
    description: z.string(),
    ticketType: z.enum(TICKET_TYPES),
    status: z.enum(TICKET_STATUSES),
    priority: z.enum(TICKET_PRIORITIES),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('SupportTicket');
