import { z } from 'zod';
import { msg } from '../core/messages.ts';

// Spec 02 "Messages", section 5 "Direct message" and section 8's messages; what the API answers is in
// contract.ts.

export const MESSAGE_LIMITS = { max: 10_000, warnAfter: 9_000, pageSize: 50, sendPerMinute: 30 } as const;

export const MESSAGE_MESSAGES = {
  empty: msg('Message cannot be empty'),
  tooLong: msg('Message must be less than 10,000 characters'),
  cannotSend: msg('Cannot send message to this user'),
  sendFailed: msg('Failed to send message'),
  loadConversations: msg('Failed to load conversations'),
  loadMessages: msg('Failed to load messages'),
  blocked: msg('User blocked successfully'),
  blockFailed: msg('Failed to block user'),
  noConversations: msg('No conversations yet'),
  selectConversation: msg('Select a conversation to start messaging'),
  tooMany: msg('You are sending messages too quickly. Please wait a moment.'),
} as const;

export const messageContentSchema = z
  .string({ error: MESSAGE_MESSAGES.empty })
  .trim()
  .min(1, MESSAGE_MESSAGES.empty)
  .max(MESSAGE_LIMITS.max, MESSAGE_MESSAGES.tooLong);

export const sendMessageSchema = z.object({ recipientId: z.uuid(msg('User not found')), content: messageContentSchema });
