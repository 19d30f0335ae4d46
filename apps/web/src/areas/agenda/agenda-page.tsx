import { SESSION_TYPE_LABELS, SESSION_TYPES, type SessionType } from '@mingle/shared/core/constants';
import type { ViewerSessionDto } from '@mingle/shared/agenda/contract';
import { useQuery } from '@tanstack/react-query';
import { Bookmark, BookmarkCheck, CalendarDays, CalendarX2, ExternalLink, ListChecks, MapPin, Mic, MessageSquareText, UserRound, Users } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageTitle } from '@/components/ui/page-title';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDate, formatLongDate } from '@/lib/datetime';
import { agendaQueryOptions, agendaViewerQueryOptions, useToggleBookmark } from './api';
import { capacityText, SessionTime, SessionTypeBadge, TYPE_ACCENTS } from './session-bits';

type Filter = 'all' | 'mine' | SessionType;

/** /events/:eventId/agenda (spec 02 "Event agenda"). */
export function AgendaPage() {
  const { eventId = '' } = useParams();
  return <Agenda eventId={eventId} />;
}

/**
 * The agenda page's data: the event's agenda, the same for everyone (answered with an ETag), with the viewer's own
 * part (may they manage it, their bookmarks and check-ins) laid over its sessions.
 */
function useAgenda(eventId: string) {
  const shared = useQuery(agendaQueryOptions(eventId));
  const viewer = useQuery(agendaViewerQueryOptions(eventId));
  const data = useMemo(() => {
    if (!shared.data || !viewer.data) return undefined;
    const bookmarks = new Set(viewer.data.bookmarkedSessionIds);
    const checkIns = new Set(viewer.data.checkedInSessionIds);
    return {
      event: shared.data.event,
      canManage: viewer.data.canManage,
      sessions: shared.data.sessions.map((session): ViewerSessionDto => ({
        ...session,
        isBookmarked: bookmarks.has(session.id),
        isCheckedIn: checkIns.has(session.id),
      })),
    };
  }, [shared.data, viewer.data]);
  const failed = shared.isError ? shared : viewer.isError ? viewer : null;
  return {
    data,
    isPending: !failed && !data,
    isError: failed !== null,
    error: failed?.error ?? null,
    refetch: () => Promise.all([shared.refetch(), viewer.refetch()]),
  };
}

function Agenda({ eventId }: { eventId: string }) {
  const { t } = useTranslation('agenda');
  const agenda = useAgenda(eventId);
  const [filter, setFilter] = useState<Filter>('all');
  const allSessions = agenda.data?.sessions ?? [];

  useEffect(() => {
    document.title = agenda.data ? t('{{event}} · Agenda · Mingle', { event: agenda.data.event.name }) : t('Agenda · Mingle');
  }, [agenda.data, t]);
  // Any failure, a missing event or one the caller takes no part in (a 404 either way) included, is the spec's
  // 'Failed to load event agenda' on this page, never the 404 page of unknown paths (decision 0106).
  useEffect(() => {
    if (agenda.isError) {
      toast.error(t('Error'), { description: t('Failed to load event agenda') });
    }
  }, [agenda.isError, t]);

  const types = useMemo(
    () => SESSION_TYPES.filter((type) => agenda.data?.sessions.some((session) => session.sessionType === type)),
    [agenda.data],
  );
  const visible = useMemo(() => {
    const sessions = agenda.data?.sessions ?? [];
    if (filter === 'all') return sessions;
    if (filter === 'mine') return sessions.filter((session) => session.isBookmarked);
    return sessions.filter((session) => session.sessionType === filter);
  }, [agenda.data, filter]);

  return (
    <>
      {agenda.isPending ? (
        <AgendaSkeleton />
      ) : agenda.isError || !agenda.data ? (
        <EmptyState icon={CalendarX2} tone="danger" title={t('Failed to load event agenda')} action={<Button onClick={() => void agenda.refetch()}>{t('Try again')}</Button>}>
          {agenda.error && t(agenda.error.message, { ns: 'messages' })}
        </EmptyState>
      ) : (
        <>
          <PageTitle
            back={{ to: '/dashboard', label: t('Back to Dashboard') }}
            title={agenda.data.event.name}
            description={
              <div className="grid gap-2">
                {agenda.data.event.description && <p className="max-w-3xl">{agenda.data.event.description}</p>}
                <p className="inline-flex items-center gap-1.5 text-sm font-medium text-foreground">
                  <CalendarDays aria-hidden className="size-4 text-brand-600" />
                  {t('Starts {{date}}', { date: formatLongDate(agenda.data.event.startDate, agenda.data.event.timezone) })}
                </p>
              </div>
            }
            actions={
              agenda.data.canManage && (
                <Link to={`/events/${eventId}/manage-sessions`} className={buttonVariants({ variant: 'outline' })}>
                  <ListChecks aria-hidden />
                  {t('Manage Sessions')}
                </Link>
              )
            }
          />

          <div role="group" aria-label={t('Filter sessions')} className="mb-6 flex gap-2 overflow-x-auto pb-1 [scrollbar-width:none]">
            <FilterButton active={filter === 'all'} onClick={() => setFilter('all')} count={agenda.data.sessions.length}>
              {t('All Sessions')}
            </FilterButton>
            <FilterButton
              active={filter === 'mine'}
              onClick={() => setFilter('mine')}
              count={agenda.data.sessions.filter((session) => session.isBookmarked).length}
            >
              {t('My Schedule')}
            </FilterButton>
            {types.map((type) => (
              <FilterButton
                key={type}
                active={filter === type}
                onClick={() => setFilter(type)}
                count={allSessions.filter((session) => session.sessionType === type).length}
              >
                {t(SESSION_TYPE_LABELS[type], { ns: 'messages' })}
              </FilterButton>
            ))}
          </div>

          {visible.length === 0 ? (
            <EmptyState icon={CalendarX2} title={t('No sessions found for this event')}>
              {filter === 'mine' ? t('Bookmark sessions to build your schedule.') : t('Check back soon: the organizers are still planning.')}
            </EmptyState>
          ) : (
            <SessionDays eventId={eventId} sessions={visible} />
          )}
        </>
      )}
    </>
  );
}

function FilterButton({ active, onClick, count, children }: { active: boolean; onClick: () => void; count: number; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 shrink-0 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        active ? 'border-primary bg-primary text-primary-foreground shadow-sm' : 'border-border bg-background text-foreground hover:border-brand-300 hover:bg-accent',
      )}
    >
      {children}
      <span className={cn('rounded-full px-1.5 text-xs tabular-nums', active ? 'bg-white/20' : 'bg-muted text-muted-foreground')}>{count}</span>
    </button>
  );
}

/** Sessions grouped by their day (in each session's own zone), in start order. */
function SessionDays({ eventId, sessions }: { eventId: string; sessions: ViewerSessionDto[] }) {
  const days: Array<{ day: string; sessions: ViewerSessionDto[] }> = [];
  for (const session of sessions) {
    const day = formatDate(session.startTime, session.timezone);
    const last = days.at(-1);
    if (last?.day === day) last.sessions.push(session);
    else days.push({ day, sessions: [session] });
  }
  return (
    <div className="grid gap-8">
      {days.map(({ day, sessions: daySessions }) => (
        <section key={day} aria-label={day}>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{day}</h2>
          <ul className="grid gap-3">
            {daySessions.map((session) => (
              <li key={session.id}>
                <SessionCard eventId={eventId} session={session} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function SessionCard({ eventId, session }: { eventId: string; session: ViewerSessionDto }) {
  const { t } = useTranslation('agenda');
  const toggle = useToggleBookmark(eventId);
  const onToggle = () => toggle.mutate({ sessionId: session.id, title: session.title, bookmarked: !session.isBookmarked });
  const full = session.maxCapacity !== null && session.attendeeCount >= session.maxCapacity;

  return (
    <article aria-labelledby={`session-${session.id}`} className="relative flex overflow-hidden rounded-xl border border-border bg-card shadow-xs">
      <div aria-hidden className={cn('w-1.5 shrink-0', TYPE_ACCENTS[session.sessionType])} />
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4 sm:flex-row sm:gap-6 sm:p-5">
        <div className="min-w-0 flex-1">
          <div className="mb-2 flex flex-wrap items-center gap-2">
            <SessionTypeBadge type={session.sessionType} />
            {session.isCheckedIn && <Badge variant="success">{t('Checked in')}</Badge>}
            {full && <Badge variant="warning">{t('Full')}</Badge>}
          </div>
          <h3 id={`session-${session.id}`} className="text-base font-semibold leading-snug sm:text-lg">
            {session.title}
          </h3>
          <SessionTime session={session} className="mt-2" />
          {session.description && <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-foreground/80">{session.description}</p>}
          <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-muted-foreground">
            {session.speakerName && (
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">{t('Speaker')}</dt>
                <Mic aria-hidden className="size-4" />
                <dd>{session.speakerName}</dd>
              </div>
            )}
            {session.hostName && (
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">{t('Host')}</dt>
                <UserRound aria-hidden className="size-4" />
                <dd>{t('Hosted by {{name}}', { name: session.hostName })}</dd>
              </div>
            )}
            {session.location && (
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">{t('Location')}</dt>
                <MapPin aria-hidden className="size-4" />
                <dd>{session.location}</dd>
              </div>
            )}
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">{t('Capacity')}</dt>
              <Users aria-hidden className="size-4" />
              <dd>{capacityText(session, t)}</dd>
            </div>
          </dl>
          {(session.tags.length > 0 || session.referenceUrl) && (
            <div className="mt-3 flex flex-wrap items-center gap-1.5">
              {session.tags.map((tag) => (
                <span key={tag} className="rounded-md bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                  #{tag}
                </span>
              ))}
              {session.referenceUrl && (
                <a
                  href={session.referenceUrl}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="inline-flex items-center gap-1 rounded-md px-1 text-xs font-medium text-primary hover:underline"
                >
                  <ExternalLink aria-hidden className="size-3.5" />
                  {t('Workshop materials')}
                </a>
              )}
            </div>
          )}
        </div>
        <div className="flex shrink-0 gap-2 sm:w-40 sm:flex-col">
          <Button
            variant={session.isBookmarked ? 'secondary' : 'outline'}
            aria-pressed={session.isBookmarked}
            onClick={onToggle}
            className="flex-1 sm:flex-none"
          >
            {session.isBookmarked ? <BookmarkCheck aria-hidden className="text-brand-600" /> : <Bookmark aria-hidden />}
            {session.isBookmarked ? t('Bookmarked') : t('Bookmark')}
            <span className="sr-only"> {session.title}</span>
          </Button>
          <Link to={`/sessions/${session.id}/qa`} className={buttonVariants({ variant: 'ghost', className: 'flex-1 sm:flex-none' })}>
            <MessageSquareText aria-hidden />
            {t('View Q&A')}
            <span className="sr-only"> {t('for {{title}}', { title: session.title })}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

function AgendaSkeleton() {
  const { t } = useTranslation('agenda');
  return (
    <div role="status" aria-label={t('Loading agenda')} className="grid gap-4">
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <div className="mt-4 flex gap-2">
        {[0, 1, 2].map((pill) => (
          <Skeleton key={pill} className="h-9 w-28 rounded-full" />
        ))}
      </div>
      {[0, 1, 2].map((card) => (
        <Skeleton key={card} className="h-36 w-full rounded-xl" />
      ))}
    </div>
  );
}
