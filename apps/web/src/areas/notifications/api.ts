import { notificationEndpoints } from '@mingle/shared/notifications/endpoints';
import type { NotificationPreferencesInput } from '@mingle/shared/notifications/inputs';
import { NOTIFICATION_LIMITS } from '@mingle/shared/notifications/texts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { noRetryOnClientError } from '@/lib/paged-query';

export const notificationKeys = {
  /** Everything that shows notifications: the bell's count, the panel and the page. Live events invalidate it. */
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  panel: ['notifications', 'panel'] as const,
  list: ['notifications', 'list'] as const,
  preferences: ['notification-preferences'] as const,
};

/** The bell's badge. */
export const unreadNotificationsQueryOptions = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: async ({ signal }) => (await call(notificationEndpoints.unreadCount, { signal })).unread,
});

/** The newest few, for the bell's panel. */
export const notificationPanelQueryOptions = queryOptions({
  queryKey: notificationKeys.panel,
  queryFn: ({ signal }) => call(notificationEndpoints.list, { query: { limit: NOTIFICATION_LIMITS.panelSize }, signal }),
});

/** The /notifications page: every notification, newest first, a page at a time. */
export const notificationsQueryOptions = infiniteQueryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ pageParam, signal }) => call(notificationEndpoints.list, { query: { cursor: pageParam || undefined }, signal }),
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  retry: noRetryOnClientError,
});

/** Every kind's switches and the session reminders' lead time. */
export const notificationPreferencesQueryOptions = queryOptions({
  queryKey: notificationKeys.preferences,
  queryFn: ({ signal }) => call(notificationEndpoints.preferences, { signal }),
});

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => call(notificationEndpoints.markRead, { params: { notificationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificationEndpoints.markAllRead),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Saves switches; the answer is every kind as stored, which the cache takes as it is. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) => call(notificationEndpoints.savePreferences, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.preferences }),
  });
}
