import { meetingEndpoints } from '@mingle/shared/meetings/endpoints';
import { type MeetingAction, type MeetingRequestInput, MEETING_TOASTS } from '@mingle/shared/meetings/inputs';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '@/lib/api';
import { i18n } from '@/lib/i18n';

export const meetingKeys = {
  all: ['meetings'] as const,
  overlaps: (userId: string, start: string, duration: number) => ['meetings', 'overlaps', userId, start, duration] as const,
};

export const meetingsQueryOptions = queryOptions({
  queryKey: meetingKeys.all,
  queryFn: async ({ signal }) => (await call(meetingEndpoints.list, { signal })).meetings,
});

/** The person `/meetings?with={userId}` preselects; kept outside `meetingKeys.all` so live list updates leave it be. */
export const meetingPartnerQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['meeting-partner', userId] as const,
    queryFn: ({ signal }) => call(meetingEndpoints.partner, { params: { userId }, signal }),
    // A 404 (not someone the viewer may meet) will not change by asking again.
    retry: false,
    staleTime: 60_000,
  });

export const overlapQueryOptions = (userId: string, start: string, durationMinutes: number) =>
  queryOptions({
    queryKey: meetingKeys.overlaps(userId, start, durationMinutes),
    queryFn: ({ signal }) => call(meetingEndpoints.overlaps, { query: { userId, start, durationMinutes }, signal }),
    enabled: Boolean(start),
    staleTime: 30_000,
  });

export function useRequestMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MeetingRequestInput) => call(meetingEndpoints.request, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
  });
}

/** Accept, decline or cancel, with the spec's toasts; a failure shows the server's message. */
export function useMeetingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: MeetingAction }) => call(meetingEndpoints.act, { params: { meetingId: id }, body: { action } }),
    onSuccess: (_meeting, { action }) => toast.success(i18n.t(MEETING_TOASTS[action].title, { ns: 'messages' }), { description: i18n.t(MEETING_TOASTS[action].description, { ns: 'messages' }) }),
    onError: (error) => toast.error(i18n.t('Error', { ns: 'meetings' }), { description: i18n.t(error.message, { ns: 'messages' }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
  });
}
