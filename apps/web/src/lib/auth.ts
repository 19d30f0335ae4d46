import type { PlatformRole } from '@mingle/shared/core/constants';
import type { MeDto } from '@mingle/shared/profiles/contract';
import { profileEndpoints } from '@mingle/shared/profiles/endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { i18n } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { ApiError, api, call } from './api';
import { clearOfflineData } from './offline-data';

/** `GET /api/me`: the signed-in account, its roles and profile, as the shared contract says. */
export type Me = MeDto;
export type CurrentUser = Me['user'];

/** The signed-in account, or `null` when signed out (the server's 401 is an answer here, not an error). */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }): Promise<Me | null> => {
    try {
      return await call(profileEndpoints.me, { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

export function useCurrentUser() {
  return useQuery(meQueryOptions);
}

const NO_ROLES: readonly PlatformRole[] = [];

/** The signed-in user's roles; empty while loading or signed out. */
export function useRoles(): readonly PlatformRole[] {
  return useCurrentUser().data?.roles ?? NO_ROLES;
}

async function signOut(): Promise<void> {
  try {
    await api.post('/api/auth/sign-out', {});
  } catch (error) {
    // The spec's sign-out ignores 401, 403 and 404: the session is already gone, which is what we wanted.
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return;
    throw error;
  }
}

/**
 * Reconnects the live socket as whoever is signed in now. Its module loads with the first page that listens, not
 * with the entry chunk or /auth; where it never loaded there is no socket, so a failed import leaves nothing undone.
 */
export function restartLive(): void {
  void import('./live').then(({ live }) => live.restart(), () => undefined);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Leave the signed-in page first: clearing the cache under it would refetch as a visitor and bounce to /auth.
      await navigate('/');
      queryClient.clear();
      await clearOfflineData();
      restartLive();
      toast.success(i18n.t('Signed Out'), { description: i18n.t('You have been signed out successfully.') });
    },
    onError: (error) => {
      toast.error(i18n.t('Sign Out Error'), { description: error.message });
    },
  });
}
