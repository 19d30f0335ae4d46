import { z } from 'zod';
import { NUL_CHARACTER_MESSAGE } from '../core/constants.ts';
import { msg } from '../core/messages.ts';

// Spec 02 "Event Feed" with its exact messages (section 5 "Feed post", section 8 toasts); what the API answers is in contract.ts.

export const FEED_LIMITS = {
  /** Spec 02 section 9: a post is up to 5000 characters. */
  contentMax: 5000,
  imageBytes: 5 * 1024 * 1024,
  /** Ours (the spec states none): a short clip, not a film. */
  videoBytes: 50 * 1024 * 1024,
  pageSize: 20,
} as const;

export const FEED_CONTENT_EMPTY_MESSAGE = msg('Content cannot be empty');
export const FEED_CONTENT_MAX_MESSAGE = msg('Post must be less than 5000 characters');
export const FEED_MEDIA_TYPE_MESSAGE = msg('Please select a JPG, PNG or WebP image, or an MP4 or WebM video');
export const FEED_IMAGE_SIZE_MESSAGE = msg('Image size must be less than 5MB');
export const FEED_VIDEO_SIZE_MESSAGE = msg('Video size must be less than 50MB');
export const POST_NOT_FOUND_MESSAGE = msg('Post not found');

export const feedMessages = {
  loadFailed: 'Failed to load event feed',
  validation: 'Validation Error',
  created: 'Post created successfully',
  createFailed: 'Failed to create post',
  likeFailed: 'Failed to update like',
  empty: 'No posts yet. Be the first to share!',
} as const;

/** The post's text: trimmed, 1 to 5000 characters. */
export const feedContentSchema = z
  .string({ error: FEED_CONTENT_EMPTY_MESSAGE })
  .trim()
  .min(1, FEED_CONTENT_EMPTY_MESSAGE)
  .max(FEED_LIMITS.contentMax, FEED_CONTENT_MAX_MESSAGE)
  // The JSON route is covered by the API's guard (platform/http/json-guard.ts); a post with media is multipart.
  .refine((content) => !content.includes('\0'), NUL_CHARACTER_MESSAGE);

export const feedPostInputSchema = z.object({ content: feedContentSchema });
export type FeedPostInput = z.infer<typeof feedPostInputSchema>;

/** Pin or unpin a post. */
export const feedPinInputSchema = z.object({ isPinned: z.boolean() });
