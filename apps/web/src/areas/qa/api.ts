import { analyticsEndpoints } from '@mingle/shared/analytics/endpoints';
import type { QaDto, QuestionDto } from '@mingle/shared/qa/contract';
import { qaEndpoints } from '@mingle/shared/qa/endpoints';
import type { AnswerInput, QuestionInput } from '@mingle/shared/qa/inputs';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { call } from '@/lib/api';

export const qaKeys = { session: (sessionId: string) => ['qa', sessionId] as const };

export const qaQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: qaKeys.session(sessionId),
    queryFn: ({ signal }) => call(qaEndpoints.list, { params: { sessionId }, signal }),
  });

/** Opening a session's Q&A counts as a session view for Event Analytics. */
export const recordSessionView = (sessionId: string) => call(analyticsEndpoints.sessionView, { params: { sessionId } });

export function useAskQuestion(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuestionInput) => call(qaEndpoints.ask, { params: { sessionId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qaKeys.session(sessionId) }),
  });
}

/** Upvote or withdraw: the screen updates immediately (spec), and goes back if the server refuses. */
export function useToggleUpvote(sessionId: string) {
  const { t } = useTranslation('qa');
  const queryClient = useQueryClient();
  const key = qaKeys.session(sessionId);
  const patch = (questionId: string, change: (question: QuestionDto) => QuestionDto) =>
    queryClient.setQueryData<QaDto>(key, (data) => data && { ...data, questions: data.questions.map((q) => (q.id === questionId ? change(q) : q)) });
  return useMutation({
    mutationFn: ({ questionId, upvoted }: { questionId: string; upvoted: boolean }) =>
      call(upvoted ? qaEndpoints.upvote : qaEndpoints.removeUpvote, { params: { questionId } }),
    onMutate: async ({ questionId, upvoted }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<QaDto>(key);
      patch(questionId, (q) => ({ ...q, hasUpvoted: upvoted, upvotes: Math.max(0, q.upvotes + (q.hasUpvoted === upvoted ? 0 : upvoted ? 1 : -1)) }));
      return { previous };
    },
    onSuccess: (result) => patch(result.questionId, (q) => ({ ...q, upvotes: result.upvotes, hasUpvoted: result.hasUpvoted })),
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(t('Error'), { description: t('Failed to update upvote') });
    },
  });
}

export function useAnswerQuestion(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, input }: { questionId: string; input: AnswerInput }) => call(qaEndpoints.answer, { params: { questionId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qaKeys.session(sessionId) }),
  });
}
