import { del, get, post, put } from '../core/endpoint.ts';
import type { feedPageSchema, feedPostSchema, likeResultSchema } from './contract.ts';
import type { feedPinInputSchema, feedPostInputSchema } from './inputs.ts';

/** The feed API: `list` takes `?cursor=&limit=`; `createWithMedia` is multipart (fields `content` and `media`). */
export const feedEndpoints = {
  list: get<typeof feedPageSchema>('/api/events/{eventId}/feed'),
  create: post<typeof feedPostSchema, typeof feedPostInputSchema>('/api/events/{eventId}/feed'),
  createWithMedia: post<typeof feedPostSchema>('/api/events/{eventId}/feed/media'),
  like: put<typeof likeResultSchema>('/api/feed/{postId}/like'),
  unlike: del<typeof likeResultSchema>('/api/feed/{postId}/like'),
  pin: put<typeof feedPostSchema, typeof feedPinInputSchema>('/api/feed/{postId}/pin'),
  remove: del('/api/feed/{postId}'),
};
