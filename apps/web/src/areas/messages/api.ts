import { messageEndpoints } from '@mingle/shared/messages/endpoints';
import { MESSAGE_MESSAGES } from '@mingle/shared/messages/inputs';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, call } from '@/lib/api';

export const messageKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  unread: ['messages', 'unread'] as const,
  thread: (userId: string) => ['messages', 'thread', userId] as const,
};

export const conversationsQueryOptions = queryOptions({
  queryKey: messageKeys.conversations,
  queryFn: async ({ signal }) => (await call(messageEndpoints.conversations, { signal })).conversations,
});

/** How many messages to the signed-in user are unread: the header's badge (kept live by the header). */
export const unreadCountQueryOptions = queryOptions({
  queryKey: messageKeys.unread,
  queryFn: async ({ signal }) => (await call(messageEndpoints.unreadCount, { signal })).unread,
});

export const threadQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.thread(userId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => call(messageEndpoints.thread, { params: { userId }, query: { cursor: pageParam }, signal }),
    getNextPageParam: (page) => page.nextCursor,
    retry: false,
  });

export function useSendMessage(userId: string) {
  const { t } = useTranslation('direct-messages');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => call(messageEndpoints.send, { body: { recipientId: userId, content } }),
    onError: (error) =>
      toast.error(t('Error'), {
        description: t(error instanceof ApiError && (error.status === 403 || error.status === 400 || error.status === 429) ? error.message : MESSAGE_MESSAGES.sendFailed, { ns: 'messages' }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export function useMarkRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(messageEndpoints.markRead, { params: { userId } }),
    onSuccess: async ({ updated }) => {
      if (updated === 0) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.conversations }),
        queryClient.invalidateQueries({ queryKey: messageKeys.unread }),
      ]);
    },
  });
}

export function useBlockUser(userId: string) {
  const { t } = useTranslation('direct-messages');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(messageEndpoints.block, { params: { userId } }),
    onSuccess: () => toast.success(t(MESSAGE_MESSAGES.blocked, { ns: 'messages' })),
    onError: () => toast.error(t('Error'), { description: t(MESSAGE_MESSAGES.blockFailed, { ns: 'messages' }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
