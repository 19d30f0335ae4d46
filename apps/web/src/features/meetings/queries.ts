import type { MeetingAction, MeetingDto, MeetingRequestInput, OverlapDto } from '@mingle/shared/schemas/meetings';
import { MEETING_TOASTS } from '@mingle/shared/schemas/meetings';
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
