import { optionEndpoints } from '@mingle/shared/options/endpoints';
import { profileEndpoints } from '@mingle/shared/profiles/endpoints';
import type { ProfileUpdate } from '@mingle/shared/profiles/inputs';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { meQueryOptions } from '@/lib/auth';
import type { Profile } from './types';

/** The signed-in account with its profile (GET /api/me, the same cache entry as useCurrentUser). */
export function useAccount() {
  return useQuery(meQueryOptions);
}

/** After a profile route answered: put its profile into the cached account, no refetch needed. */
export function useSetProfile() {
  const queryClient = useQueryClient();
  return (profile: Profile) =>
    queryClient.setQueryData(meQueryOptions.queryKey, (current) =>
      current ? { ...current, profile } : current,
    );
}

/** The profile's interests and goals: the global options only (spec 01: event_id is null, ordered by name). */
export const optionsQueryOptions = queryOptions({
  queryKey: ['options', 'global'],
  queryFn: ({ signal }) => call(optionEndpoints.list, { query: { scope: 'global' }, signal }),
  staleTime: 10 * 60_000,
});

export const devicesQueryOptions = queryOptions({
  queryKey: ['me', 'sessions'],
  queryFn: ({ signal }) => call(profileEndpoints.devices, { signal }),
});

export const updateProfile = (values: ProfileUpdate) => call(profileEndpoints.update, { body: values });

export function uploadAvatar(file: File) {
  const body = new FormData();
  body.set('file', file);
  return call(profileEndpoints.uploadAvatar, { body });
}

export const removeAvatar = () => call(profileEndpoints.removeAvatar);

/** A new goodie QR token (answered once) with the connect code it carries. */
export const createQrToken = () => call(profileEndpoints.qrToken);

export const signOutDevice = (sessionId: string) => call(profileEndpoints.signOutDevice, { params: { sessionId } });

export const signOutOtherDevices = () => call(profileEndpoints.signOutOthers);
