import type { FeedPageDto, FeedPostDto } from '@mingle/shared/feed/contract';
import { feedEndpoints } from '@mingle/shared/feed/endpoints';
import { infiniteQueryOptions, type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { call } from '@/lib/api';

export const feedKeys = { feed: (eventId: string) => ['feed', eventId] as const };

export const feedQueryOptions = (eventId: string) =>
  infiniteQueryOptions({
    queryKey: feedKeys.feed(eventId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => call(feedEndpoints.list, { params: { eventId }, query: { cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });

type FeedData = InfiniteData<FeedPageDto, string | null>;

function patchPost(data: FeedData | undefined, postId: string, patch: (post: FeedPostDto) => FeedPostDto): FeedData | undefined {
  return data && { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.map((post) => (post.id === postId ? patch(post) : post)) })) };
}

export function useCreatePost(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, media }: { content: string; media: File | null }) => {
      if (!media) return call(feedEndpoints.create, { params: { eventId }, body: { content } });
      const form = new FormData();
      form.append('content', content);
      form.append('media', media);
      return call(feedEndpoints.createWithMedia, { params: { eventId }, body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.feed(eventId) }),
  });
}

/** Like or unlike: the heart and count change at once, and go back if the server refuses. */
export function useToggleLike(eventId: string) {
  const { t } = useTranslation('feed');
  const queryClient = useQueryClient();
  const key = feedKeys.feed(eventId);
  return useMutation({
    mutationFn: ({ postId, liked }: { postId: string; liked: boolean }) =>
      call(liked ? feedEndpoints.like : feedEndpoints.unlike, { params: { postId } }),
    onMutate: async ({ postId, liked }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FeedData>(key);
      queryClient.setQueryData<FeedData>(key, (data) =>
        patchPost(data, postId, (post) => ({ ...post, isLiked: liked, likes: Math.max(0, post.likes + (liked === post.isLiked ? 0 : liked ? 1 : -1)) })),
      );
      return { previous };
    },
    onSuccess: (result) => queryClient.setQueryData<FeedData>(key, (data) => patchPost(data, result.postId, (post) => ({ ...post, ...result }))),
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(t('Error'), { description: t('Failed to update like') });
    },
  });
}

export function usePinPost(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, isPinned }: { postId: string; isPinned: boolean }) => call(feedEndpoints.pin, { params: { postId }, body: { isPinned } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.feed(eventId) }),
  });
}

export function useDeletePost(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => call(feedEndpoints.remove, { params: { postId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.feed(eventId) }),
  });
}
