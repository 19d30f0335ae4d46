import type { AcceptedInvitationDto } from '@mingle/shared/invitations/acceptance';
import type { InvitableEventDto, InvitationDto, InvitationSendResult, MyInvitationDto, SendInvitationsInput } from '@mingle/shared/invitations/inputs';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { noRetryOnClientError, pagedQueryOptions } from '@/lib/paged-query';

export const invitationKeys = {
  events: ['invitations', 'events'] as const,
  lists: ['invitations', 'list'] as const,
  list: (eventId: string) => ['invitations', 'list', eventId] as const,
  mine: ['invitations', 'mine'] as const,
};

/** The signed-in person's pending invitations (issue 16: roles are theirs only once they accept). */
export const myInvitationsQueryOptions = queryOptions({
  queryKey: invitationKeys.mine,
  queryFn: async ({ signal }) => (await api.get<{ invitations: MyInvitationDto[] }>('/api/me/invitations', { signal })).invitations,
});

/**
 * Accepting grants the role: every cache that shows events, roles and dashboards is refreshed. `onAccepted` runs
 * first, at the hook's level: the refreshed list no longer holds the invitation, so its row (and any callback given
 * to mutate()) is gone by then.
 */
export function useAcceptMyInvitation(onAccepted: (accepted: AcceptedInvitationDto) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api.post<AcceptedInvitationDto>(`/api/me/invitations/${invitationId}/accept`),
    onSuccess: (accepted) => onAccepted(accepted),
    onSettled: () => void queryClient.invalidateQueries(),
  });
}

export function useDeclineMyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api.post<void>(`/api/me/invitations/${invitationId}/decline`),
    // Not awaited: the caller's toast (a callback given to mutate()) must run before the refreshed list drops the row.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: invitationKeys.mine }),
  });
}

/** The events the caller may invite to; a 403 means they hold no invitation rights. */
export const invitableEventsQueryOptions = queryOptions({
  queryKey: invitationKeys.events,
  queryFn: async ({ signal }) => (await api.get<{ events: InvitableEventDto[] }>('/api/invitations/events', { signal })).events,
  retry: noRetryOnClientError,
});

export const invitationsQueryOptions = (eventId: string) =>
  pagedQueryOptions<InvitationDto>(invitationKeys.list(eventId), `/api/events/${eventId}/invitations`);

function useInvalidatingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.lists }),
  });
}

export function useSendInvitations() {
  return useInvalidatingMutation((input: SendInvitationsInput) =>
    api.post<{ results: InvitationSendResult[] }>('/api/invitations', input).then((body) => body.results),
  );
}

export function useResendInvitation() {
  return useInvalidatingMutation((invitationId: string) => api.post<{ sent: boolean }>(`/api/invitations/${invitationId}/resend`));
}

export function useRevokeInvitation() {
  return useInvalidatingMutation((invitationId: string) => api.post<void>(`/api/invitations/${invitationId}/revoke`));
}
