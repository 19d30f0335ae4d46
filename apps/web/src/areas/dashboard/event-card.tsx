import type { EventWithViewer } from '@mingle/shared/events/contract';
import { BarChart3, CalendarDays, CalendarRange, Handshake, ListChecks, MapPin, Megaphone, Store } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { EventManageMenu, eventTypeText, roleLabel } from '@/areas/events';
import { CancelRegistrationButton, RegisterButton } from '@/areas/registrations';
import { formatDateTime, zoneName } from '@/lib/datetime';

/** A card of the dashboard's All Events tab (spec 01): the buttons shown are the ones the caller may use. */
export function EventCard({ event }: { event: EventWithViewer }) {
  const { viewer } = event;
  const role = roleLabel(viewer);
  const links = [
    { label: 'Agenda', to: `/events/${event.id}/agenda`, icon: CalendarRange, show: viewer.canParticipate },
    { label: 'Booths', to: `/events/${event.id}/booths`, icon: Store, show: viewer.canParticipate },
    { label: 'Feed', to: `/events/${event.id}/feed`, icon: Megaphone, show: viewer.canParticipate },
    { label: 'Sessions', to: `/events/${event.id}/manage-sessions`, icon: ListChecks, show: viewer.canManage },
    { label: 'Sponsors', to: `/events/${event.id}/manage-sponsors`, icon: Handshake, show: viewer.canManage },
    { label: 'Analytics', to: `/events/${event.id}/analytics`, icon: BarChart3, show: viewer.canManage },
  ].filter((link) => link.show);

  return (
    <article aria-labelledby={`event-${event.id}`} className="flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-xs transition-shadow hover:shadow-md">
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
              {viewer.isWaitlisted && <Badge variant="warning">On the waitlist</Badge>}
              {event.registrationOpen && viewer.canManage && <Badge variant="warning">Registration open</Badge>}
            </div>
          </div>
          <EventManageMenu event={event} />
        </div>

        <dl className="grid gap-1.5 text-sm text-muted-foreground">
          <div className="flex items-start gap-2">
            <dt className="sr-only">Dates</dt>
            <CalendarDays aria-hidden className="mt-0.5 size-4 shrink-0" />
            <dd>
              <span className="block">Starts {formatDateTime(event.startDate)} {zoneName(event.startDate)}</span>
              <span className="block">Ends {formatDateTime(event.endDate)} {zoneName(event.endDate)}</span>
            </dd>
          </div>
          {event.location && (
            <div className="flex items-start gap-2">
              <dt className="sr-only">Location</dt>
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
              <dd className="line-clamp-1">{event.location}</dd>
            </div>
          )}
        </dl>

        {event.description && <p className="line-clamp-3 text-sm leading-relaxed text-foreground/80">{event.description}</p>}

        <div className="mt-auto grid grid-cols-3 gap-2 pt-1">
          {links.map(({ label, to, icon: Icon }) => (
            <Link key={label} to={to} className={buttonVariants({ variant: 'outline', size: 'sm', className: 'px-2' })}>
              <Icon aria-hidden />
              {label}
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
