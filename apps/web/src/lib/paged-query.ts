import type { Endpoint } from '@mingle/shared/core/endpoint';
import type { Page } from '@mingle/shared/core/pagination';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, call } from './api';

/** A refusal (403, 404) is an answer: asking again would not change it. */
export const noRetryOnClientError = (count: number, error: Error) => !(error instanceof ApiError && error.isClientError) && count < 2;

/** A cursor-paginated list of the dashboards, newest first: the endpoint's answer is a page of its items. */
export function pagedQueryOptions<T>(queryKey: readonly string[], endpoint: Endpoint<'GET', z.ZodType<Page<T>>, undefined>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }): Promise<Page<T>> => call(endpoint, { query: { cursor: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: noRetryOnClientError,
  });
}
