import { calendarFeedEndpoints } from '@mingle/shared/calendar-feeds/endpoints';
import type { CalendarFeedKind } from '@mingle/shared/calendar-feeds/inputs';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';

export const calendarFeedKeys = { all: ['calendar-feeds'] as const };

/** The caller's feeds that are on (their addresses are never listed: shown once, when made). */
export const calendarFeedsQueryOptions = queryOptions({
  queryKey: calendarFeedKeys.all,
  queryFn: async ({ signal }) => (await call(calendarFeedEndpoints.list, { signal })).feeds,
  // Asked again each time the dialog opens: "last fetched by your calendar app" moves without us.
  staleTime: 0,
});

/** Turn a feed on, or give it a new address (the old one stops working). Answers the address, this once. */
export function useCreateCalendarFeed(kind: CalendarFeedKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(calendarFeedEndpoints.create, { params: { kind } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.all }),
  });
}

export function useRevokeCalendarFeed(kind: CalendarFeedKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(calendarFeedEndpoints.revoke, { params: { kind } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.all }),
  });
}
