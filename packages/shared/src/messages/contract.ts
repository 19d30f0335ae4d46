import { z } from 'zod';

// What the messages API answers. The server's routes answer with these schemas (the OpenAPI document names them by
// their id) and both apps infer their types from them.

export const messagePersonSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  jobTitle: z.string().nullable(),
  company: z.string().nullable(),
});
export type MessagePersonDto = z.output<typeof messagePersonSchema>;

export const messageSchema = z
  .object({ id: z.uuid(), senderId: z.uuid(), recipientId: z.uuid(), content: z.string(), read: z.boolean(), createdAt: z.string() })
  .meta({ id: 'Message' });
export type MessageDto = z.output<typeof messageSchema>;

export const conversationSchema = z.object({
  user: messagePersonSchema,
  lastMessage: z.object({ content: z.string(), createdAt: z.string(), fromMe: z.boolean() }),
  unreadCount: z.number().int(),
});
export type ConversationDto = z.output<typeof conversationSchema>;

/** GET /api/messages/conversations: newest first. */
export const conversationsSchema = z.object({ conversations: z.array(conversationSchema) });

/** GET /api/messages/unread-count: the header's Messages badge. */
export const unreadCountSchema = z.object({ unread: z.number().int() });

export const threadSchema = z
  .object({
    user: messagePersonSchema,
    /** Oldest first; `nextCursor` fetches older ones. */
    messages: z.array(messageSchema),
    nextCursor: z.string().nullable(),
    /** The caller blocked this person. */
    blocked: z.boolean(),
  })
  .meta({ id: 'Thread' });
export type ThreadDto = z.output<typeof threadSchema>;

/** POST /api/messages/with/{userId}/read: how many messages it marked. */
export const markReadSchema = z.object({ updated: z.number().int() });

export const blockedSchema = z.object({ blocked: z.literal(true) });
export const unblockedSchema = z.object({ blocked: z.literal(false) });
