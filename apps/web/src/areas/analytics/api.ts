import { analyticsEndpoints } from '@mingle/shared/analytics/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api';

export const analyticsKey = (eventId: string) => ['analytics', eventId] as const;

export const analyticsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: analyticsKey(eventId),
    // No polling: every analytics row is announced on the event's analytics topic (decision 0033).
    queryFn: ({ signal }) => call(analyticsEndpoints.event, { params: { eventId }, signal }),
  });
