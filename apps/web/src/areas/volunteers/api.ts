import { volunteerEndpoints } from '@mingle/shared/volunteers/endpoints';
import type { DistributeGoodieInput } from '@mingle/shared/volunteers/inputs';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api';

export const goodieKeys = {
  mine: ['goodies', 'mine'] as const,
};

export const assignmentsKey = ['volunteer-assignments'] as const;

/** The goodies the signed-in participant received, newest first. */
export const myGoodiesQueryOptions = queryOptions({
  queryKey: goodieKeys.mine,
  queryFn: async ({ signal }) => (await call(volunteerEndpoints.myGoodies, { signal })).goodies,
});

/** The signed-in volunteer's assignments with their goodie counts, soonest event first. */
export const assignmentsQueryOptions = queryOptions({
  queryKey: assignmentsKey,
  queryFn: ({ signal }) => call(volunteerEndpoints.assignments, { signal }),
});

/** Gives the scanned participant the event's goodie; a resent clientScanId never gives twice. */
export const distribute = (eventId: string, input: Required<DistributeGoodieInput>) =>
  call(volunteerEndpoints.distribute, { params: { eventId }, body: input });
