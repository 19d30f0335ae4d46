import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type MailStatus = 'queued' | 'sent' | 'failed' | 'stored';

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: MailStatus;
  error: string | null;
  createdAt: string;
}

// While a developer waits for a sign-up code, new mail should appear without clicking Refresh.
const POLL_MS = 5_000;

export const mailboxQueryOptions = () =>
  queryOptions({
    queryKey: ['dev', 'mailbox'],
    queryFn: async ({ signal }) => {
      const { messages } = await api.get<{ messages: MailboxMessage[] }>('/api/dev/mailbox', { signal });
      return [...messages].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    },
    staleTime: 0,
    // Stop polling a server that is down or hides the mailbox; the Refresh button still works.
    refetchInterval: (query) => (query.state.status === 'error' ? false : POLL_MS),
  });
