import type { AcceptedInvitationDto } from '@mingle/shared/invitations/contract';
import { invitationEndpoints } from '@mingle/shared/invitations/endpoints';
import type { SendInvitationsInput } from '@mingle/shared/invitations/inputs';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { noRetryOnClientError } from '@/lib/paged-query';

export const invitationKeys = {
  events: ['invitations', 'events'] as const,
  lists: ['invitations', 'list'] as const,
  list: (eventId: string) => ['invitations', 'list', eventId] as const,
  mine: ['invitations', 'mine'] as const,
};

/** The signed-in person's pending invitations (issue 16: roles are theirs only once they accept). */
export const myInvitationsQueryOptions = queryOptions({
  queryKey: invitationKeys.mine,
  queryFn: async ({ signal }) => (await call(invitationEndpoints.mine, { signal })).invitations,
});

/**
 * Accepting grants the role: every cache that shows events, roles and dashboards is refreshed. `onAccepted` runs
 * first, at the hook's level: the refreshed list no longer holds the invitation, so its row (and any callback given
 * to mutate()) is gone by then.
 */
export function useAcceptMyInvitation(onAccepted: (accepted: AcceptedInvitationDto) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => call(invitationEndpoints.acceptMine, { params: { invitationId } }),
    onSuccess: (accepted) => onAccepted(accepted),
    onSettled: () => void queryClient.invalidateQueries(),
  });
}

export function useDeclineMyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => call(invitationEndpoints.declineMine, { params: { invitationId } }),
    // Not awaited: the caller's toast (a callback given to mutate()) must run before the refreshed list drops the row.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: invitationKeys.mine }),
  });
}

/** The events the caller may invite to; a 403 means they hold no invitation rights. */
export const invitableEventsQueryOptions = queryOptions({
  queryKey: invitationKeys.events,
  queryFn: async ({ signal }) => (await call(invitationEndpoints.events, { signal })).events,
  retry: noRetryOnClientError,
});

/** An event's invitations, newest first, a page at a time (as lib/paged-query's lists). */
export const invitationsQueryOptions = (eventId: string) =>
  infiniteQueryOptions({
    queryKey: invitationKeys.list(eventId),
    queryFn: ({ pageParam, signal }) => call(invitationEndpoints.list, { params: { eventId }, query: { cursor: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: noRetryOnClientError,
    // Emails go out after the answer: while one is still queued, the list asks again until its outcome shows.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((invitation) => invitation.delivery?.status === 'queued')) ? 5_000 : false,
  });

function useInvalidatingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.lists }),
  });
}

export function useSendInvitations() {
  return useInvalidatingMutation((input: SendInvitationsInput) =>
    call(invitationEndpoints.send, { body: input }).then((body) => body.results),
  );
}

export function useResendInvitation() {
  return useInvalidatingMutation((invitationId: string) => call(invitationEndpoints.resend, { params: { invitationId } }));
}

export function useRevokeInvitation() {
  return useInvalidatingMutation((invitationId: string) => call(invitationEndpoints.revoke, { params: { invitationId } }));
}
