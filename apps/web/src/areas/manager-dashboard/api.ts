import type { EventVolunteerDto } from '@mingle/shared/manager-dashboard/contract';
import { managerDashboardEndpoints } from '@mingle/shared/manager-dashboard/endpoints';
import { volunteerEndpoints } from '@mingle/shared/volunteers/endpoints';
import type { AddVolunteerInput, MoveGoodiesInput } from '@mingle/shared/volunteers/management';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { noRetryOnClientError, pagedQueryOptions } from '@/lib/paged-query';

export const managerKeys = {
  all: ['manager'] as const,
  overview: ['manager', 'overview'] as const,
  recipients: ['manager', 'goodie-recipients'] as const,
  volunteers: ['manager', 'volunteers'] as const,
  users: ['manager', 'users'] as const,
  tickets: ['manager', 'tickets'] as const,
};

export const overviewQueryOptions = queryOptions({
  queryKey: managerKeys.overview,
  queryFn: ({ signal }) => call(managerDashboardEndpoints.overview, { signal }),
  retry: noRetryOnClientError,
});

export const volunteersQueryOptions = queryOptions({
  queryKey: managerKeys.volunteers,
  queryFn: async ({ signal }) => (await call(managerDashboardEndpoints.volunteers, { signal })).volunteers,
  retry: noRetryOnClientError,
});

export const ticketsQueryOptions = pagedQueryOptions(managerKeys.tickets, managerDashboardEndpoints.tickets);

/** Volunteer changes move the Volunteers tab, the stat cards and the events' numbers: refresh the whole dashboard. */
function useManagerMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: managerKeys.all }) });
}

export function useAddVolunteer() {
  return useManagerMutation(({ eventId, ...input }: AddVolunteerInput & { eventId: string }) =>
    call(volunteerEndpoints.add, { params: { eventId }, body: input }),
  );
}

export function useSetAllocation() {
  return useManagerMutation(({ eventId, userId, allocatedGoodies }: { eventId: string; userId: string; allocatedGoodies: number }) =>
    call(volunteerEndpoints.setAllocation, { params: { eventId, userId }, body: { allocatedGoodies } }),
  );
}

export function useMoveGoodies() {
  return useManagerMutation(({ eventId, ...input }: MoveGoodiesInput & { eventId: string }) =>
    call(volunteerEndpoints.move, { params: { eventId }, body: input }),
  );
}

export function usePromote() {
  return useManagerMutation((volunteer: EventVolunteerDto) =>
    call(managerDashboardEndpoints.promote, { params: { eventId: volunteer.eventId }, body: { userId: volunteer.userId } }),
  );
}

export function useTicketAction() {
  return useManagerMutation(({ ticketId, action }: { ticketId: string; action: 'start' | 'resolve' }) =>
    call(managerDashboardEndpoints.ticketAction, { params: { ticketId }, body: { action } }),
  );
}
