import { and, eq, sql } from 'drizzle-orm';
import { liveTopics } from '@mingle/shared/core/live';
import {
  FEED_IMAGE_SIZE_MESSAGE,
  FEED_LIMITS,
  FEED_MEDIA_TYPE_MESSAGE,
  FEED_VIDEO_SIZE_MESSAGE,
  POST_NOT_FOUND_MESSAGE,
} from '@mingle/shared/feed/inputs';
import type { FeedPageDto, FeedPostDto, LikeResultDto } from '@mingle/shared/feed/contract';
import type { MediaType } from '@mingle/shared/core/constants';
import type { Caller } from '../../platform/auth/caller.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { eventAnalytics } from '../../platform/db/schema/analytics.ts';
import { eventFeed, eventFeedLikes } from '../../platform/db/schema/engagement.ts';
import { events } from '../../platform/db/schema/events.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { booleanKey, keyset, timestampKey, uuidKey } from '../../platform/http/keyset.ts';
import { announceEventAnalytics, recordEventMetric } from '../analytics/index.ts';
import { videoFormatOf } from '../../platform/storage/storage.ts';
import { recordStoredFile, releaseStoredFile } from '../../platform/storage/file-records.ts';
import { assertEventPermission, canManageEvent, canParticipate, type EventRelation, loadEventRelation } from '../event-access/index.ts';
import { queueWebhooks } from '../webhooks/index.ts';
import { isUuid, qualified } from '../../platform/db/sql.ts';
import { msg } from '@mingle/shared/core/messages';

const likeCount = sql<number>`(select count(*)::int from ${eventFeedLikes} where ${qualified(eventFeedLikes.feedId)} = ${qualified(eventFeed.id)})`;
const likedBy = (userId: string) =>
  sql<boolean>`exists (select 1 from ${eventFeedLikes} where ${qualified(eventFeedLikes.feedId)} = ${qualified(eventFeed.id)} and ${qualified(eventFeedLikes.userId)} = ${userId}::uuid)`;

function postColumns(userId: string) {
  return {
    id: eventFeed.id,
    eventId: eventFeed.eventId,
    authorId: eventFeed.authorId,
    fullName: profiles.fullName,
    company: profiles.companyOrInstitution,
    avatarUrl: profiles.avatarUrl,
    content: eventFeed.content,
    isPinned: eventFeed.isPinned,
    mediaUrl: eventFeed.mediaUrl,
    mediaType: eventFeed.mediaType,
    createdAt: eventFeed.createdAt,
    likes: likeCount,
    isLiked: likedBy(userId),
  };
}

type PostRow = {
  id: string;
  eventId: string;
  authorId: string;
  fullName: string | null;
  company: string | null;
  avatarUrl: string | null;
  content: string;
  isPinned: boolean;
  mediaUrl: string | null;
  mediaType: MediaType | null;
  createdAt: Date;
  likes: number;
  isLiked: boolean;
};

/** The one place a post becomes JSON. */
function toPostDto(row: PostRow, caller: Caller, canModerate: boolean): FeedPostDto {
  return {
    id: row.id,
    eventId: row.eventId,
    author: { id: row.authorId, fullName: row.fullName ?? 'Mingle member', company: row.company, avatarUrl: row.avatarUrl },
    content: row.content,
    isPinned: row.isPinned,
    mediaUrl: row.mediaUrl,
    mediaType: row.mediaType,
    createdAt: row.createdAt.toISOString(),
    likes: Number(row.likes),
    isLiked: Boolean(row.isLiked),
    canDelete: canModerate || row.authorId === caller.userId,
  };
}

/** The caller may post in this event's feed (checked before a media upload's body is read); throws 401/403/404. */
export async function authorizeFeedPost(ctx: AppContext, caller: Caller, eventId: string): Promise<void> {
  await feedGate(ctx, caller, eventId);
}

async function feedGate(ctx: AppContext, caller: Caller, eventId: string): Promise<EventRelation> {
  const relation = await loadEventRelation(ctx.db, caller, eventId);
  assertEventPermission(caller, relation, canParticipate);
  return relation;
}

/** A post with its event and the caller's relation to that event; 404 when missing or not the caller's event. */
async function postGate(ctx: AppContext, caller: Caller, postId: string) {
  if (!isUuid(postId)) throw notFound(POST_NOT_FOUND_MESSAGE);
  const [post] = await ctx.db
    .select({ id: eventFeed.id, eventId: eventFeed.eventId, authorId: eventFeed.authorId, mediaUrl: eventFeed.mediaUrl })
    .from(eventFeed)
    .where(eq(eventFeed.id, postId));
  if (!post) throw notFound(POST_NOT_FOUND_MESSAGE);
  const relation = await loadEventRelation(ctx.db, caller, post.eventId);
  assertEventPermission(caller, relation, canParticipate, POST_NOT_FOUND_MESSAGE);
  return { post, relation };
}

/** A page of the feed: pinned first, then newest, by (is_pinned, created_at, id) cursor (one index scan). */
export async function listFeed(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  options: { cursor?: string; limit?: number },
): Promise<FeedPageDto> {
  const relation = await feedGate(ctx, caller, eventId);
  const limit = options.limit ?? FEED_LIMITS.pageSize;
  const keys = keyset([booleanKey(eventFeed.isPinned), timestampKey(eventFeed.createdAt), uuidKey(eventFeed.id)], {
    dir: 'desc',
    cursor: options.cursor,
  });
  const [[event], rows] = await Promise.all([
    ctx.db.select({ id: events.id, name: events.name }).from(events).where(eq(events.id, eventId)),
    ctx.db
      .select({ ...postColumns(caller.userId), key: keys.key })
      .from(eventFeed)
      .leftJoin(profiles, eq(profiles.id, eventFeed.authorId))
      .where(and(eq(eventFeed.eventId, eventId), keys.where))
      .orderBy(...keys.orderBy)
      .limit(limit + 1),
  ]);
  if (!event) throw notFound(msg('Event not found'));
  const canModerate = canManageEvent(caller, relation);
  const { items, nextCursor } = keys.page(rows, limit);
  return { event, canModerate, posts: items.map((row) => toPostDto(row, caller, canModerate)), nextCursor };
}

async function recordEngagement(tx: DbOrTx, ctx: AppContext, eventId: string, userId: string, details: Record<string, unknown>) {
  await recordEventMetric(ctx, { eventId, metricType: 'engagement', userId, details }, tx);
}

async function removeEngagement(tx: DbOrTx, ctx: AppContext, eventId: string, userId: string, kind: string, key: string, id: string) {
  await tx
    .delete(eventAnalytics)
    .where(
      and(
        eq(eventAnalytics.eventId, eventId),
        eq(eventAnalytics.metricType, 'engagement'),
        eq(eventAnalytics.userId, userId),
        sql`${qualified(eventAnalytics.details)}->>'kind' = ${kind}`,
        sql`${qualified(eventAnalytics.details)}->>${key} = ${id}`,
      ),
    );
  await announceEventAnalytics(ctx, eventId, tx);
}

export interface MediaUpload {
  bytes: Uint8Array;
}

/** Stores an uploaded image (re-encoded) or video (checked by its first bytes); the type comes from the content. */
async function storeMedia(ctx: AppContext, eventId: string, upload: MediaUpload): Promise<{ key: string; url: string; type: MediaType }> {
  if (videoFormatOf(upload.bytes)) {
    const stored = await ctx.storage.putVideo(upload.bytes, {
      folder: `feed/${eventId}`,
      maxBytes: FEED_LIMITS.videoBytes,
      typeMessage: FEED_MEDIA_TYPE_MESSAGE,
      sizeMessage: FEED_VIDEO_SIZE_MESSAGE,
    });
    return { key: stored.key, url: stored.url, type: 'video' };
  }
  const stored = await ctx.storage.putImage(upload.bytes, {
    folder: `feed/${eventId}`,
    maxBytes: FEED_LIMITS.imageBytes,
    maxDimension: 1600,
    typeMessage: FEED_MEDIA_TYPE_MESSAGE,
    sizeMessage: FEED_IMAGE_SIZE_MESSAGE,
  });
  return { key: stored.key, url: stored.url, type: 'image' };
}

export async function createPost(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  content: string,
  media: MediaUpload | null = null,
): Promise<FeedPostDto> {
  const relation = await feedGate(ctx, caller, eventId);
  const stored = media ? await storeMedia(ctx, eventId, media) : null;
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(eventFeed)
      .values({ eventId, authorId: caller.userId, content, mediaUrl: stored?.url ?? null, mediaType: stored?.type ?? null })
      .returning({ id: eventFeed.id, createdAt: eventFeed.createdAt });
    if (stored) await recordStoredFile(tx, stored.key, { kind: 'feed-media', recordId: row!.id }, caller.userId);
    await queueWebhooks(ctx, tx, {
      eventId,
      type: 'feed_post.created',
      data: { eventId, postId: row!.id, author: { userId: caller.userId, fullName: caller.name }, content, createdAt: row!.createdAt.toISOString() },
    });
    await recordEngagement(tx, ctx, eventId, caller.userId, { kind: 'post', postId: row!.id });
    await ctx.live.publish(liveTopics.eventFeed(eventId), { kind: 'post.created', data: { postId: row!.id } }, tx);
    return row!.id;
  });
  return loadPost(ctx, caller, id, canManageEvent(caller, relation));
}

async function loadPost(ctx: AppContext, caller: Caller, postId: string, canModerate: boolean): Promise<FeedPostDto> {
  const [row] = await ctx.db
    .select(postColumns(caller.userId))
    .from(eventFeed)
    .leftJoin(profiles, eq(profiles.id, eventFeed.authorId))
    .where(eq(eventFeed.id, postId));
  if (!row) throw notFound(POST_NOT_FOUND_MESSAGE);
  return toPostDto(row, caller, canModerate);
}

/**
 * Like (liked = true) or unlike a post. Exact under races: the like is the (post, user) primary key, inserted with
 * `on conflict do nothing` or deleted, and the count is counted from the rows, so repeats never count twice.
 */
export async function setLike(ctx: AppContext, caller: Caller, postId: string, liked: boolean): Promise<LikeResultDto> {
  const { post } = await postGate(ctx, caller, postId);
  await ctx.db.transaction(async (tx) => {
    const changed = liked
      ? await tx.insert(eventFeedLikes).values({ feedId: postId, userId: caller.userId }).onConflictDoNothing().returning({ feedId: eventFeedLikes.feedId })
      : await tx
          .delete(eventFeedLikes)
          .where(and(eq(eventFeedLikes.feedId, postId), eq(eventFeedLikes.userId, caller.userId)))
          .returning({ feedId: eventFeedLikes.feedId });
    if (changed.length === 0) return;
    if (liked) await recordEngagement(tx, ctx, post.eventId, caller.userId, { kind: 'like', postId });
    else await removeEngagement(tx, ctx, post.eventId, caller.userId, 'like', 'postId', postId);
    await ctx.live.publish(liveTopics.eventFeed(post.eventId), { kind: 'like.changed', data: { postId } }, tx);
  });
  const [row] = await ctx.db
    .select({ likes: likeCount, isLiked: likedBy(caller.userId) })
    .from(eventFeed)
    .where(eq(eventFeed.id, postId));
  return { postId, likes: Number(row?.likes ?? 0), isLiked: Boolean(row?.isLiked) };
}

/** Pin or unpin: the event's organizers. */
export async function setPinned(ctx: AppContext, caller: Caller, postId: string, isPinned: boolean): Promise<FeedPostDto> {
  const { post, relation } = await postGate(ctx, caller, postId);
  if (!canManageEvent(caller, relation)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await tx.update(eventFeed).set({ isPinned, updatedAt: new Date() }).where(eq(eventFeed.id, postId));
    await ctx.live.publish(liveTopics.eventFeed(post.eventId), { kind: 'post.pinned', data: { postId, isPinned } }, tx);
  });
  return loadPost(ctx, caller, postId, true);
}

/** Delete a post: its author, or the event's organizers (removing it). */
export async function deletePost(ctx: AppContext, caller: Caller, postId: string): Promise<void> {
  const { post, relation } = await postGate(ctx, caller, postId);
  if (post.authorId !== caller.userId && !canManageEvent(caller, relation)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(eventFeed).where(eq(eventFeed.id, postId));
    await ctx.live.publish(liveTopics.eventFeed(post.eventId), { kind: 'post.deleted', data: { postId } }, tx);
  });
  await releaseStoredFile(ctx, post.mediaUrl, { kind: 'feed-media', recordId: postId });
}
