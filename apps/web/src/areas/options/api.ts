import { optionEndpoints } from '@mingle/shared/options/endpoints';
import type { OptionKind } from '@mingle/shared/options/inputs';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';

/** The options of one scope: the global list, or the global list plus one event's own. */
export const managedOptionsQueryOptions = (eventId: string | null) =>
  queryOptions({
    queryKey: ['options', eventId ? { eventId } : 'global-managed'],
    queryFn: ({ signal }) =>
      call(optionEndpoints.list, { query: eventId ? { scope: 'event', eventId } : { scope: 'global' }, signal }),
  });

function useInvalidateOptions() {
  const queryClient = useQueryClient();
  // Every list of options (the profile form's too) may have changed.
  return () => queryClient.invalidateQueries({ queryKey: ['options'] });
}

export function useAddOption() {
  const invalidate = useInvalidateOptions();
  return useMutation({
    mutationFn: ({ kind, name, eventId }: { kind: OptionKind; name: string; eventId: string | null }) =>
      call(optionEndpoints.add, { params: { kind }, body: { name, eventId } }),
    onSuccess: invalidate,
  });
}

export function useDeleteOption() {
  const invalidate = useInvalidateOptions();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: OptionKind; id: string }) => call(optionEndpoints.remove, { params: { kind, optionId: id } }),
    onSuccess: invalidate,
  });
}
