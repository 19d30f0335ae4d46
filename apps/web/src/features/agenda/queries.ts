import type { AgendaDto, CheckInResult, ManagedSessionDto, ScheduleDto, SessionInput } from '@mingle/shared/schemas/agenda';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, api } from '@/lib/api';

export const agendaKeys = {
  agenda: (eventId: string) => ['agenda', eventId] as const,
  managed: (eventId: string) => ['agenda', eventId, 'managed'] as const,
  schedule: ['schedule'] as const,
};

export const agendaQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: agendaKeys.agenda(eventId),
    queryFn: ({ signal }) => api.get<AgendaDto>(`/api/events/${eventId}/agenda`, { signal }),
  });

export const managedSessionsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: agendaKeys.managed(eventId),
    queryFn: async ({ signal }) =>
      (await api.get<{ sessions: ManagedSessionDto[] }>(`/api/events/${eventId}/sessions`, { signal })).sessions,
  });

export const scheduleQueryOptions = queryOptions({
  queryKey: agendaKeys.schedule,
  queryFn: ({ signal }) => api.get<ScheduleDto>('/api/schedule', { signal }),
});

/**
 * Bookmark or un-bookmark a session. The agenda shows the new state at once (optimistic), and goes back if the
 * server refuses; My Schedule is refetched either way.
 */
export function useToggleBookmark(eventId: string) {
  const queryClient = useQueryClient();
  const key = agendaKeys.agenda(eventId);
  return useMutation({
    mutationFn: ({ sessionId, bookmarked }: { sessionId: string; bookmarked: boolean }) =>
      bookmarked ? api.put(`/api/sessions/${sessionId}/bookmark`) : api.delete(`/api/sessions/${sessionId}/bookmark`),
    onMutate: async ({ sessionId, bookmarked }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AgendaDto>(key);
      queryClient.setQueryData<AgendaDto>(key, (agenda) =>
        agenda && {
          ...agenda,
          sessions: agenda.sessions.map((session) => (session.id === sessionId ? { ...session, isBookmarked: bookmarked } : session)),
        },
      );
      return { previous };
    },
    // Toasts here, not at the call: under the My Schedule filter the card is gone before the answer arrives.
    onSuccess: (_data, { bookmarked }) =>
      bookmarked
        ? toast.success('Bookmarked', { description: 'Session added to your schedule' })
        : toast.success('Bookmark removed', { description: 'Session removed from your schedule' }),
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error('Error', { description: 'Failed to update bookmark' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendaKeys.schedule }),
  });
}

/** Add (no id) or replace a session; the agenda and the managed list refetch. */
export function useSaveSession(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SessionInput }) =>
      id ? api.put<ManagedSessionDto>(`/api/sessions/${id}`, input) : api.post<ManagedSessionDto>(`/api/events/${eventId}/sessions`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agenda', eventId] }),
  });
}

export function useDeleteSession(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.delete<void>(`/api/sessions/${sessionId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agenda', eventId] }),
  });
}

export function useRemoveBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.delete(`/api/sessions/${sessionId}/bookmark`),
    onSuccess: () => {
      toast.success('Removed', { description: 'Session removed from your schedule' });
      return Promise.all([queryClient.invalidateQueries({ queryKey: agendaKeys.schedule }), queryClient.invalidateQueries({ queryKey: ['agenda'] })]);
    },
    onError: () => toast.error('Error', { description: 'Failed to remove bookmark' }),
  });
}

/** Refusals whose own message says more than the spec's catch-all (full, or outside the window of decision 0105). */
const CHECK_IN_REFUSALS_SHOWN: readonly string[] = ['session_full', 'check_in_not_open', 'check_in_closed'];

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.post<CheckInResult>(`/api/sessions/${sessionId}/check-in`),
    onSuccess: () => toast.success('Checked In', { description: "You've been checked in to this session" }),
    onError: (error) =>
      toast.error('Error', {
        description:
          error instanceof ApiError && CHECK_IN_REFUSALS_SHOWN.includes(error.code) ? error.message : 'Failed to check in. You may already be checked in.',
      }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: agendaKeys.schedule }), queryClient.invalidateQueries({ queryKey: ['agenda'] })]),
  });
}
