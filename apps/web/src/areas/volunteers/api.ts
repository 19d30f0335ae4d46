import type { MyGoodieDto } from '@mingle/shared/volunteers/inputs';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const goodieKeys = {
  mine: ['goodies', 'mine'] as const,
};

/** The goodies the signed-in participant received, newest first. */
export const myGoodiesQueryOptions = queryOptions({
  queryKey: goodieKeys.mine,
  queryFn: async ({ signal }) => (await api.get<{ goodies: MyGoodieDto[] }>('/api/me/goodies', { signal })).goodies,
});
