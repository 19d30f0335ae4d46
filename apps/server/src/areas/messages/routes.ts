import { createRoute, z } from '@hono/zod-openapi';
import {
  blockedSchema,
  conversationsSchema,
  markReadSchema,
  messageSchema,
  threadSchema,
  unblockedSchema,
  unreadCountSchema,
} from '@mingle/shared/messages/contract';
import { messageEndpoints } from '@mingle/shared/messages/endpoints';
import { sendMessageSchema } from '@mingle/shared/messages/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import { blockUser, getThread, listConversations, markRead, sendMessage, unblockUser, unreadCount } from './service.ts';

const base = '/api';
const tags = ['Messages'];
const userParams = z.object({ userId: z.string() });

const conversationsRoute = createRoute({
  ...endpointRoute(messageEndpoints.conversations, base),
  tags,
  summary: "The caller's conversations, newest first, with the other person and the unread count",
  responses: {
    200: jsonResponse(conversationsSchema, 'Conversations'),
    ...errorResponses(401),
  },
});

const unreadRoute = createRoute({
  ...endpointRoute(messageEndpoints.unreadCount, base),
  tags,
  summary: "How many messages sent to the caller are unread (the header's Messages badge)",
  responses: { 200: jsonResponse(unreadCountSchema, 'Unread messages'), ...errorResponses(401) },
});

const threadRoute = createRoute({
  ...endpointRoute(messageEndpoints.thread, base),
  tags,
  summary: 'The thread with one person, newest page first (oldest first inside); cursor pages to older messages',
  request: { params: userParams, query: z.object({ cursor: z.string().max(500).optional() }) },
  responses: {
    200: jsonResponse(threadSchema, 'The thread'),
    ...errorResponses(400, 401, 404),
  },
});

const readRoute = createRoute({
  ...endpointRoute(messageEndpoints.markRead, base),
  tags,
  summary: 'Mark what this person sent the caller as read',
  request: { params: userParams },
  responses: { 200: jsonResponse(markReadSchema, 'Marked'), ...errorResponses(401, 404) },
});

const sendRoute = createRoute({
  ...endpointRoute(messageEndpoints.send, base),
  tags,
  summary: 'Send a message to someone you share a networking-enabled event with or are connected to (rate limited)',
  request: { body: jsonBody(sendMessageSchema) },
  responses: { 201: jsonResponse(messageSchema, 'Sent'), ...errorResponses(400, 401, 403, 429) },
});

const blockRoute = createRoute({
  ...endpointRoute(messageEndpoints.block, base),
  tags,
  summary: 'Block a user: they can no longer message the caller',
  request: { params: userParams },
  responses: { 200: jsonResponse(blockedSchema, 'Blocked'), ...errorResponses(400, 401, 404) },
});

const unblockRoute = createRoute({
  ...endpointRoute(messageEndpoints.unblock, base),
  tags,
  summary: 'Unblock a user',
  request: { params: userParams },
  responses: { 200: jsonResponse(unblockedSchema, 'Unblocked'), ...errorResponses(401, 404) },
});

/** Mounted at /api: conversations, threads, sending, read marking and blocking. */
export function messageRoutes() {
  return createRouter()
    .openapi(conversationsRoute, async (c) => c.json({ conversations: await listConversations(c.get('ctx'), requireCaller(c)) }, 200))
    .openapi(unreadRoute, async (c) => c.json(await unreadCount(c.get('ctx'), requireCaller(c)), 200))
    .openapi(threadRoute, async (c) =>
      c.json(await getThread(c.get('ctx'), requireCaller(c), c.req.valid('param').userId, c.req.valid('query').cursor), 200),
    )
    .openapi(readRoute, async (c) => c.json(await markRead(c.get('ctx'), requireCaller(c), c.req.valid('param').userId), 200))
    .openapi(sendRoute, async (c) => c.json(await sendMessage(c.get('ctx'), requireCaller(c), c.req.valid('json')), 201))
    .openapi(blockRoute, async (c) => c.json(await blockUser(c.get('ctx'), requireCaller(c), c.req.valid('param').userId), 200))
    .openapi(unblockRoute, async (c) => c.json(await unblockUser(c.get('ctx'), requireCaller(c), c.req.valid('param').userId), 200));
}
