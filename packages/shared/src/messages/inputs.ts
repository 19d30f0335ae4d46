import { z } from 'zod';

// Spec 02 "Messages", section 5 "Direct message" and section 8's messages; what the API answers is in
// contract.ts.

export const MESSAGE_LIMITS = { max: 10_000, warnAfter: 9_000, pageSize: 50, sendPerMinute: 30 } as const;

export const MESSAGE_MESSAGES = {
  empty: 'Message cannot be empty',
  tooLong: 'Message must be less than 10,000 characters',
  cannotSend: 'Cannot send message to this user',
  sendFailed: 'Failed to send message',
  loadConversations: 'Failed to load conversations',
  loadMessages: 'Failed to load messages',
  blocked: 'User blocked successfully',
  blockFailed: 'Failed to block user',
  noConversations: 'No conversations yet',
  selectConversation: 'Select a conversation to start messaging',
  tooMany: 'You are sending messages too quickly. Please wait a moment.',
} as const;

export const messageContentSchema = z
  .string({ error: MESSAGE_MESSAGES.empty })
  .trim()
  .min(1, MESSAGE_MESSAGES.empty)
  .max(MESSAGE_LIMITS.max, MESSAGE_MESSAGES.tooLong);

export const sendMessageSchema = z.object({ recipientId: z.uuid('User not found'), content: messageContentSchema });
