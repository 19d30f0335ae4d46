import { createRoute, z } from '@hono/zod-openapi';
import { feedPageSchema, feedPostSchema, likeResultSchema } from '@mingle/shared/feed/contract';
import { feedEndpoints } from '@mingle/shared/feed/endpoints';
import {
  FEED_LIMITS,
  FEED_MEDIA_TYPE_MESSAGE,
  FEED_VIDEO_SIZE_MESSAGE,
  feedContentSchema,
  feedPinInputSchema,
  feedPostInputSchema,
} from '@mingle/shared/feed/inputs';
import { requireCaller } from '../../platform/auth/guards.ts';
import { createRouter } from '../../platform/http/env.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { csvRoute, documentRoute, endpointRoute, errorResponses, jsonBody, jsonResponse, multipartBody } from '../../platform/http/openapi.ts';
import { uploadGate } from '../../platform/http/upload-gate.ts';
import { authorizeFeedPost, createPost, deletePost, listFeed, setLike, setPinned } from './service.ts';
import { feedCsv } from './export.ts';

const base = '/api';
const tags = ['Feed'];

const eventParams = z.object({ eventId: z.string() });
const postParams = z.object({ postId: z.string() });

const listRoute = createRoute({
  ...endpointRoute(feedEndpoints.list, base),
  tags,
  summary: "A page of the event's feed, pinned first then newest (the event's participants)",
  request: {
    params: eventParams,
    query: z.object({ cursor: z.string().optional(), limit: z.coerce.number().int().min(1).max(100).optional() }),
  },
  responses: {
    200: jsonResponse(feedPageSchema, 'Posts'),
    ...errorResponses(400, 401, 404),
  },
});

const createRouteDef = createRoute({
  ...endpointRoute(feedEndpoints.create, base),
  tags,
  summary: 'Post to the feed (the event’s participants). With media: POST /events/{eventId}/feed/media as multipart',
  request: { params: eventParams, body: jsonBody(feedPostInputSchema) },
  responses: { 201: jsonResponse(feedPostSchema, 'The new post'), ...errorResponses(400, 401, 404) },
});

const likeRoute = createRoute({
  ...endpointRoute(feedEndpoints.like, base),
  tags,
  summary: 'Like a post (idempotent)',
  request: { params: postParams },
  responses: { 200: jsonResponse(likeResultSchema, 'The like count'), ...errorResponses(401, 404) },
});

const unlikeRoute = createRoute({
  ...endpointRoute(feedEndpoints.unlike, base),
  tags,
  summary: 'Remove the caller’s like (idempotent)',
  request: { params: postParams },
  responses: { 200: jsonResponse(likeResultSchema, 'The like count'), ...errorResponses(401, 404) },
});

const pinRoute = createRoute({
  ...endpointRoute(feedEndpoints.pin, base),
  tags,
  summary: 'Pin or unpin a post (the event’s owner, co-owners, super admins)',
  request: { params: postParams, body: jsonBody(feedPinInputSchema) },
  responses: { 200: jsonResponse(feedPostSchema, 'The post'), ...errorResponses(400, 401, 403, 404) },
});

const deleteRoute = createRoute({
  ...endpointRoute(feedEndpoints.remove, base),
  tags,
  summary: 'Delete a post (its author) or remove it (the event’s organizers)',
  request: { params: postParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
});

/** Mounted at /api: the event feed, likes, pins. */
export function feedRoutes() {
  const router = createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listFeed(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('query')), 200),
    )
    .openapi(createRouteDef, async (c) =>
      c.json(await createPost(c.get('ctx'), requireCaller(c), c.req.valid('param').eventId, c.req.valid('json').content), 201),
    )
    .openapi(likeRoute, async (c) => c.json(await setLike(c.get('ctx'), requireCaller(c), c.req.valid('param').postId, true), 200))
    .openapi(unlikeRoute, async (c) => c.json(await setLike(c.get('ctx'), requireCaller(c), c.req.valid('param').postId, false), 200))
    .openapi(pinRoute, async (c) =>
      c.json(await setPinned(c.get('ctx'), requireCaller(c), c.req.valid('param').postId, c.req.valid('json').isPinned), 200),
    )
    .openapi(deleteRoute, async (c) => {
      await deletePost(c.get('ctx'), requireCaller(c), c.req.valid('param').postId);
      return c.body(null, 204);
    });

  csvRoute(router, {
    path: '/events/{eventId}/feed.csv',
    operationId: 'feed.exportCsv',
    tags,
    summary: "The feed's posts (author, time, text, media, likes, pinned) as a CSV file (formula-safe), for the organizers",
    params: eventParams,
    load: (c) => feedCsv(c.get('ctx'), requireCaller(c), c.req.param('eventId') ?? ''),
  });

  // A post with an image or a video: multipart (fields `content` and `media`); the type is read from the bytes.
  router.post(
    '/events/:eventId/feed/media',
    uploadGate({
      maxBytes: FEED_LIMITS.videoBytes + 64 * 1024,
      sizeMessage: FEED_VIDEO_SIZE_MESSAGE,
      authorize: (c) => authorizeFeedPost(c.get('ctx'), requireCaller(c), c.req.param('eventId') ?? ''),
    }),
    async (c) => {
      const caller = requireCaller(c);
      const form = await c.req.parseBody().catch(() => {
        throw new HttpError(415, 'unsupported_media_type', FEED_MEDIA_TYPE_MESSAGE);
      });
      const content = feedContentSchema.safeParse(typeof form.content === 'string' ? form.content : '');
      if (!content.success) throw new HttpError(400, 'validation_failed', content.error.issues[0]?.message ?? 'Invalid input');
      const file = form.media;
      const media = file instanceof File ? { bytes: new Uint8Array(await file.arrayBuffer()) } : null;
      return c.json(await createPost(c.get('ctx'), caller, c.req.param('eventId'), content.data, media), 201);
    },
  );
  documentRoute(router, {
    method: 'post',
    path: '/events/{eventId}/feed/media',
    operationId: 'feed.createWithMedia',
    tags,
    summary: 'Post to the feed with an image or a video: multipart, the file in `media` and the text in `content`',
    request: { params: eventParams, body: multipartBody('media', { content: 'The post’s text' }) },
    responses: { 201: jsonResponse(feedPostSchema, 'The new post'), ...errorResponses(400, 401, 403, 404, 413, 415) },
  });
  return router;
}
