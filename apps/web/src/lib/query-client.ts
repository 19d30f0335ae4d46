import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

const MAX_RETRIES = 2;

/** A 4xx will answer the same way next time (signed out, forbidden, not found, invalid): retrying only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Live topics invalidate what changes; this only stops a remount from refetching what was just loaded.
      staleTime: 30_000,
      retry: shouldRetry,
    },
    mutations: {
      // A retried POST could create a second post, lead or meeting request.
      retry: false,
    },
  },
});
