import { liveTopics } from '@mingle/shared/core/live';
import type { QuestionDto } from '@mingle/shared/qa/contract';
import { QA_LIMITS, qaMessages, questionTextSchema } from '@mingle/shared/qa/inputs';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, MessageCircleQuestion, MessageSquareOff, ThumbsUp } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/datetime';
import { usePersonName } from '@/lib/person-name';
import { useLiveTopic } from '@/lib/use-live-topic';
import { qaKeys, qaQueryOptions, recordSessionView, useAnswerQuestion, useAskQuestion, useToggleUpvote } from './api';

/** /sessions/:sessionId/qa (spec 02 "Session Q&A"). */
export function QaPage() {
  const { sessionId = '' } = useParams();
  return <SessionQa sessionId={sessionId} />;
}

const fieldClass =
  'w-full rounded-lg border border-input bg-background px-3 py-2 text-base leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm';

function SessionQa({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('qa');
  const qa = useQuery(qaQueryOptions(sessionId));
  const navigate = useNavigate();
  useLiveTopic(qa.isSuccess ? liveTopics.sessionQa(sessionId) : null, [qaKeys.session(sessionId)]);

  // Opening a session's Q&A counts as a session view for Event Analytics; a failed write is ignored.
  useEffect(() => {
    recordSessionView(sessionId).catch(() => undefined);
  }, [sessionId]);
  useEffect(() => {
    document.title = qa.data ? t('{{session}} · Q&A · Mingle', { session: qa.data.session.title }) : t('Q&A · Mingle');
  }, [qa.data, t]);
  useEffect(() => {
    if (qa.isError) toast.error(t('Error'), { description: t(qaMessages.loadFailed, { ns: 'messages' }) });
  }, [qa.isError, t]);

  return (
    <>
      <Button variant="ghost" size="sm" className="-ml-2 mb-3" onClick={() => (window.history.length > 1 ? void navigate(-1) : void navigate('/dashboard'))}>
        <ArrowLeft aria-hidden />
        {t('Back')}
      </Button>
      {qa.isPending ? (
        <div className="grid gap-4">
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-40 w-full rounded-xl" />
        </div>
      ) : qa.isError ? (
        <EmptyState icon={MessageSquareOff} tone="danger" title={t(qaMessages.loadFailed, { ns: 'messages' })} action={<Button onClick={() => void qa.refetch()}>{t('Try again')}</Button>}>
          {t(qa.error.message, { ns: 'messages' })}
        </EmptyState>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{qa.data.session.title}</h1>
            <p className="mt-1 text-muted-foreground">{t('Session Q&A')}</p>
          </div>
          <AskBox sessionId={sessionId} />
          {qa.data.questions.length === 0 ? (
            <EmptyState icon={MessageCircleQuestion} title={t(qaMessages.empty, { ns: 'messages' })} />
          ) : (
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-4" aria-label={t('Questions')}>
              {qa.data.questions.map((question) => (
                <li key={question.id}>
                  <QuestionCard sessionId={sessionId} question={question} canAnswer={qa.data.canAnswer} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}

function AskBox({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('qa');
  const [text, setText] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const ask = useAskQuestion(sessionId);
  const fieldId = useId();
  const remaining = text.length > QA_LIMITS.counterFrom ? t('{{count}} characters remaining', { count: QA_LIMITS.max - text.length }) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = questionTextSchema.safeParse(text);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      toast.error(t(qaMessages.validation, { ns: 'messages' }), { description: issue && t(issue, { ns: 'messages' }) });
      return;
    }
    ask.mutate(
      { question: parsed.data, isAnonymous: anonymous },
      {
        onSuccess: () => {
          toast.success(t('Success'), { description: t(qaMessages.submitted, { ns: 'messages' }) });
          setText('');
        },
        onError: (error) =>
          error instanceof ApiError && error.status === 400
            ? toast.error(t(qaMessages.validation, { ns: 'messages' }), { description: t(error.message, { ns: 'messages' }) })
            : toast.error(t('Error'), { description: t(qaMessages.submitFailed, { ns: 'messages' }) }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="rounded-xl border border-border bg-card p-4 shadow-xs sm:p-5">
      <h2 className="mb-3 text-lg font-semibold">
        <label htmlFor={fieldId}>{t('Ask a Question')}</label>
      </h2>
      <textarea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={QA_LIMITS.max}
        rows={3}
        placeholder={t('What would you like to ask the speaker?')}
        className={cn(fieldClass, 'min-h-24 resize-y')}
      />
      {remaining && (
        <p className="mt-1 text-right text-xs tabular-nums text-warning" aria-live="polite">
          {remaining}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <label className="inline-flex items-center gap-2 text-sm">
          <Checkbox checked={anonymous} onCheckedChange={(value) => setAnonymous(value === true)} />
          {t('Ask as Anonymous')}
        </label>
        <Button type="submit" disabled={text.trim().length === 0} loading={ask.isPending}>
          {t('Submit Question')}
        </Button>
      </div>
    </form>
  );
}

function QuestionCard({ sessionId, question, canAnswer }: { sessionId: string; question: QuestionDto; canAnswer: boolean }) {
  const { t } = useTranslation('qa');
  const upvote = useToggleUpvote(sessionId);
  const personName = usePersonName();
  const [answering, setAnswering] = useState(false);
  return (
    <article className={cn('flex gap-3 rounded-xl border bg-card p-4 shadow-xs sm:gap-4 sm:p-5', question.isAnswered ? 'border-success/40' : 'border-border')}>
      <Button
        variant={question.hasUpvoted ? 'default' : 'outline'}
        size="sm"
        className="h-auto shrink-0 flex-col gap-0.5 self-start px-2.5 py-2"
        aria-pressed={question.hasUpvoted}
        aria-label={t('Upvote ({{count}} upvotes)', { count: question.upvotes })}
        onClick={() => upvote.mutate({ questionId: question.id, upvoted: !question.hasUpvoted })}
      >
        <ThumbsUp aria-hidden />
        <span className="tabular-nums" data-testid="upvote-count">
          {question.upvotes}
        </span>
      </Button>
      <div className="min-w-0 flex-1">
        {question.isAnswered && (
          <Badge variant="success" className="mb-2">
            <CheckCircle2 aria-hidden className="size-3" />
            {t('Answered')}
          </Badge>
        )}
        <p className="whitespace-pre-wrap break-words font-medium leading-relaxed">{question.question}</p>
        {question.answer && (
          <div className="mt-3 rounded-lg border-l-4 border-success bg-success-soft/60 px-3 py-2 text-sm">
            <p className="font-semibold">{t('Answer')}</p>
            <p className="whitespace-pre-wrap break-words">{question.answer}</p>
          </div>
        )}
        <p className="mt-2 text-sm text-muted-foreground">
          {t('Asked by {{name}} · {{date}}', { name: question.isAnonymous ? t('Anonymous') : personName(question.askedBy), date: formatDate(question.createdAt) })}
        </p>
        {canAnswer && !answering && (
          <Button variant="ghost" size="sm" className="-ml-2 mt-1" onClick={() => setAnswering(true)}>
            {question.answer ? t('Edit answer') : t('Answer')}
          </Button>
        )}
        {canAnswer && answering && <AnswerForm sessionId={sessionId} question={question} onDone={() => setAnswering(false)} />}
      </div>
    </article>
  );
}

function AnswerForm({ sessionId, question, onDone }: { sessionId: string; question: QuestionDto; onDone: () => void }) {
  const { t } = useTranslation('qa');
  const [answer, setAnswer] = useState(question.answer ?? '');
  const [answered, setAnswered] = useState(question.isAnswered || !question.answer);
  const save = useAnswerQuestion(sessionId);
  const fieldId = useId();
  return (
    <form
      className="mt-3 grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { questionId: question.id, input: { answer, isAnswered: answered } },
          { onSuccess: onDone, onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }) },
        );
      }}
    >
      <label htmlFor={fieldId} className="text-sm font-medium">
        {t('Your answer')}
      </label>
      <textarea id={fieldId} value={answer} onChange={(event) => setAnswer(event.target.value)} maxLength={QA_LIMITS.answerMax} rows={3} className={fieldClass} />
      <label className="inline-flex items-center gap-2 text-sm">
        <Checkbox checked={answered} onCheckedChange={(value) => setAnswered(value === true)} />
        {t('Mark as answered')}
      </label>
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={save.isPending}>
          {t('Save answer')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {t('Cancel')}
        </Button>
      </div>
    </form>
  );
}
