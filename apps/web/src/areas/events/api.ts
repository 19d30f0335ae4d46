import { eventEndpoints } from '@mingle/shared/events/endpoints';
import type { CreateEventInput, EventListScope, LandingConfigInput, UpdateEventInput } from '@mingle/shared/events/inputs';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';

export const eventKeys = {
  all: ['events'] as const,
  list: (scope: EventListScope) => ['events', 'list', scope] as const,
  detail: (eventId: string) => ['events', 'detail', eventId] as const,
};

export const eventListQueryOptions = (scope: EventListScope) =>
  infiniteQueryOptions({
    queryKey: eventKeys.list(scope),
    queryFn: ({ pageParam, signal }) => call(eventEndpoints.list, { query: { scope, cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The public landing page's event, by slug (no sign-in); fresh for a minute. */
export const publicEventQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['public-event', slug],
    queryFn: ({ signal }) => call(eventEndpoints.publicEvent, { params: { slug }, signal }),
    staleTime: 60_000,
  });

export const eventQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: ({ signal }) => call(eventEndpoints.get, { params: { eventId }, signal }),
  });

/** Every cached view of events (lists, details) after a change: the dashboard shows the new state. */
function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eventKeys.all });
}

export function useCreateEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (input: CreateEventInput) => call(eventEndpoints.create, { body: input }),
    onSuccess: invalidate,
  });
}

export function useUpdateEvent(eventId: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (input: UpdateEventInput) => call(eventEndpoints.update, { params: { eventId }, body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteEvent(eventId: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: () => call(eventEndpoints.remove, { params: { eventId } }), onSuccess: invalidate });
}

/**
 * Save Configuration: one request, saved all or nothing by the server. With a new logo it is a multipart form
 * (the logo and the fields), else JSON; a failed save (a taken slug) leaves the event and its logo as they were.
 */
export function useSaveLanding(eventId: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ logo, config }: { logo: File | null; config: LandingConfigInput }) => {
      if (!logo) return call(eventEndpoints.saveLanding, { params: { eventId }, body: config });
      const form = new FormData();
      form.append('slug', config.slug);
      form.append('customDomain', config.customDomain ?? '');
      if (config.description !== undefined) form.append('description', config.description ?? '');
      form.append('logo', logo);
      return call(eventEndpoints.saveLanding, { params: { eventId }, body: form });
    },
    onSettled: invalidate,
  });
}
