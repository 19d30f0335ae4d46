import { del, get, post, put } from '../core/endpoint.ts';
import type {
  blockedSchema,
  conversationsSchema,
  markReadSchema,
  messageSchema,
  threadSchema,
  unblockedSchema,
  unreadCountSchema,
} from './contract.ts';
import type { sendMessageSchema } from './inputs.ts';

/** The messages API: `thread` takes `?cursor=` for older messages. */
export const messageEndpoints = {
  conversations: get<typeof conversationsSchema>('/api/messages/conversations'),
  unreadCount: get<typeof unreadCountSchema>('/api/messages/unread-count'),
  thread: get<typeof threadSchema>('/api/messages/with/{userId}'),
  markRead: post<typeof markReadSchema>('/api/messages/with/{userId}/read'),
  send: post<typeof messageSchema, typeof sendMessageSchema>('/api/messages'),
  block: put<typeof blockedSchema>('/api/blocks/{userId}'),
  unblock: del<typeof unblockedSchema>('/api/blocks/{userId}'),
};
