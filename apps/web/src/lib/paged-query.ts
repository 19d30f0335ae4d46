import type { Page } from '@mingle/shared/core/pagination';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, ApiError } from './api';

/** A refusal (403, 404) is an answer: asking again would not change it. */
export const noRetryOnClientError = (count: number, error: Error) => !(error instanceof ApiError && error.isClientError) && count < 2;

/** A cursor-paginated list of the dashboards, newest first. */
export function pagedQueryOptions<T>(queryKey: readonly string[], path: string) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(pageParam ? `${path}?cursor=${encodeURIComponent(pageParam)}` : path, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: noRetryOnClientError,
  });
}
