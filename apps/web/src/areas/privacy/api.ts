import { consentEndpoints, privacyEndpoints } from '@mingle/shared/privacy/endpoints';
import type { DeleteAccountInput } from '@mingle/shared/privacy/inputs';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '@/lib/api';
import { live } from '@/lib/live';

export { DATA_EXPORT_PATH } from '@mingle/shared/privacy/endpoints';

/** What deleting the account asks for (password or email) and whether the person still organizes events. */
export const accountDeletionQueryOptions = queryOptions({
  queryKey: ['privacy', 'account-deletion'] as const,
  queryFn: ({ signal }) => call(privacyEndpoints.deletion, { signal }),
  staleTime: 0,
});

/** Deletes the account; on success the person is signed out everywhere and lands on the confirmation page. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => call(privacyEndpoints.deleteAccount, { body: input }),
    onSuccess: async () => {
      // Leave the signed-in page first: clearing the cache under it would refetch as a visitor and bounce to /auth.
      await navigate('/account-deleted', { replace: true });
      queryClient.clear();
      live.restart();
    },
  });
}

/** The caller's consents (decision 0191): what they agreed to and when, and the history. */
export const myConsentsQueryOptions = queryOptions({
  queryKey: ['privacy', 'consents'] as const,
  queryFn: ({ signal }) => call(consentEndpoints.mine, { signal }),
});

/** Withdraws (`give: false`) or gives again the consent to share details with organizers and sponsors. */
export function useSetSharingConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (give: boolean) =>
      call(give ? consentEndpoints.give : consentEndpoints.withdraw, { params: { kind: 'share_with_sponsors' } }),
    onSuccess: (consents) => {
      queryClient.setQueryData(myConsentsQueryOptions.queryKey, consents);
      // The sponsors that hold the person's details show them, or not, from now on.
      void queryClient.invalidateQueries({ queryKey: ['sponsors'] });
    },
  });
}
