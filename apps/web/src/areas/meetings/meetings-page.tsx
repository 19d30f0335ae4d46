import { liveTopics } from '@mingle/shared/core/live';
import type { MeetingDto } from '@mingle/shared/meetings/contract';
import { MEETING_MESSAGES } from '@mingle/shared/meetings/inputs';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck2, CalendarClock, CalendarPlus, Check, Clock, Download, Inbox, MapPin, MessageSquare, Send, ServerCrash, Video, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Link, useSearchParams } from 'react-router';
import { SubscribeCalendarButton } from '@/areas/calendar-feeds';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { PageTitle } from '@/components/ui/page-title';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { ViewerTime } from '@/components/zoned-time';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { formatTimeSpan } from '@/lib/datetime';
import { useLiveTopic } from '@/lib/use-live-topic';
import { meetingKeys, meetingPartnerQueryOptions, meetingsQueryOptions, useMeetingAction } from './api';
import { RequestMeetingDialog } from './request-meeting-dialog';
import { Trans, useTranslation } from 'react-i18next';

const TABS = ['requests', 'scheduled', 'sent'] as const;
type Tab = (typeof TABS)[number];

/**
 * /meetings (spec 02 "My Meetings"): Requests, Scheduled and Sent, live. `?with={userId}` opens the request dialog
 * with that person preselected (Discover Attendees and the sponsors' Networking tab link here).
 */
export function MeetingsPage() {
  return <Meetings />;
}

function Meetings() {
  const { t } = useTranslation('meetings');
  const me = useCurrentUser().data?.user.id ?? null;
  const meetings = useQuery(meetingsQueryOptions);
  useLiveTopic(me ? liveTopics.userMeetings(me) : null, [meetingKeys.all]);
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'requests';
  const withId = params.get('with');
  const closeRequest = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('with');
        return next;
      },
      { replace: true },
    );

  const all = meetings.data ?? [];
  const groups: Record<Tab, MeetingDto[]> = {
    requests: all.filter((m) => m.status === 'pending' && m.recipient.id === me),
    scheduled: all.filter((m) => m.status === 'accepted'),
    sent: all.filter((m) => m.status === 'pending' && m.requester.id === me),
  };
  const labels: Record<Tab, { label: string; empty: string; icon: typeof Inbox; hint: string }> = {
    requests: { label: t('Requests'), empty: t('No pending meeting requests'), icon: Inbox, hint: t('Requests people send you appear here.') },
    scheduled: { label: t('Scheduled'), empty: t('No scheduled meetings'), icon: CalendarClock, hint: t('Accepted meetings appear here.') },
    sent: { label: t('Sent'), empty: t('No sent requests'), icon: Send, hint: t('Requests you send wait here for an answer.') },
  };

  return (
    <>
      <PageTitle
        back={{ to: '/dashboard', label: t('Back to Dashboard') }}
        title={t('My Meetings')}
        description={t('Your 1:1 meeting requests and scheduled meetings.')}
        actions={
          <>
            <Link to="/attendees" className={buttonVariants({ variant: 'outline' })}>
              <CalendarPlus aria-hidden />
              {t('Find people to meet')}
            </Link>
            <SubscribeCalendarButton kind="meetings" />
            <a href="/api/meetings/export.csv" download className={buttonVariants({ variant: 'ghost' })}>
              <Download aria-hidden />
              {t('Export CSV')}
            </a>
          </>
        }
      />
      {withId && <PreselectedRequest key={withId} userId={withId} onClose={closeRequest} />}
      {meetings.isPending ? (
        <div role="status" aria-label={t('Loading meetings')} className="grid gap-3">
          <Skeleton className="h-10 w-72" />
          {[0, 1].map((row) => (
            <Skeleton key={row} className="h-36 w-full rounded-xl" />
          ))}
        </div>
      ) : meetings.isError ? (
        <EmptyState icon={ServerCrash} tone="danger" title={t('Could not load meetings')} action={<Button onClick={() => void meetings.refetch()}>{t('Try again')}</Button>}>
          {t(meetings.error.message, { ns: 'messages' })}
        </EmptyState>
      ) : (
        <Tabs value={tab} onValueChange={(next) => setParams(next === 'requests' ? {} : { tab: next }, { replace: true })}>
          <TabsList className="w-full sm:w-auto">
            {TABS.map((key) => (
              <TabsTrigger key={key} value={key} className="group flex-1 gap-2 sm:flex-none">
                {labels[key].label}
                <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums text-muted-foreground group-data-[state=active]:bg-brand-100 group-data-[state=active]:text-brand-800">
                  {groups[key].length}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((key) => (
            <TabsContent key={key} value={key} className="mt-5">
              {groups[key].length === 0 ? (
                <EmptyState icon={labels[key].icon} title={labels[key].empty}>
                  {labels[key].hint}
                </EmptyState>
              ) : (
                <ul className="grid gap-3">
                  {groups[key].map((meeting) => (
                    <li key={meeting.id}>
                      <MeetingCard meeting={meeting} me={me} />
                    </li>
                  ))}
                </ul>
              )}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </>
  );
}

/** The request dialog for `?with={userId}`; someone the viewer may not meet gets the spec's refusal instead. */
function PreselectedRequest({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation('meetings');
  const person = useQuery(meetingPartnerQueryOptions(userId));
  const failed = person.isError;
  const reason = person.error instanceof ApiError && person.error.status === 400 ? person.error.message : MEETING_MESSAGES.cannotRequest;
  // onClose is a new function on every render of the page: read the latest, so the toast shows once per link.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    if (!failed) return;
    toast.error(t('Error'), { description: t(reason, { ns: 'messages' }) });
    closeRef.current();
  }, [failed, reason, t]);
  if (!person.data) return null;
  return <RequestMeetingDialog recipient={person.data} open onOpenChange={(open) => !open && onClose()} />;
}

function MeetingCard({ meeting, me }: { meeting: MeetingDto; me: string | null }) {
  const { t } = useTranslation('meetings');
  const act = useMeetingAction();
  const received = meeting.recipient.id === me;
  const other = received ? meeting.requester : meeting.recipient;
  const end = new Date(Date.parse(meeting.proposedTime) + meeting.durationMinutes * 60_000).toISOString();
  const pending = meeting.status === 'pending';
  const running = act.isPending ? act.variables?.action : null;
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const headingId = `meeting-${meeting.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-border bg-card p-4 shadow-xs sm:p-5">
      <div className="flex items-start gap-3">
        <Avatar name={other.fullName} size="md" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="font-semibold leading-snug">
              {other.fullName}
            </h2>
            {pending ? (
              <Badge variant="warning">{received ? t('Wants to meet you') : t('Awaiting reply')}</Badge>
            ) : (
              <Badge variant="success">
                <CalendarCheck2 aria-hidden />
                {t('Scheduled')}
              </Badge>
            )}
          </div>
          {other.company && <p className="text-sm text-muted-foreground">{other.company}</p>}
        </div>
      </div>
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        <div className="flex items-center gap-2">
          <dt className="sr-only">{t('When')}</dt>
          <Clock aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <dd>
            {/* An event's meeting is read in the event's zone, the viewer's own time beside it; one outside any event in the viewer's. */}
            {formatTimeSpan(meeting.proposedTime, end, meeting.eventTimeZone ?? undefined)}
            {meeting.eventTimeZone && <ViewerTime iso={meeting.proposedTime} timeZone={meeting.eventTimeZone} />}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">{t('Where')}</dt>
          {meeting.meetingType === 'virtual' ? (
            <Video aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          ) : (
            <MapPin aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          )}
          <dd>
            {meeting.meetingType === 'virtual'
              ? t('Virtual · {{minutes}} min', { minutes: meeting.durationMinutes })
              : meeting.location
                ? t('In person · {{location}} · {{minutes}} min', { location: meeting.location, minutes: meeting.durationMinutes })
                : t('In person · {{minutes}} min', { minutes: meeting.durationMinutes })}
          </dd>
        </div>
      </dl>
      <p className="mt-3 rounded-lg bg-subtle px-3 py-2.5 text-sm whitespace-pre-line text-foreground/90">{meeting.agenda}</p>
      {meeting.eventName && <p className="mt-2 text-xs text-muted-foreground">{t('At {{event}}', { event: meeting.eventName })}</p>}
      <div className="mt-4 flex flex-wrap gap-2">
        {pending && received && (
          <>
            <Button size="sm" loading={running === 'accept'} disabled={act.isPending} onClick={() => act.mutate({ id: meeting.id, action: 'accept' })}>
              {running !== 'accept' && <Check aria-hidden />}
              {t('Accept')}
            </Button>
            <Button size="sm" variant="outline" loading={running === 'decline'} disabled={act.isPending} onClick={() => act.mutate({ id: meeting.id, action: 'decline' })}>
              {running !== 'decline' && <X aria-hidden />}
              {t('Decline')}
            </Button>
          </>
        )}
        {meeting.status === 'accepted' && (
          <a href={`/api/meetings/calendar/${meeting.id}`} download="meeting.ics" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <CalendarPlus aria-hidden />
            {t('Add to calendar')}
          </a>
        )}
        <Link to={`/messages?with=${other.id}`} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          <MessageSquare aria-hidden />
          <Trans t={t} values={{ name: other.fullName }}>
            Message<span className="sr-only"> {'{{name}}'}</span>
          </Trans>
        </Link>
        {(meeting.status === 'accepted' || (pending && !received)) && (
          <Button
            size="sm"
            variant="ghost"
            className="text-muted-foreground hover:text-destructive"
            loading={running === 'cancel'}
            disabled={act.isPending}
            // A scheduled meeting is someone else's plan too: ask first. Withdrawing an unanswered request does not.
            onClick={() => (meeting.status === 'accepted' ? setConfirmingCancel(true) : act.mutate({ id: meeting.id, action: 'cancel' }))}
          >
            <Trans t={t} values={{ name: other.fullName }}>
              Cancel<span className="sr-only"> meeting with {'{{name}}'}</span>
            </Trans>
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title={t('Cancel meeting')}
        description={t('Are you sure you want to cancel your meeting with {{name}}? They will be told it is cancelled.', { name: other.fullName })}
        confirmLabel={t('Cancel Meeting')}
        cancelLabel={t('Keep Meeting')}
        destructive
        pending={running === 'cancel'}
        onConfirm={() => act.mutate({ id: meeting.id, action: 'cancel' }, { onSettled: () => setConfirmingCancel(false) })}
      />
    </article>
  );
}
