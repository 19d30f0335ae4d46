import { z } from 'zod';
import { MAIL_STATUSES } from '../core/constants.ts';

// What the development mailbox answers. The server's route answers with these schemas (the OpenAPI document names
// them by their id) and both apps infer their types from them.

/** An outbox row's status (the database's check uses the same list). */
export const mailStatusSchema = z.enum(MAIL_STATUSES);
export type MailStatus = z.output<typeof mailStatusSchema>;

export const outboxMessageSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    status: mailStatusSchema,
    error: z.string().nullable(),
    createdAt: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'OutboxMessage' });
export type MailboxMessage = z.output<typeof outboxMessageSchema>;

export const outboxSchema = z.object({ messages: z.array(outboxMessageSchema) });
