import { checkInEndpoints } from '@mingle/shared/check-in/endpoints';
import type { CheckInInput, CheckInSettingsInput } from '@mingle/shared/check-in/inputs';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { noRetryOnClientError } from '@/lib/paged-query';

export const checkInKeys = {
  all: (eventId: string) => ['check-in', eventId] as const,
  settings: (eventId: string) => ['check-in', eventId, 'settings'] as const,
  roster: (eventId: string) => ['check-in', eventId, 'roster'] as const,
  recent: (eventId: string) => ['check-in', eventId, 'recent'] as const,
  summary: (eventId: string) => ['check-in', eventId, 'summary'] as const,
};

export const checkInSettingsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: checkInKeys.settings(eventId),
    queryFn: ({ signal }) => call(checkInEndpoints.settings, { params: { eventId }, signal }),
    retry: noRetryOnClientError,
  });

export const checkInSummaryQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: checkInKeys.summary(eventId),
    queryFn: ({ signal }) => call(checkInEndpoints.summary, { params: { eventId }, signal }),
    retry: noRetryOnClientError,
  });

export const recentCheckInsQueryOptions = (eventId: string) =>
  infiniteQueryOptions({
    queryKey: checkInKeys.recent(eventId),
    queryFn: ({ pageParam, signal }) => call(checkInEndpoints.recent, { params: { eventId }, query: { cursor: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: noRetryOnClientError,
  });

export const fetchRoster = (eventId: string, signal?: AbortSignal) => call(checkInEndpoints.roster, { params: { eventId }, signal });

// A check-in the hall's network has not answered by then is decided on the phone instead (a queue that resends the
// same clientCheckInId, so one the server did get is not made twice): the queue at the door cannot wait.
const CHECK_IN_WAIT_MS = 8_000;

export const sendCheckIn = (eventId: string, input: CheckInInput) =>
  call(checkInEndpoints.checkIn, { params: { eventId }, body: input, signal: AbortSignal.timeout(CHECK_IN_WAIT_MS) });

/** After the door changed: its lists, the roster and the organizers' figures. */
function useInvalidateDoor(eventId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: checkInKeys.all(eventId) });
}

export function useUndoCheckIn(eventId: string) {
  const invalidate = useInvalidateDoor(eventId);
  return useMutation({ mutationFn: (checkInId: string) => call(checkInEndpoints.undo, { params: { eventId, checkInId } }), onSuccess: invalidate });
}

export function useSaveCheckInSettings(eventId: string) {
  const invalidate = useInvalidateDoor(eventId);
  return useMutation({ mutationFn: (input: CheckInSettingsInput) => call(checkInEndpoints.saveSettings, { params: { eventId }, body: input }), onSuccess: invalidate });
}
