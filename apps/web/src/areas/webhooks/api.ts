import { webhookEndpoints } from '@mingle/shared/webhooks/endpoints';
import type { WebhookEndpointInput, WebhookEndpointUpdate } from '@mingle/shared/webhooks/inputs';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { noRetryOnClientError } from '@/lib/paged-query';

export const webhookKeys = {
  all: (eventId: string) => ['webhooks', eventId] as const,
  endpoints: (eventId: string) => ['webhooks', eventId, 'endpoints'] as const,
  deliveries: (eventId: string, endpointId: string) => ['webhooks', eventId, 'deliveries', endpointId] as const,
  secret: (eventId: string, endpointId: string) => ['webhooks', eventId, 'secret', endpointId] as const,
};

export const webhookEndpointsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: webhookKeys.endpoints(eventId),
    queryFn: ({ signal }) => call(webhookEndpoints.list, { params: { eventId }, signal }),
    retry: noRetryOnClientError,
  });

export const webhookDeliveriesQueryOptions = (eventId: string, endpointId: string) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(eventId, endpointId),
    queryFn: ({ pageParam, signal }) =>
      call(webhookEndpoints.deliveries, { params: { eventId, endpointId }, query: { cursor: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: noRetryOnClientError,
  });

/** After anything changed: the endpoints (their status line) and every delivery log of the event. */
function useInvalidate(eventId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(eventId) });
}

export function useCreateWebhook(eventId: string) {
  const invalidate = useInvalidate(eventId);
  return useMutation({ mutationFn: (input: WebhookEndpointInput) => call(webhookEndpoints.create, { params: { eventId }, body: input }), onSuccess: invalidate });
}

export function useUpdateWebhook(eventId: string) {
  const invalidate = useInvalidate(eventId);
  return useMutation({
    mutationFn: ({ endpointId, input }: { endpointId: string; input: WebhookEndpointUpdate }) =>
      call(webhookEndpoints.update, { params: { eventId, endpointId }, body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook(eventId: string) {
  const invalidate = useInvalidate(eventId);
  return useMutation({ mutationFn: (endpointId: string) => call(webhookEndpoints.remove, { params: { eventId, endpointId } }), onSuccess: invalidate });
}

/** The secret is fetched only when asked for, and not kept after the page is left. */
export const webhookSecretQueryOptions = (eventId: string, endpointId: string) =>
  queryOptions({
    queryKey: webhookKeys.secret(eventId, endpointId),
    queryFn: ({ signal }) => call(webhookEndpoints.secret, { params: { eventId, endpointId }, signal }),
    enabled: false,
    gcTime: 0,
    staleTime: Infinity,
    retry: noRetryOnClientError,
  });

export function useRotateSecret(eventId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(webhookEndpoints.rotateSecret, { params: { eventId, endpointId } }),
    onSuccess: (secret) => queryClient.setQueryData(webhookKeys.secret(eventId, endpointId), secret),
  });
}

export function useSendPing(eventId: string) {
  const invalidate = useInvalidate(eventId);
  return useMutation({ mutationFn: (endpointId: string) => call(webhookEndpoints.ping, { params: { eventId, endpointId } }), onSuccess: invalidate });
}

export function useResendDelivery(eventId: string, endpointId: string) {
  const invalidate = useInvalidate(eventId);
  return useMutation({
    mutationFn: (deliveryId: string) => call(webhookEndpoints.resend, { params: { eventId, endpointId, deliveryId } }),
    onSuccess: invalidate,
  });
}
