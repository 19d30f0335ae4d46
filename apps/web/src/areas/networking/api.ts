import { type AttendeeOrder, type AttendeePage, type ConnectInput, type ConnectResult, NETWORKING_MESSAGES } from '@mingle/shared/networking/inputs';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, api } from '@/lib/api';

export const networkingKeys = {
  all: ['attendees'] as const,
  list: (q: string, order: AttendeeOrder) => ['attendees', 'list', q, order] as const,
  settings: ['networking-settings'] as const,
  connectProfile: (userId: string) => ['connect-profile', userId] as const,
};

export const ATTENDEE_PAGE_SIZE = 24;

export const attendeesQueryOptions = (q: string, order: AttendeeOrder) =>
  infiniteQueryOptions({
    queryKey: networkingKeys.list(q, order),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ order, limit: String(ATTENDEE_PAGE_SIZE) });
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<AttendeePage>(`/api/attendees?${params}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });

export const networkingSettingsQueryOptions = queryOptions({
  queryKey: networkingKeys.settings,
  queryFn: ({ signal }) => api.get<{ discoverable: boolean }>('/api/networking/settings', { signal }),
});

/**
 * Connect with someone (spec 02 section 8): 'Connection made!' with +10 points, or the server's message. The
 * lists that show "connected" and the account's points refetch.
 */
export function useConnect(options: { successTitle?: string; failureMessage?: string } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConnectInput & { name: string }) =>
      api.post<ConnectResult>('/api/connections', { userId: input.userId, via: input.via, token: input.token }),
    onSuccess: (_result, { name }) => {
      if (options.successTitle) toast.success(options.successTitle);
      else toast.success('Connection made!', { description: `You've connected with ${name}. +10 points!` });
    },
    onError: (error) =>
      toast.error('Error', {
        description: error instanceof ApiError && error.isClientError ? error.message : (options.failureMessage ?? NETWORKING_MESSAGES.connectFailed),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: networkingKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['connect-profile'] }),
        queryClient.invalidateQueries({ queryKey: ['me'] }),
      ]),
  });
}

export function useSetDiscoverable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (discoverable: boolean) => api.put<{ discoverable: boolean }>('/api/networking/settings', { discoverable }),
    onSuccess: (data) => {
      queryClient.setQueryData(networkingKeys.settings, data);
      toast.success(data.discoverable ? 'You are in the attendee directory' : 'You left the attendee directory');
    },
    onError: (error) => toast.error('Error', { description: error.message }),
  });
}
