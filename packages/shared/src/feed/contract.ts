import { z } from 'zod';
import { MEDIA_TYPES } from '../core/constants.ts';

// What the feed API answers. The server's routes answer with these schemas (the OpenAPI document names them by their
// id) and both apps infer their types from them.

export const feedPostSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    author: z.object({ id: z.uuid(), fullName: z.string(), company: z.string().nullable(), avatarUrl: z.string().nullable() }),
    content: z.string(),
    isPinned: z.boolean(),
    mediaUrl: z.string().nullable(),
    mediaType: z.enum(MEDIA_TYPES).nullable(),
    createdAt: z.string(),
    likes: z.number().int(),
    isLiked: z.boolean(),
    /** The caller may delete it: its author or an organizer. */
    canDelete: z.boolean(),
  })
  .meta({ id: 'FeedPost' });
export type FeedPostDto = z.output<typeof feedPostSchema>;

export const feedPageSchema = z
  .object({
    event: z.object({ id: z.uuid(), name: z.string() }),
    /** Pin, unpin and remove any post: the event's organizers. */
    canModerate: z.boolean(),
    posts: z.array(feedPostSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'FeedPage' });
export type FeedPageDto = z.output<typeof feedPageSchema>;

export const likeResultSchema = z.object({ postId: z.uuid(), likes: z.number().int(), isLiked: z.boolean() }).meta({ id: 'FeedLike' });
export type LikeResultDto = z.output<typeof likeResultSchema>;
