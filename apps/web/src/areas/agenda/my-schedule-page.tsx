import { checkInOpensAt, checkInState } from '@mingle/shared/domain/time-rules';
import type { ScheduleItemDto } from '@mingle/shared/agenda/contract';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CalendarCheck2, CalendarPlus, CalendarRange, CheckCircle2, LogIn, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { SubscribeCalendarButton } from '@/areas/calendar-feeds';
import { LoadError } from '@/components/list-parts';
import { PageTitle } from '@/components/ui/page-title';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { ViewerTime } from '@/components/zoned-time';
import { formatZonedDateTime } from '@/lib/datetime';
import { scheduleQueryOptions, useCheckIn, useRemoveBookmark } from './api';
import { SessionFacts, SessionTime, SessionTypeBadge, TYPE_ACCENTS } from './session-bits';

/** /my-schedule (spec 02 "My Schedule"): bookmarked sessions by event, remove, check in, conflicts, calendar files. */
export function MySchedulePage() {
  return <MySchedule />;
}

function MySchedule() {
  const { t } = useTranslation('agenda');
  const schedule = useQuery(scheduleQueryOptions);
  useEffect(() => {
    if (schedule.isError) toast.error(t('Error'), { description: t('Failed to load your schedule') });
  }, [schedule.isError, t]);

  const items = schedule.data?.items ?? [];
  // Grouped by event, events in order of their first bookmark, sessions by start time inside each.
  const groups: Array<{ eventId: string; eventName: string; items: ScheduleItemDto[] }> = [];
  for (const item of items) {
    const group = groups.find((candidate) => candidate.eventId === item.event.id);
    if (group) group.items.push(item);
    else groups.push({ eventId: item.event.id, eventName: item.event.name, items: [item] });
  }
  for (const group of groups) group.items.sort((a, b) => Date.parse(a.session.startTime) - Date.parse(b.session.startTime));
  const conflicts = items.filter((item) => item.conflict).length;

  return (
    <>
      <PageTitle
        back={{ to: '/dashboard', label: t('Back to Dashboard') }}
        title={t('My Schedule')}
        description={t('The sessions you bookmarked, with your check-ins.')}
        actions={
          <>
            <SubscribeCalendarButton kind="schedule" />
            {items.length > 0 && (
              <a href="/api/schedule/calendar.ics" download="my-schedule.ics" className={buttonVariants({ variant: 'outline' })}>
                <CalendarPlus aria-hidden />
                {t('Add to calendar')}
              </a>
            )}
          </>
        }
      />
      {schedule.isPending ? (
        <div role="status" aria-label={t('Loading your schedule')} className="grid gap-3">
          <Skeleton className="h-6 w-48" />
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-32 w-full rounded-xl" />
          ))}
        </div>
      ) : schedule.isError ? (
        <LoadError title={t('Failed to load your schedule')} error={schedule.error} onRetry={() => void schedule.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={CalendarRange}
          title={t('No sessions in your schedule yet')}
          action={
            <Link to="/dashboard" className={buttonVariants()}>
              {t('Browse Events')}
            </Link>
          }
        >
          {t("Bookmark sessions on an event's agenda and they appear here.")}
        </EmptyState>
      ) : (
        <div className="grid gap-8">
          {conflicts > 0 && (
            <p role="note" className="flex items-start gap-2 rounded-lg border border-warning/30 bg-warning-soft px-4 py-3 text-sm text-[oklch(0.42_0.11_60)]">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
              {t('{{count}} sessions overlap. Pick the one you will attend, or keep both and decide on the day.', { count: conflicts })}
            </p>
          )}
          {groups.map((group) => (
            <section key={group.eventId} aria-labelledby={`schedule-${group.eventId}`}>
              <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
                <h2 id={`schedule-${group.eventId}`} className="text-lg font-semibold tracking-tight">
                  {group.eventName}
                </h2>
                <Link to={`/events/${group.eventId}/agenda`} className="text-sm font-medium text-primary hover:underline">
                  {t('View Agenda')}
                </Link>
              </div>
              <ul className="grid gap-3">
                {group.items.map((item) => (
                  <li key={item.bookmarkId}>
                    <ScheduleCard item={item} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </>
  );
}

/** The time now, again every half minute: a check-in window opens and closes while the page is open. */
function useClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function ScheduleCard({ item }: { item: ScheduleItemDto }) {
  const { t } = useTranslation('agenda');
  const { session } = item;
  const remove = useRemoveBookmark();
  const checkIn = useCheckIn();
  const full = !session.isCheckedIn && session.maxCapacity !== null && session.attendeeCount >= session.maxCapacity;
  const now = useClock();
  // Check-in is open from 30 minutes before the start until the end (decision 0105); the server says the same.
  const checkInWindow = checkInState(session, now);

  const onCheckIn = () => checkIn.mutate(session);
  const onRemove = () => remove.mutate(session);

  return (
    <article
      aria-labelledby={`item-${item.bookmarkId}`}
      className={cn('flex overflow-hidden rounded-xl border bg-card shadow-xs', item.conflict ? 'border-warning/50' : 'border-border')}
    >
      <div aria-hidden className={cn('w-1.5 shrink-0', TYPE_ACCENTS[session.sessionType])} />
      <div className="flex min-w-0 flex-1 flex-col gap-4 p-4 sm:p-5">
        <div className="min-w-0">
          <div className="mb-1.5 flex flex-wrap items-center gap-2">
            <SessionTypeBadge type={session.sessionType} />
            {item.conflict && (
              <Badge variant="warning">
                <AlertTriangle aria-hidden />
                {t('Conflict')}
              </Badge>
            )}
            {session.isCheckedIn && (
              <Badge variant="success">
                <CheckCircle2 aria-hidden />
                {t('Checked in')}
              </Badge>
            )}
          </div>
          <h3 id={`item-${item.bookmarkId}`} className="font-semibold leading-snug">
            {session.title}
          </h3>
          <SessionTime session={session} className="mt-1.5" />
          <SessionFacts session={session} />
        </div>
        <div className="flex flex-wrap gap-2">
          {session.isCheckedIn ? (
            <span className="inline-flex h-10 items-center gap-2 rounded-md border border-success/25 bg-success-soft px-4 text-sm font-medium text-[oklch(0.42_0.11_155)]">
              <CalendarCheck2 aria-hidden className="size-4" />
              {t("You're checked in")}
            </span>
          ) : checkInWindow === 'closed' ? (
            <span className="inline-flex h-10 items-center text-sm text-muted-foreground">{t('Check-in closed: this session has ended')}</span>
          ) : (
            <>
              <Button onClick={onCheckIn} loading={checkIn.isPending} disabled={full || checkInWindow === 'not_open'}>
                {!checkIn.isPending && <LogIn aria-hidden />}
                {full ? t('Session full') : t('Check In')}
                <span className="sr-only"> {t('to {{title}}', { title: session.title })}</span>
              </Button>
              {checkInWindow === 'not_open' && (
                // The session's clock, named, and the viewer's own beside it when it reads differently.
                <span className="inline-flex min-h-10 items-center text-sm text-muted-foreground">
                  <span>
                    {t('Check-in opens {{when}}', { when: formatZonedDateTime(checkInOpensAt(session).toISOString(), session.timezone) })}
                    <ViewerTime iso={checkInOpensAt(session).toISOString()} timeZone={session.timezone} />
                  </span>
                </span>
              )}
            </>
          )}
          <a href={`/api/sessions/${session.id}/calendar.ics`} download="session.ics" className={buttonVariants({ variant: 'outline' })}>
            <CalendarPlus aria-hidden />
            {t('Add to calendar')}
            <span className="sr-only"> {session.title}</span>
          </a>
          <Button variant="ghost" className="text-muted-foreground hover:text-destructive" onClick={onRemove} loading={remove.isPending}>
            {!remove.isPending && <Trash2 aria-hidden />}
            {t('Remove')}
            <span className="sr-only"> {session.title}</span>
          </Button>
        </div>
      </div>
    </article>
  );
}
