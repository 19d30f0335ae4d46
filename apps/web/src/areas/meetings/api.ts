import { type MeetingAction, type MeetingDto, type MeetingPersonDto, type MeetingRequestInput, type OverlapDto, MEETING_TOASTS } from '@mingle/shared/meetings/inputs';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api';

export const meetingKeys = {
  all: ['meetings'] as const,
  overlaps: (userId: string, start: string, duration: number) => ['meetings', 'overlaps', userId, start, duration] as const,
};

export const meetingsQueryOptions = queryOptions({
  queryKey: meetingKeys.all,
  queryFn: async ({ signal }) => (await api.get<{ meetings: MeetingDto[] }>('/api/meetings', { signal })).meetings,
});

/** The person `/meetings?with={userId}` preselects; kept outside `meetingKeys.all` so live list updates leave it be. */
export const meetingPartnerQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['meeting-partner', userId] as const,
    queryFn: ({ signal }) => api.get<MeetingPersonDto>(`/api/meetings/people/${encodeURIComponent(userId)}`, { signal }),
    // A 404 (not someone the viewer may meet) will not change by asking again.
    retry: false,
    staleTime: 60_000,
  });

export const overlapQueryOptions = (userId: string, start: string, durationMinutes: number) =>
  queryOptions({
    queryKey: meetingKeys.overlaps(userId, start, durationMinutes),
    queryFn: ({ signal }) =>
      api.get<OverlapDto>(
        `/api/meetings/overlaps?${new URLSearchParams({ userId, start, durationMinutes: String(durationMinutes) })}`,
        { signal },
      ),
    enabled: Boolean(start),
    staleTime: 30_000,
  });

export function useRequestMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MeetingRequestInput) => api.post<MeetingDto>('/api/meetings', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
  });
}

/** Accept, decline or cancel, with the spec's toasts; a failure shows the server's message. */
export function useMeetingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: MeetingAction }) => api.patch<MeetingDto>(`/api/meetings/${id}`, { action }),
    onSuccess: (_meeting, { action }) => toast.success(MEETING_TOASTS[action].title, { description: MEETING_TOASTS[action].description }),
    onError: (error) => toast.error('Error', { description: error.message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
  });
}
