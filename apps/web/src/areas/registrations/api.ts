import type { RegistrationAnswersInput, RegistrationListStatus, RegistrationQuestionInput } from '@mingle/shared/registrations/inputs';
import { registrationEndpoints } from '@mingle/shared/registrations/endpoints';
import type { RegistrationImportInput } from '@mingle/shared/registrations/import';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { noRetryOnClientError } from '@/lib/paged-query';

export const registrationKeys = {
  all: (eventId: string) => ['registrations', eventId] as const,
  questions: (eventId: string) => ['registrations', eventId, 'questions'] as const,
  summary: (eventId: string) => ['registrations', eventId, 'summary'] as const,
  list: (eventId: string, status: RegistrationListStatus, search: string) => ['registrations', eventId, 'list', status, search] as const,
};

export const registrationSummaryQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: registrationKeys.summary(eventId),
    queryFn: ({ signal }) => call(registrationEndpoints.summary, { params: { eventId }, signal }),
    retry: noRetryOnClientError,
  });

export const registrationListQueryOptions = (eventId: string, status: RegistrationListStatus, search: string) =>
  infiniteQueryOptions({
    queryKey: registrationKeys.list(eventId, status, search),
    queryFn: ({ pageParam, signal }) =>
      call(registrationEndpoints.list, { params: { eventId }, query: { status, search: search || undefined, cursor: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: noRetryOnClientError,
  });

/** After a change to who holds a place: the event cards and pages (their buttons) and the organizer's lists. */
function useInvalidateRegistrations(eventId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['events'] }),
      queryClient.invalidateQueries({ queryKey: ['public-event'] }),
      queryClient.invalidateQueries({ queryKey: registrationKeys.all(eventId) }),
    ]);
}

export const registrationQuestionsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: registrationKeys.questions(eventId),
    queryFn: ({ signal }) => call(registrationEndpoints.questions, { params: { eventId }, signal }),
    retry: noRetryOnClientError,
  });

/** Registers the caller, with their answers when the event asks questions. */
export function useRegister(eventId: string) {
  const invalidate = useInvalidateRegistrations(eventId);
  return useMutation({
    mutationFn: (answers: RegistrationAnswersInput['answers'] = []) => call(registrationEndpoints.register, { params: { eventId }, body: { answers } }),
    onSuccess: invalidate,
  });
}

export function useSaveQuestions(eventId: string) {
  const invalidate = useInvalidateRegistrations(eventId);
  return useMutation({
    mutationFn: (questions: RegistrationQuestionInput[]) => call(registrationEndpoints.saveQuestions, { params: { eventId }, body: { questions } }),
    onSuccess: invalidate,
  });
}

export function useCancelRegistration(eventId: string) {
  const invalidate = useInvalidateRegistrations(eventId);
  return useMutation({ mutationFn: () => call(registrationEndpoints.cancel, { params: { eventId } }), onSuccess: invalidate });
}

export function useRemoveRegistration(eventId: string) {
  const invalidate = useInvalidateRegistrations(eventId);
  return useMutation({
    mutationFn: (userId: string) => call(registrationEndpoints.remove, { params: { eventId, userId } }),
    onSuccess: invalidate,
  });
}

/** The import's preview (`dryRun`) or the import itself: a line per row of what happens to it. */
export function useImportRegistrations(eventId: string) {
  const invalidate = useInvalidateRegistrations(eventId);
  return useMutation({
    mutationFn: (input: RegistrationImportInput) => call(registrationEndpoints.import, { params: { eventId }, body: input }),
    onSuccess: (result) => (result.dryRun ? undefined : invalidate()),
  });
}
