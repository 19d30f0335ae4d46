import { devMailboxEndpoints } from '@mingle/shared/dev-mailbox/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api';

// While a developer waits for a sign-up code, new mail should appear without clicking Refresh.
const POLL_MS = 5_000;

export const mailboxQueryOptions = () =>
  queryOptions({
    queryKey: ['dev', 'mailbox'],
    queryFn: async ({ signal }) => {
      const { messages } = await call(devMailboxEndpoints.list, { signal });
      return [...messages].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    },
    staleTime: 0,
    // Stop polling a server that is down or hides the mailbox; the Refresh button still works.
    refetchInterval: (query) => (query.state.status === 'error' ? false : POLL_MS),
  });
