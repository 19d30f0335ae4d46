import { z } from 'zod';
import { TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from '../core/constants.ts';

// What the support API answers. The server's routes answer with these schemas (the OpenAPI document names them by
// their id) and both apps infer their types from them.

/** A support ticket as the API answers it: the support area creates tickets, the admin area manages them. */
export const ticketSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid().nullable(),
    /** The event it was filed about (decision 0092); null: a platform ticket. */
    eventId: z.uuid().nullable().meta({ description: 'The event it was filed about (its organizers handle it); null: super admins only' }),
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
  .meta({ id: 'SupportTicket' });
export type TicketDto = z.output<typeof ticketSchema>;
export const ticketPageSchema = z.object({ items: z.array(ticketSchema), nextCursor: z.string().nullable() });

export const contactSubmissionSchema = z
  .object({ id: z.uuid(), fullName: z.string(), email: z.string(), message: z.string(), status: z.string(), createdAt: z.string() })
  .meta({ id: 'ContactSubmission' });
export type ContactSubmissionDto = z.output<typeof contactSubmissionSchema>;
export const contactSubmissionPageSchema = z.object({ items: z.array(contactSubmissionSchema), nextCursor: z.string().nullable() });
