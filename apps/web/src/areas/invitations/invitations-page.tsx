import { holdsInvitationRights } from '@mingle/shared/core/roles';
import { LOAD_EVENTS_FAILED_MESSAGE, NO_INVITE_PERMISSION_MESSAGE } from '@mingle/shared/invitations/inputs';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, ServerCrash } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageTitle } from '@/components/ui/page-title';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { InvitationList } from './invitation-list';
import { invitableEventsQueryOptions } from './api';
import { SendInvitationsCard } from './send-invitations-card';

/** /event-invitations, optional ?eventId= (spec 02 "Send Event Invitations"). */
export function InvitationsPage() {
  return <Invitations />;
}

function Invitations() {
  const { t } = useTranslation('invitations');
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const roles = useCurrentUser().data?.roles ?? [];
  const holdsRights = holdsInvitationRights(roles);
  const events = useQuery({ ...invitableEventsQueryOptions, enabled: holdsRights });
  const denied = !holdsRights || (events.error instanceof ApiError && events.error.status === 403);

  useEffect(() => {
    if (!denied) return;
    toast.error(t('Access Denied'), { description: t(NO_INVITE_PERMISSION_MESSAGE, { ns: 'messages' }) });
    void navigate('/dashboard', { replace: true });
  }, [denied, navigate, t]);
  useEffect(() => {
    if (events.isError && !denied) toast.error(t(LOAD_EVENTS_FAILED_MESSAGE, { ns: 'messages' }), { description: events.error.message });
  }, [events.isError, events.error, denied, t]);

  if (denied) return null;
  const requested = searchParams.get('eventId') ?? '';
  const eventId = events.data?.some((event) => event.id === requested) ? requested : '';
  const selectEvent = (id: string) => setSearchParams({ eventId: id }, { replace: true });

  return (
    <>
      <PageTitle
        title={t('Send Event Invitations')}
        description={t('Invite people to your event by email')}
        back={{ to: '/event-manager-dashboard', label: t('Event Manager Dashboard') }}
      />
      {events.isPending ? (
        <Skeleton className="h-72 rounded-xl" />
      ) : events.isError ? (
        <EmptyState
          icon={ServerCrash}
          tone="danger"
          title={t(LOAD_EVENTS_FAILED_MESSAGE, { ns: 'messages' })}
          action={<Button onClick={() => void events.refetch()}>{t('Try again')}</Button>}
        >
          {events.error.message}
        </EmptyState>
      ) : events.data.length === 0 ? (
        <EmptyState
          icon={CalendarPlus}
          title={t('No events to invite to yet')}
          action={
            <Link to="/events/create" className={buttonVariants()}>
              {t('Create Event')}
            </Link>
          }
        >
          {t('Create an event first, then invite attendees to it.')}
        </EmptyState>
      ) : (
        <div className="grid gap-8">
          <SendInvitationsCard events={events.data} eventId={eventId} onEventChange={selectEvent} />
          {eventId && <InvitationList eventId={eventId} eventName={events.data.find((e) => e.id === eventId)!.name} />}
        </div>
      )}
    </>
  );
}
