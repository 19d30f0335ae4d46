import type { AgendaViewerDto } from '@mingle/shared/agenda/contract';
import { agendaEndpoints } from '@mingle/shared/agenda/endpoints';
import type { SessionInput } from '@mingle/shared/agenda/inputs';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, call } from '@/lib/api';
import { scheduleWithQueuedWrites, sendOrQueue, viewerWithQueuedWrites } from '@/lib/offline-writes';

/**
 * ['agenda', eventId] and everything under it is one event's agenda: invalidating it refetches the shared part, the
 * viewer's part and the managed list. The shared part is answered with an ETag (decision 0145): the browser keeps
 * it and revalidates each refetch, so an unchanged agenda costs a 304 and comes back from the HTTP cache.
 */
export const agendaKeys = {
  agenda: (eventId: string) => ['agenda', eventId] as const,
  viewer: (eventId: string) => ['agenda', eventId, 'viewer'] as const,
  managed: (eventId: string) => ['agenda', eventId, 'managed'] as const,
  schedule: ['schedule'] as const,
};

/** Every event's viewer part (a bookmark removed from My Schedule, whose agenda's event is not at hand). */
const isViewerKey = (queryKey: readonly unknown[]) => queryKey[0] === 'agenda' && queryKey[2] === 'viewer';

export const agendaQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: agendaKeys.agenda(eventId),
    queryFn: ({ signal }) => call(agendaEndpoints.agenda, { params: { eventId }, signal }),
  });

/**
 * The caller's own part of the agenda: may they manage it, their bookmarks and check-ins, with those still waiting
 * on the device already in (an offline reload reads the answer kept from before them).
 */
export const agendaViewerQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: agendaKeys.viewer(eventId),
    queryFn: async ({ signal }) => viewerWithQueuedWrites(await call(agendaEndpoints.viewer, { params: { eventId }, signal })),
  });

export const managedSessionsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: agendaKeys.managed(eventId),
    queryFn: async ({ signal }) => (await call(agendaEndpoints.managed, { params: { eventId }, signal })).sessions,
  });

export const scheduleQueryOptions = queryOptions({
  queryKey: agendaKeys.schedule,
  queryFn: async ({ signal }) => scheduleWithQueuedWrites(await call(agendaEndpoints.schedule, { signal })),
});

/**
 * Bookmark or un-bookmark a session. The agenda shows the new state at once (optimistic, in the viewer's part), and
 * goes back if the server refuses; the viewer's part and My Schedule are refetched either way.
 */
/** What a bookmark or check-in made offline says: it waits on the device (lib/offline-writes.ts) until the network is back. */
const savedOffline = (t: TFunction) => t('Saved on this device: it will be sent when you are back online.', { ns: 'agenda' });

export function useToggleBookmark(eventId: string) {
  const { t } = useTranslation('agenda');
  const queryClient = useQueryClient();
  const key = agendaKeys.viewer(eventId);
  return useMutation({
    // With no network the bookmark waits on the device (lib/offline-writes.ts) and the agenda keeps showing it.
    networkMode: 'always',
    mutationFn: ({ sessionId, title, bookmarked }: { sessionId: string; title: string; bookmarked: boolean }) =>
      sendOrQueue({ kind: 'bookmark', sessionId, title, bookmarked }),
    onMutate: async ({ sessionId, bookmarked }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AgendaViewerDto>(key);
      queryClient.setQueryData<AgendaViewerDto>(key, (viewer) =>
        viewer && {
          ...viewer,
          bookmarkedSessionIds: bookmarked
            ? [...viewer.bookmarkedSessionIds.filter((id) => id !== sessionId), sessionId]
            : viewer.bookmarkedSessionIds.filter((id) => id !== sessionId),
        },
      );
      return { previous };
    },
    // Toasts here, not at the call: under the My Schedule filter the card is gone before the answer arrives. A write
    // kept on the device while offline says so instead of claiming the server has it.
    onSuccess: ({ queued }, { bookmarked }) =>
      bookmarked
        ? toast.success(t('Bookmarked'), { description: queued ? savedOffline(t) : t('Session added to your schedule') })
        : toast.success(t('Bookmark removed'), { description: queued ? savedOffline(t) : t('Session removed from your schedule') }),
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(t('Error'), { description: t('Failed to update bookmark') });
    },
    onSettled: (result) =>
      result?.queued || Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: agendaKeys.schedule })]),
  });
}

/** Add (no id) or replace a session; the event's agenda (both parts) and the managed list refetch. */
export function useSaveSession(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SessionInput }) =>
      id
        ? call(agendaEndpoints.update, { params: { sessionId: id }, body: input })
        : call(agendaEndpoints.create, { params: { eventId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaKeys.agenda(eventId) }),
  });
}

export function useDeleteSession(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => call(agendaEndpoints.remove, { params: { sessionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaKeys.agenda(eventId) }),
  });
}

export function useRemoveBookmark() {
  const { t } = useTranslation('agenda');
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, title }: { id: string; title: string }) => sendOrQueue({ kind: 'bookmark', sessionId: id, title, bookmarked: false }),
    onSuccess: ({ queued }) => {
      toast.success(t('Removed'), { description: queued ? savedOffline(t) : t('Session removed from your schedule') });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: agendaKeys.schedule }),
        queryClient.invalidateQueries({ predicate: (query) => isViewerKey(query.queryKey) }),
      ]);
    },
    onError: () => toast.error(t('Error'), { description: t('Failed to remove bookmark') }),
  });
}

/** Refusals whose own message says more than the spec's catch-all (full, or outside the window of decision 0105). */
const CHECK_IN_REFUSALS_SHOWN: readonly string[] = ['session_full', 'check_in_not_open', 'check_in_closed'];

/** A check-in changes the session's count (the shared part) and the caller's mark (the viewer's): every agenda refetches. */
export function useCheckIn() {
  const { t } = useTranslation('agenda');
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, title }: { id: string; title: string }) => sendOrQueue({ kind: 'check-in', sessionId: id, title }),
    onSuccess: ({ queued }) =>
      toast.success(t('Checked In'), { description: queued ? savedOffline(t) : t("You've been checked in to this session") }),
    onError: (error) =>
      toast.error(t('Error'), {
        description:
          error instanceof ApiError && CHECK_IN_REFUSALS_SHOWN.includes(error.code)
            ? t(error.message, { ns: 'messages' })
            : t('Failed to check in. You may already be checked in.'),
      }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: agendaKeys.schedule }), queryClient.invalidateQueries({ queryKey: ['agenda'] })]),
  });
}
