import type { EventWithViewer } from '@mingle/shared/events/contract';
import { BarChart3, CalendarDays, CalendarRange, Handshake, ListChecks, MapPin, Megaphone, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { buttonVariants } from '@/components/ui/button-variants';
import { EventManageMenu, eventTypeText, roleLabel } from '@/areas/events';
import { CancelRegistrationButton, RegisterButton } from '@/areas/registrations';
import { ZonedDateTime } from '@/components/zoned-time';

// The card's links, each shown when the viewer may use it.
const LINKS = [
  { path: 'agenda', icon: CalendarRange, show: 'canParticipate' },
  { path: 'booths', icon: Store, show: 'canParticipate' },
  { path: 'feed', icon: Megaphone, show: 'canParticipate' },
  { path: 'manage-sessions', icon: ListChecks, show: 'canManage' },
  { path: 'manage-sponsors', icon: Handshake, show: 'canManage' },
  { path: 'analytics', icon: BarChart3, show: 'canManage' },
] as const;
// A flat `as const` map of English texts, so that the extractor finds every `t(LINK_LABELS[path])`.
const LINK_LABELS = {
  agenda: 'Agenda',
  booths: 'Booths',
  feed: 'Feed',
  'manage-sessions': 'Sessions',
  'manage-sponsors': 'Sponsors',
  analytics: 'Analytics',
} as const;

/** A card of the dashboard's All Events tab (spec 01): the buttons shown are the ones the caller may use. */
export function EventCard({ event, justCreated = false }: { event: EventWithViewer; justCreated?: boolean }) {
  const { t } = useTranslation('dashboard');
  const { viewer } = event;
  const role = roleLabel(viewer);
  const links = LINKS.filter((link) => viewer[link.show]);

  return (
    <article
      aria-labelledby={`event-${event.id}`}
      data-just-created={justCreated || undefined}
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-xs transition-shadow hover:shadow-md',
        justCreated && 'ring-2 ring-brand-500 ring-offset-2 ring-offset-background',
      )}
    >
      <div aria-hidden className="h-1.5 bg-gradient-to-r from-brand-500 via-brand-600 to-spark-400" />
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start gap-3">
          {event.logoUrl ? (
            <img src={event.logoUrl} alt="" className="size-11 shrink-0 rounded-lg border border-border object-contain" />
          ) : (
            <div aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-lg font-bold text-brand-700">
              {event.name.slice(0, 1).toUpperCase()}
            </div>
          )}
          <div className="min-w-0 flex-1">
            <h3 id={`event-${event.id}`} className="line-clamp-2 font-semibold leading-snug">
              {event.name}
            </h3>
            <div className="mt-1.5 flex flex-wrap gap-1.5">
              <Badge variant="secondary" className="capitalize">
                {eventTypeText(event.eventType)}
              </Badge>
              {role && <Badge variant={viewer.isAttendee && !viewer.canManage ? 'success' : 'default'}>{role}</Badge>}
              {viewer.isWaitlisted && <Badge variant="warning">{t('On the waitlist')}</Badge>}
              {event.registrationOpen && viewer.canManage && <Badge variant="warning">{t('Registration open')}</Badge>}
            </div>
          </div>
          <EventManageMenu event={event} />
        </div>

        <dl className="grid gap-1.5 text-sm text-muted-foreground">
          <div className="flex items-start gap-2">
            <dt className="sr-only">{t('Dates')}</dt>
            <CalendarDays aria-hidden className="mt-0.5 size-4 shrink-0" />
            <dd>
              <span className="block">
                {t('Starts')} <ZonedDateTime iso={event.startDate} timeZone={event.timezone} />
              </span>
              <span className="block">
                {t('Ends')} <ZonedDateTime iso={event.endDate} timeZone={event.timezone} />
              </span>
            </dd>
          </div>
          {event.location && (
            <div className="flex items-start gap-2">
              <dt className="sr-only">{t('Location')}</dt>
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
              <dd className="line-clamp-1">{event.location}</dd>
            </div>
          )}
        </dl>

        {event.description && <p className="line-clamp-3 text-sm leading-relaxed text-foreground/80">{event.description}</p>}

        <div className="mt-auto grid grid-cols-3 gap-2 pt-1">
          {links.map(({ path, icon: Icon }) => (
            <Link key={path} to={`/events/${event.id}/${path}`} className={buttonVariants({ variant: 'outline', size: 'sm', className: 'px-2' })}>
              <Icon aria-hidden />
              {t(LINK_LABELS[path])}
            </Link>
          ))}
        </div>
        {viewer.canRegister && <RegisterButton event={event} />}
        {viewer.canCancelRegistration && !viewer.canManage && (
          <CancelRegistrationButton event={event} waitlisted={viewer.isWaitlisted} variant={viewer.isWaitlisted ? 'outline' : 'ghost'} size="sm" className="text-muted-foreground" />
        )}
      </div>
    </article>
  );
}
