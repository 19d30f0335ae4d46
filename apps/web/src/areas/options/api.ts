import type { OptionDto, OptionKind, OptionsDto } from '@mingle/shared/options/inputs';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The options of one scope: the global list, or the global list plus one event's own. */
export const managedOptionsQueryOptions = (eventId: string | null) =>
  queryOptions({
    queryKey: ['options', eventId ? { eventId } : 'global-managed'],
    queryFn: ({ signal }) =>
      api.get<OptionsDto>(eventId ? `/api/options?scope=event&eventId=${eventId}` : '/api/options?scope=global', { signal }),
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
      api.post<OptionDto>(`/api/options/${kind}`, { name, eventId }),
    onSuccess: invalidate,
  });
}

export function useDeleteOption() {
  const invalidate = useInvalidateOptions();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: OptionKind; id: string }) => api.delete<void>(`/api/options/${kind}/${id}`),
    onSuccess: invalidate,
  });
}
