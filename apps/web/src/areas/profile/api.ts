import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { meQueryOptions } from '@/lib/auth';
import type { Account, Device, Option, Profile } from './types';

/** The signed-in account with its profile (GET /api/me, the same cache entry as useCurrentUser). */
export function useAccount() {
  const query = useQuery(meQueryOptions);
  return { ...query, data: query.data as Account | null | undefined };
}

/** After a profile route answered: put its profile into the cached account, no refetch needed. */
export function useSetProfile() {
  const queryClient = useQueryClient();
  return (profile: Profile) =>
    queryClient.setQueryData(meQueryOptions.queryKey, (current) =>
      current ? ({ ...current, profile } as unknown as typeof current) : current,
    );
}

/** The profile's interests and goals: the global options only (spec 01: event_id is null, ordered by name). */
export const optionsQueryOptions = queryOptions({
  queryKey: ['options', 'global'],
  queryFn: ({ signal }) => api.get<{ interests: Option[]; goals: Option[] }>('/api/options?scope=global', { signal }),
  staleTime: 10 * 60_000,
});

export const devicesQueryOptions = queryOptions({
  queryKey: ['me', 'sessions'],
  queryFn: ({ signal }) => api.get<{ devices: Device[] }>('/api/me/sessions', { signal }),
});
