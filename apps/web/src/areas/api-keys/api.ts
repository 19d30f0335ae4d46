import { apiKeyEndpoints } from '@mingle/shared/api-keys/endpoints';
import type { CreateApiKeyInput } from '@mingle/shared/api-keys/inputs';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';

export const apiKeyKeys = { all: ['api-keys'] as const };

export const apiKeysQueryOptions = queryOptions({
  queryKey: apiKeyKeys.all,
  queryFn: ({ signal }) => call(apiKeyEndpoints.list, { signal }),
});

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => call(apiKeyEndpoints.create, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => call(apiKeyEndpoints.revoke, { params: { keyId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
