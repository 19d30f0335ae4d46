import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { i18n } from '@/lib/i18n';
import { ApiError } from '@/lib/api';
import { meQueryOptions } from '@/lib/auth';

// When a signed-in page's API call answers 401, the session has expired (or was signed out from another device):
// the user is sent to /auth by RequireAuth, and brought back to where they were once signed in again (lib/return-to).
// Forms that matter keep their draft in sessionStorage (the profile form does), so nothing typed is lost.

/** Marks the user signed out after a 401: RequireAuth then sends them to /auth. */
export function sessionExpired(queryClient: QueryClient): void {
  if (!queryClient.getQueryData(meQueryOptions.queryKey)) return; // already signed out: nothing to say
  queryClient.setQueryData(meQueryOptions.queryKey, null);
  toast.error(i18n.t('Session expired'), { description: i18n.t('Please sign in again to continue.') });
}

const watched = new WeakSet<QueryClient>();

/** Watches every query and mutation of `queryClient` for a 401 (installed once per client). */
export function watchSessionExpiry(queryClient: QueryClient): void {
  if (watched.has(queryClient)) return;
  watched.add(queryClient);
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) sessionExpired(queryClient);
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
  });
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
  });
}
