import { liveTopics } from '@mingle/shared/core/live';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList, Download, Hourglass, Ticket, UserX } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PrintBadgesButton } from '@/areas/badges';
import { CheckInFigures, DoorSettings } from '@/areas/check-in';
import { eventQueryOptions } from '@/areas/events';
import { StatCards, type StatCard } from '@/components/stat-cards';
import { buttonVariants } from '@/components/ui/button-variants';
import { PageTitle } from '@/components/ui/page-title';
import { Skeleton } from '@/components/ui/skeleton';
import { formattingLocale } from '@/lib/i18n';
import { useLiveTopic } from '@/lib/use-live-topic';
import { useManageAccess } from '@/lib/use-manage-access';
import { registrationKeys, registrationSummaryQueryOptions } from './api';
import { ImportAttendeesButton } from './import-dialog';
import { QuestionsEditor } from './questions-editor';
import { RegistrationLists } from './registration-lists';
import { RegistrationSettings } from './registration-settings';

/** /events/:eventId/registrations: who holds a place, who waits, who cancelled, and registration's settings (organizers). */
export function RegistrationsPage() {
  const { t } = useTranslation('registrations');
  const { eventId = '' } = useParams();
  const event = useQuery(eventQueryOptions(eventId));
  const summary = useQuery(registrationSummaryQueryOptions(eventId));
  // Registrations and cancellations anywhere (another organizer, the people themselves) refresh the figures and lists.
  useLiveTopic(summary.isSuccess ? liveTopics.eventAnalytics(eventId) : null, [registrationKeys.all(eventId)]);
  const denied = useManageAccess(summary.error ?? event.error, event.data ? !event.data.viewer.canManage : false);
  useEffect(() => {
    document.title = event.data ? t('Registrations · {{event}} · Mingle', { event: event.data.name }) : t('Registrations · Mingle');
  }, [event.data, t]);
  if (denied) return null;

  const figures = summary.data;
  const numberFormat = new Intl.NumberFormat(formattingLocale());
  const figure = (value: number | null | undefined, none = '—') => (value === undefined ? undefined : value === null ? none : numberFormat.format(value));
  const cards: StatCard[] = [
    {
      label: t('Registered'),
      value: figure(figures?.registered),
      note: figures && (figures.capacity === null ? t('Unlimited places') : t('of {{capacity}} places', { count: figures.capacity, capacity: numberFormat.format(figures.capacity) })),
      icon: ClipboardList,
    },
    { label: t('Places left'), value: figure(figures?.placesLeft, '∞'), icon: Ticket },
    { label: t('Waitlist'), value: figure(figures?.waitlisted), icon: Hourglass },
    { label: t('Cancelled'), value: figure(figures?.cancelled), icon: UserX },
  ];

  return (
    <>
      <PageTitle
        back={{ to: '/dashboard', label: t('Back to Dashboard') }}
        title={t('Registrations')}
        description={event.data ? event.data.name : <Skeleton className="h-5 w-48" />}
        actions={
          <>
            <a href={`/api/events/${eventId}/registrations.csv`} download className={buttonVariants({ variant: 'outline' })}>
              <Download aria-hidden />
              {t('Export CSV')}
            </a>
            <ImportAttendeesButton eventId={eventId} />
            <PrintBadgesButton eventId={eventId} registered={figures?.registered} />
          </>
        }
      />
      <StatCards cards={cards} className="mb-8 lg:grid-cols-4" />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <section aria-label={t('People')}>
          <RegistrationLists eventId={eventId} timeZone={event.data?.timezone} summary={figures} />
        </section>
        <div className="grid gap-8">
          <CheckInFigures eventId={eventId} timeZone={event.data?.timezone} />
          {event.data && <RegistrationSettings event={event.data} />}
          <QuestionsEditor eventId={eventId} />
          <DoorSettings eventId={eventId} />
        </div>
      </div>
    </>
  );
}
