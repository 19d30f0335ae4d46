import type { CreateEventInput, EventListScope, EventPage, EventWithViewer, LandingConfigInput, RegistrationResult, UpdateEventInput } from '@mingle/shared/events/inputs';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const eventKeys = {
  all: ['events'] as const,
  list: (scope: EventListScope) => ['events', 'list', scope] as const,
  detail: (eventId: string) => ['events', 'detail', eventId] as const,
};

export const eventListQueryOptions = (scope: EventListScope) =>
  infiniteQueryOptions({
    queryKey: eventKeys.list(scope),
    queryFn: ({ pageParam, signal }) =>
      api.get<EventPage>(`/api/events?scope=${scope}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const eventQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: ({ signal }) => api.get<EventWithViewer>(`/api/events/${eventId}`, { signal }),
  });

/** Every cached view of events (lists, details) after a change: the dashboard shows the new state. */
function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eventKeys.all });
}

export function useCreateEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (input: CreateEventInput) => api.post<EventWithViewer>('/api/events', input),
    onSuccess: invalidate,
  });
}

export function useUpdateEvent(eventId: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (input: UpdateEventInput) => api.patch<EventWithViewer>(`/api/events/${eventId}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteEvent(eventId: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: () => api.delete<void>(`/api/events/${eventId}`), onSuccess: invalidate });
}

export function useRegister(eventId: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: () => api.post<RegistrationResult>(`/api/events/${eventId}/registration`),
    onSuccess: invalidate,
  });
}

/**
 * Save Configuration: one request, saved all or nothing by the server. With a new logo it is a multipart form
 * (the logo and the fields), else JSON; a failed save (a taken slug) leaves the event and its logo as they were.
 */
export function useSaveLanding(eventId: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ logo, config }: { logo: File | null; config: LandingConfigInput }) => {
      if (!logo) return api.put<EventWithViewer>(`/api/events/${eventId}/landing`, config);
      const form = new FormData();
      form.append('slug', config.slug);
      form.append('customDomain', config.customDomain ?? '');
      if (config.description !== undefined) form.append('description', config.description ?? '');
      form.append('logo', logo);
      return api.put<EventWithViewer>(`/api/events/${eventId}/landing`, form);
    },
    onSettled: invalidate,
  });
}
