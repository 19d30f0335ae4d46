import { createRoute, z } from '@hono/zod-openapi';
import { sendMessageSchema } from '@mingle/shared/messages/inputs';
import { requireCaller } from '../../auth/guards.ts';
import { createRouter } from '../../http/env.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { blockUser, getThread, listConversations, markRead, sendMessage, unblockUser, unreadCount } from './service.ts';

const tags = ['Messages'];
const person = z.object({
  id: z.uuid(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  jobTitle: z.string().nullable(),
  company: z.string().nullable(),
});
const messageSchema = z
  .object({ id: z.uuid(), senderId: z.uuid(), recipientId: z.uuid(), content: z.string(), read: z.boolean(), createdAt: z.string() })
  .openapi('Message');
const userParams = z.object({ userId: z.string() });

const conversationsRoute = createRoute({
  method: 'get',
  path: '/messages/conversations',
  tags,
  summary: "The caller's conversations, newest first, with the other person and the unread count",
  responses: {
    200: jsonResponse(
      z.object({
        conversations: z.array(
          z.object({
            user: person,
            lastMessage: z.object({ content: z.string(), createdAt: z.string(), fromMe: z.boolean() }),
            unreadCount: z.number().int(),
          }),
        ),
      }),
      'Conversations',
    ),
    ...errorResponses(401),
  },
});

const unreadRoute = createRoute({
  method: 'get',
  path: '/messages/unread-count',
  tags,
  summary: "How many messages sent to the caller are unread (the header's Messages badge)",
  responses: { 200: jsonResponse(z.object({ unread: z.number().int() }), 'Unread messages'), ...errorResponses(401) },
});

const threadRoute = createRoute({
  method: 'get',
  path: '/messages/with/{userId}',
  tags,
  summary: 'The thread with one person, newest page first (oldest first inside); cursor pages to older messages',
  request: { params: userParams, query: z.object({ cursor: z.string().max(500).optional() }) },
  responses: {
    200: jsonResponse(
      z.object({ user: person, messages: z.array(messageSchema), nextCursor: z.string().nullable(), blocked: z.boolean() }).openapi('Thread'),
      'The thread',
    ),
    ...errorResponses(400, 401, 404),
  },
});

const readRoute = createRoute({
  method: 'post',
  path: '/messages/with/{userId}/read',
  tags,
  summary: 'Mark what this person sent the caller as read',
  request: { params: userParams },
  responses: { 200: jsonResponse(z.object({ updated: z.number().int() }), 'Marked'), ...errorResponses(401, 404) },
});

const sendRoute = createRoute({
  method: 'post',
  path: '/messages',
  tags,
  summary: 'Send a message to someone you share a networking-enabled event with or are connected to (rate limited)',
  request: { body: jsonBody(sendMessageSchema) },
  responses: { 201: jsonResponse(messageSchema, 'Sent'), ...errorResponses(400, 401, 403, 429) },
});

const blockRoute = createRoute({
  method: 'put',
  path: '/blocks/{userId}',
  tags,
  summary: 'Block a user: they can no longer message the caller',
  request: { params: userParams },
  responses: { 200: jsonResponse(z.object({ blocked: z.literal(true) }), 'Blocked'), ...errorResponses(400, 401, 404) },
});

const unblockRoute = createRoute({
  method: 'delete',
  path: '/blocks/{userId}',
  tags,
  summary: 'Unblock a user',
  request: { params: userParams },
  responses: { 200: jsonResponse(z.object({ blocked: z.literal(false) }), 'Unblocked'), ...errorResponses(401, 404) },
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
