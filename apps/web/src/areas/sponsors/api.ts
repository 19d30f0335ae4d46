import type { SponsorAction } from '@mingle/shared/core/constants';
import { sponsorEndpoints } from '@mingle/shared/sponsors/endpoints';
import type { LeadFilter, LeadInput, SponsorInput } from '@mingle/shared/sponsors/inputs';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';

export const sponsorKeys = {
  all: ['sponsors'] as const,
  list: (eventId: string) => ['sponsors', 'event', eventId] as const,
  booth: (sponsorId: string) => ['sponsors', 'booth', sponsorId] as const,
  dashboard: (sponsorId: string) => ['sponsors', 'dashboard', sponsorId] as const,
  leads: (sponsorId: string, filter: LeadFilter) => ['sponsors', 'dashboard', sponsorId, 'leads', filter] as const,
  representatives: (sponsorId: string) => ['sponsors', 'representatives', sponsorId] as const,
  cards: ['sponsors', 'cards'] as const,
  myLeads: ['sponsors', 'my-leads'] as const,
};

export const sponsorListQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: sponsorKeys.list(eventId),
    queryFn: ({ signal }) => call(sponsorEndpoints.list, { params: { eventId }, signal }),
  });

export const boothQueryOptions = (sponsorId: string) =>
  queryOptions({
    queryKey: sponsorKeys.booth(sponsorId),
    queryFn: ({ signal }) => call(sponsorEndpoints.booth, { params: { sponsorId }, signal }),
  });

export const dashboardQueryOptions = (sponsorId: string) =>
  queryOptions({
    queryKey: sponsorKeys.dashboard(sponsorId),
    queryFn: ({ signal }) => call(sponsorEndpoints.dashboard, { params: { sponsorId }, signal }),
  });

export const leadsQueryOptions = (sponsorId: string, filter: LeadFilter) =>
  infiniteQueryOptions({
    queryKey: sponsorKeys.leads(sponsorId, filter),
    queryFn: ({ pageParam, signal }) =>
      call(sponsorEndpoints.leads, { params: { sponsorId }, query: { filter, cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const representativesQueryOptions = (sponsorId: string) =>
  queryOptions({
    queryKey: sponsorKeys.representatives(sponsorId),
    queryFn: async ({ signal }) => (await call(sponsorEndpoints.representatives, { params: { sponsorId }, signal })).representatives,
  });

export const sponsorCardsQueryOptions = queryOptions({
  queryKey: sponsorKeys.cards,
  queryFn: async ({ signal }) => (await call(sponsorEndpoints.cards, { signal })).sponsors,
});

export const myLeadsQueryOptions = queryOptions({
  queryKey: sponsorKeys.myLeads,
  queryFn: async ({ signal }) => (await call(sponsorEndpoints.myLeads, { signal })).leads,
});

/** Add (no id) or replace a sponsor, then upload the chosen logo file if any; the lists refetch. */
export function useSaveSponsor(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, logoFile }: { id: string | null; input: SponsorInput; logoFile: File | null }) => {
      const saved = id
        ? await call(sponsorEndpoints.update, { params: { sponsorId: id }, body: input })
        : await call(sponsorEndpoints.create, { params: { eventId }, body: input });
      if (!logoFile) return { sponsor: saved, logoError: null };
      const form = new FormData();
      form.append('logo', logoFile);
      try {
        return { sponsor: await call(sponsorEndpoints.uploadLogo, { params: { sponsorId: saved.id }, body: form }), logoError: null };
      } catch (error) {
        return { sponsor: saved, logoError: error instanceof Error ? error.message : String(error) };
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sponsorKeys.all }),
  });
}

export function useDeleteSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sponsorId: string) => call(sponsorEndpoints.remove, { params: { sponsorId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sponsorKeys.all }),
  });
}

/**
 * Records a booth action without ever holding up the visitor: fire and forget, `keepalive` so a click that
 * leaves the page still gets sent, and any failure is ignored (spec: failures ignored).
 */
export function recordSponsorAction(sponsorId: string, action: SponsorAction): void {
  try {
    void fetch(`/api/sponsors/${sponsorId}/actions`, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ action }),
    }).catch(() => undefined);
  } catch {
    // never let analytics break the page
  }
}

export function useSubmitInterest(sponsorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LeadInput) => call(sponsorEndpoints.lead, { params: { sponsorId }, body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sponsorKeys.booth(sponsorId) }),
        queryClient.invalidateQueries({ queryKey: sponsorKeys.myLeads }),
      ]),
  });
}

export function useWithdrawInterest(sponsorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(sponsorEndpoints.withdrawLead, { params: { sponsorId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sponsorKeys.booth(sponsorId) }),
        queryClient.invalidateQueries({ queryKey: sponsorKeys.myLeads }),
      ]),
  });
}

export function useWithdrawMyLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leadId: string) => call(sponsorEndpoints.withdrawMyLead, { params: { leadId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sponsorKeys.all }),
  });
}

export function useAddRepresentative(sponsorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => call(sponsorEndpoints.addRepresentative, { params: { sponsorId }, body: { email } }),
    onSuccess: (data) => queryClient.setQueryData(sponsorKeys.representatives(sponsorId), data.representatives),
  });
}

export function useRemoveRepresentative(sponsorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call(sponsorEndpoints.removeRepresentative, { params: { sponsorId, userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sponsorKeys.representatives(sponsorId) }),
  });
}
