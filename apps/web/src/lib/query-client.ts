import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

const MAX_RETRIES = 2;

/** A 4xx will answer the same way next time (signed out, forbidden, not found, invalid): retrying only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  // Offline, a read the service worker has not kept fails: retries would wait, paused, for the network.
  if (error instanceof ApiError && error.status === 0 && !navigator.onLine) return false;
  return failureCount < MAX_RETRIES;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Live topics invalidate what changes; this only stops a remount from refetching what was just loaded.
      staleTime: 30_000,
      retry: shouldRetry,
      // With no network a query still asks once: the service worker answers from its cache (decision 0185).
      networkMode: 'offlineFirst',
    },
    mutations: {
      // A retried POST could create a second post, lead or meeting request.
      retry: false,
    },
  },
});
