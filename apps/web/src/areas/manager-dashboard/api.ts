import type { TicketDto } from '@mingle/shared/support/inputs';
import type {
  AddVolunteerInput,
  AddVolunteerResult,
  MoveGoodiesInput,
  MoveGoodiesResult,
  VolunteerAllocationDto,
} from '@mingle/shared/volunteers/management';
import type { EventVolunteerDto, ManagedEventDto, ManagerStatsDto } from '@mingle/shared/volunteers/inputs';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
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
  queryFn: ({ signal }) => api.get<{ stats: ManagerStatsDto; events: ManagedEventDto[] }>('/api/manager/overview', { signal }),
  retry: noRetryOnClientError,
});

export const volunteersQueryOptions = queryOptions({
  queryKey: managerKeys.volunteers,
  queryFn: async ({ signal }) => (await api.get<{ volunteers: EventVolunteerDto[] }>('/api/manager/volunteers', { signal })).volunteers,
  retry: noRetryOnClientError,
});

export const ticketsQueryOptions = pagedQueryOptions<TicketDto>(managerKeys.tickets, '/api/manager/tickets');

/** Volunteer changes move the Volunteers tab, the stat cards and the events' numbers: refresh the whole dashboard. */
function useManagerMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: managerKeys.all }) });
}

export function useAddVolunteer() {
  return useManagerMutation(({ eventId, ...input }: AddVolunteerInput & { eventId: string }) =>
    api.post<AddVolunteerResult>(`/api/events/${eventId}/volunteers`, input),
  );
}

export function useSetAllocation() {
  return useManagerMutation(({ eventId, userId, allocatedGoodies }: { eventId: string; userId: string; allocatedGoodies: number }) =>
    api.put<VolunteerAllocationDto>(`/api/events/${eventId}/volunteers/${userId}/allocation`, { allocatedGoodies }),
  );
}

export function useMoveGoodies() {
  return useManagerMutation(({ eventId, ...input }: MoveGoodiesInput & { eventId: string }) =>
    api.post<MoveGoodiesResult>(`/api/events/${eventId}/goodie-transfers`, input),
  );
}

export function usePromote() {
  return useManagerMutation((volunteer: EventVolunteerDto) =>
    api.post<{ fullName: string }>(`/api/events/${volunteer.eventId}/co-owners`, { userId: volunteer.userId }),
  );
}

export function useTicketAction() {
  return useManagerMutation(({ ticketId, action }: { ticketId: string; action: 'start' | 'resolve' }) =>
    api.post<TicketDto>(`/api/manager/tickets/${ticketId}/status`, { action }),
  );
}
