import type { ManagedEventDto } from '@mingle/shared/manager-dashboard/contract';
import { CalendarDays, ClipboardList, ExternalLink, ListChecks, MailPlus, Palette } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Row } from '@/components/list-parts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { ConfigureLandingDialog } from '@/areas/events';
import { ManageOptionsDialog } from '@/areas/options';
import { formatDateRange } from '@/lib/datetime';
import { formattingLocale } from '@/lib/i18n';

/**
 * My Events: dates, who registered and came in, the public page link, the event's registrations and door, Manage
 * Dropdowns, Configure Landing, and Invite attendees.
 */
export function MyEventsTab({ events }: { events: ManagedEventDto[] }) {
  const { t } = useTranslation('manager-dashboard');
  const numberFormat = new Intl.NumberFormat(formattingLocale());
  const [dialog, setDialog] = useState<{ kind: 'landing' | 'options'; event: ManagedEventDto } | null>(null);
  if (events.length === 0) {
    return (
      <EmptyState
        icon={CalendarDays}
        title={t('No events created yet')}
        action={
          <Link to="/events/create" className={buttonVariants()}>
            {t('Create Your First Event')}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ul className="grid gap-3">
        {events.map((event) => (
          <Row key={event.id}>
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                {event.name}
                {!event.isOwner && <Badge variant="secondary">{t('Co-Owner')}</Badge>}
              </p>
              <p className="text-sm text-muted-foreground">{formatDateRange(event.startDate, event.endDate, event.timezone)}</p>
              <p className="text-sm text-muted-foreground">
                {t('{{registered}} registered · {{checkedIn}} checked in', { registered: numberFormat.format(event.registered), checkedIn: numberFormat.format(event.checkedIn) })}
              </p>
              <a href={`/event/${event.slug}`} className="inline-flex items-center gap-1 text-sm text-brand-700 underline-offset-4 hover:underline">
                /event/{event.slug}
                <ExternalLink className="size-3.5" aria-hidden />
              </a>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link to={`/events/${event.id}/registrations`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                <ClipboardList aria-hidden />
                {t('Registrations & check-in')}
              </Link>
              <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'options', event })}>
                <ListChecks aria-hidden />
                {t('Manage Dropdowns')}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'landing', event })}>
                <Palette aria-hidden />
                {t('Configure Landing')}
              </Button>
              <Link to={`/event-invitations?eventId=${event.id}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                <MailPlus aria-hidden />
                {t('Invite attendees')}
              </Link>
            </div>
          </Row>
        ))}
      </ul>
      {dialog && (
        <ConfigureLandingDialog event={dialog.event} open={dialog.kind === 'landing'} onOpenChange={(open) => !open && setDialog(null)} />
      )}
      {dialog && <ManageOptionsDialog event={dialog.event} open={dialog.kind === 'options'} onOpenChange={(open) => !open && setDialog(null)} />}
    </>
  );
}
