import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api';
import { meQueryOptions } from '@/lib/auth';

// When a signed-in page's API call answers 401, the session has expired (or was signed out from another device):
// the user is sent to /auth, and brought back to where they were once signed in again. Forms that matter keep
// their draft in sessionStorage (the profile form does), so nothing typed is lost.

const RETURN_TO_KEY = 'mingle:return-to';

/** Remembers the page to come back to after signing in again. */
export function rememberReturnTo(path: string): void {
  try {
    sessionStorage.setItem(RETURN_TO_KEY, path);
  } catch {
    // Storage can be disabled (private modes): the user lands on the dashboard instead.
  }
}

/** The remembered page, once (a same-site path only). */
export function takeReturnTo(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_TO_KEY);
    sessionStorage.removeItem(RETURN_TO_KEY);
    return path?.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

/** Marks the user signed out after a 401: RequireAuth then sends them to /auth. */
export function sessionExpired(queryClient: QueryClient): void {
  if (!queryClient.getQueryData(meQueryOptions.queryKey)) return; // already signed out: nothing to say
  rememberReturnTo(window.location.pathname + window.location.search);
  queryClient.setQueryData(meQueryOptions.queryKey, null);
  toast.error('Session expired', { description: 'Please sign in again to continue.' });
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
