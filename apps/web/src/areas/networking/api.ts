import { networkingEndpoints } from '@mingle/shared/networking/endpoints';
import { type AttendeeOrder, type ConnectInput, NETWORKING_MESSAGES } from '@mingle/shared/networking/inputs';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, call } from '@/lib/api';

export const networkingKeys = {
  all: ['attendees'] as const,
  list: (q: string, order: AttendeeOrder) => ['attendees', 'list', q, order] as const,
  settings: ['networking-settings'] as const,
  connectProfile: (userId: string) => ['connect-profile', userId] as const,
};

export const ATTENDEE_PAGE_SIZE = 24;

export const attendeesQueryOptions = (q: string, order: AttendeeOrder) =>
  infiniteQueryOptions({
    queryKey: networkingKeys.list(q, order),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call(networkingEndpoints.attendees, { query: { order, limit: ATTENDEE_PAGE_SIZE, q: q || undefined, cursor: pageParam }, signal }),
    getNextPageParam: (page) => page.nextCursor,
  });

export const networkingSettingsQueryOptions = queryOptions({
  queryKey: networkingKeys.settings,
  queryFn: ({ signal }) => call(networkingEndpoints.settings, { signal }),
});

/** The card of /connect/{userId}: answered only with the person's valid connect code (or to the connected, or themself). */
export const connectProfileQueryOptions = (userId: string, token: string) =>
  queryOptions({
    queryKey: [...networkingKeys.connectProfile(userId), token],
    queryFn: ({ signal }) => call(networkingEndpoints.connectProfile, { params: { userId }, query: { token }, signal }),
    retry: false,
  });

/** The people the viewer may see, at most `limit` (the Sponsors and Networking page's Networking tab). */
export const attendeesPreviewQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: ['attendees', 'sponsors-networking'],
    queryFn: ({ signal }) => call(networkingEndpoints.attendees, { query: { limit }, signal }),
  });

/**
 * Connect with someone (spec 02 section 8): 'Connection made!' with +10 points, or the server's message. The
 * lists that show "connected" and the account's points refetch. The options' texts come translated.
 */
export function useConnect(options: { successTitle?: string; failureMessage?: string } = {}) {
  const { t } = useTranslation('networking');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConnectInput & { name: string }) =>
      call(networkingEndpoints.connect, { body: { userId: input.userId, via: input.via, token: input.token } }),
    onSuccess: (_result, { name }) => {
      if (options.successTitle) toast.success(options.successTitle);
      else toast.success(t('Connection made!'), { description: t("You've connected with {{name}}. +10 points!", { name }) });
    },
    onError: (error) =>
      toast.error(t('Error'), {
        description:
          error instanceof ApiError && error.isClientError
            ? t(error.message, { ns: 'messages' })
            : (options.failureMessage ?? t(NETWORKING_MESSAGES.connectFailed, { ns: 'messages' })),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: networkingKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['connect-profile'] }),
        queryClient.invalidateQueries({ queryKey: ['me'] }),
      ]),
  });
}

export function useSetDiscoverable() {
  const { t } = useTranslation('networking');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (discoverable: boolean) => call(networkingEndpoints.setSettings, { body: { discoverable } }),
    onSuccess: (data) => {
      queryClient.setQueryData(networkingKeys.settings, data);
      toast.success(data.discoverable ? t('You are in the attendee directory') : t('You left the attendee directory'));
    },
    onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
  });
}
