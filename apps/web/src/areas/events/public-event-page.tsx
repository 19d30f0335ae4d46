import { EVENT_TYPE_LABELS } from '@mingle/shared/core/constants';
import { hasEnded, registrationState, TIME_RULE_MESSAGES } from '@mingle/shared/domain/time-rules';
import type { PublicEventDto } from '@mingle/shared/events/contract';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowRight,
  CalendarClock,
  CalendarDays,
  CalendarRange,
  CalendarX2,
  CheckCircle2,
  Handshake,
  Hourglass,
  Layers,
  MapPin,
  MessagesSquare,
  Network,
  Sparkles,
  Store,
  Ticket,
  Users,
} from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Logo } from '@/components/logo';
import { SkipLink } from '@/components/skip-link';
import { buttonVariants } from '@/components/ui/button-variants';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/cn';
import { ViewerTime } from '@/components/zoned-time';
import { formatDateTime, formatLongDate, sameDay, zoneName } from '@/lib/datetime';
import { formattingLocale } from '@/lib/i18n';
import { CancelRegistrationButton, RegisterButton } from '@/areas/registrations';
import { eventQueryOptions, publicEventQueryOptions } from './api';
import { eventSlugOf } from './public-event-loader';

function useEventSlug(): string {
  return eventSlugOf(useParams().eventSlug);
}

/** /event/:eventSlug (spec 02 "Public event landing page"), for everyone, signed in or not. */
export function PublicEventPage() {
  const { t } = useTranslation('events');
  const slug = useEventSlug();
  const navigate = useNavigate();
  const event = useQuery(publicEventQueryOptions(slug));

  useEffect(() => {
    if (event.data) document.title = `${event.data.name} · Mingle`;
  }, [event.data]);
  useEffect(() => {
    if (!event.isError) return;
    const missing = event.error instanceof ApiError && event.error.status === 404;
    toast.error(missing ? t('Event not found') : t('Failed to load event'));
    void navigate('/', { replace: true });
  }, [event.isError, event.error, navigate, t]);

  if (!event.data) return <PageSpinner />;
  return <Landing event={event.data} />;
}

/** Where Sign In and Register Now lead: the app's own sign-in, also from a custom domain. */
function authUrl(event: PublicEventDto): string {
  return window.location.origin === event.appUrl ? '/auth' : `${event.appUrl}/auth`;
}

function Landing({ event }: { event: PublicEventDto }) {
  const { t } = useTranslation('events');
  const sameOrigin = window.location.origin === event.appUrl;
  const { data: me } = useCurrentUser();
  const signedIn = sameOrigin && Boolean(me);
  return (
    <div className="min-h-dvh bg-background">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <div className="mr-auto flex min-w-0 items-center gap-3">
            {event.logoUrl ? (
              <img src={event.logoUrl} alt={t('{{name}} logo', { name: event.name })} className="size-10 shrink-0 rounded-lg border border-border object-contain" />
            ) : (
              <div aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-lg font-bold text-white">
                {event.name.slice(0, 1).toUpperCase()}
              </div>
            )}
            <span className="truncate font-semibold max-sm:sr-only">{event.name}</span>
          </div>
          {signedIn ? (
            <Link to="/dashboard" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              {t('Dashboard')}
            </Link>
          ) : (
            <a href={authUrl(event)} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              {t('Sign In')}
            </a>
          )}
          <RegisterAction event={event} signedIn={signedIn} size="sm" />
        </div>
      </header>

      <main id="main">
        <section className="relative isolate overflow-hidden border-b border-border bg-brand-950 text-white">
          <div
            aria-hidden
            className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_70%_at_20%_0%,var(--color-brand-600),transparent),radial-gradient(ellipse_60%_60%_at_90%_100%,oklch(0.55_0.16_60/0.45),transparent)]"
          />
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
            <span className="inline-flex items-center gap-1.5 rounded-full border border-white/25 bg-white/10 px-3 py-1 text-sm font-medium">
              <Sparkles aria-hidden className="size-4 text-spark-300" />
              {t(EVENT_TYPE_LABELS[event.eventType], { ns: 'messages' })}
            </span>
            <h1 className="mt-5 max-w-4xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">{event.name}</h1>
            {event.description && <p className="mt-5 max-w-2xl text-lg leading-relaxed text-white/85 text-pretty">{event.description}</p>}
            <dl className="mt-8 grid gap-3 text-white/90 sm:flex sm:flex-wrap sm:gap-x-8">
              <div className="flex items-center gap-2">
                <dt className="sr-only">{t('Dates')}</dt>
                <CalendarDays aria-hidden className="size-5 text-spark-300" />
                <dd>
                  {eventDates(event)}
                  <ViewerTime iso={event.startDate} timeZone={event.timezone} />
                </dd>
              </div>
              {event.location && (
                <div className="flex items-center gap-2">
                  <dt className="sr-only">{t('Location')}</dt>
                  <MapPin aria-hidden className="size-5 text-spark-300" />
                  <dd>{event.location}</dd>
                </div>
              )}
              {event.placesLeft !== null && registrationState(event) === 'open' && (
                <div className="flex items-center gap-2">
                  <dt className="sr-only">{t('Places')}</dt>
                  <Ticket aria-hidden className="size-5 text-spark-300" />
                  <dd>
                    {event.placesLeft === 0
                      ? t('Fully booked: join the waitlist')
                      : t('{{places}} places left', { count: event.placesLeft, places: new Intl.NumberFormat(formattingLocale()).format(event.placesLeft) })}
                  </dd>
                </div>
              )}
            </dl>
            <div className="mt-10 flex flex-wrap gap-3">
              <RegisterAction event={event} signedIn={signedIn} size="lg" inverse />
            </div>
          </div>
        </section>

        <section aria-label={t('At a glance')} className="relative z-10 mx-auto -mt-10 max-w-6xl px-4 sm:px-6 lg:px-8">
          <div className="grid gap-3 sm:grid-cols-3">
            <Stat icon={Layers} label={t('Sessions')} value={String(event.sessionCount)} />
            <Stat icon={Store} label={t('Sponsors')} value={String(event.sponsorCount)} />
            <Stat icon={Network} label={t('Networking Opportunities')} value={event.allowAttendeeNetworking ? t('Yes') : t('Limited')} />
          </div>
        </section>

        <section aria-labelledby="expect" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <h2 id="expect" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('What to Expect')}
          </h2>
          <p className="mt-2 max-w-2xl text-muted-foreground">{t('Everything you need to make the most of {{name}}.', { name: event.name })}</p>
          <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {event.allowAttendeeNetworking && (
              <Feature icon={Users} title={t('Networking')}>
                {t('Discover attendees who share your interests and goals, and connect in a click.')}
              </Feature>
            )}
            {event.allowSessionMeetings && (
              <Feature icon={MessagesSquare} title={t('Meeting Requests')}>
                {t('Book 1:1 meetings with the people you want to meet, in person or online.')}
              </Feature>
            )}
            <Feature icon={CalendarRange} title={t('Curated Sessions')}>
              {t('Talks, workshops and breaks on one agenda. Bookmark yours and check in.')}
            </Feature>
            <Feature icon={Handshake} title={t('Virtual Booths')}>
              {t("Visit sponsors' booths, learn what they do and leave your details.")}
            </Feature>
          </div>
        </section>

        <section className="px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
          <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-2xl bg-brand-900 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
            <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_60%_80%_at_50%_0%,var(--color-brand-600),transparent)]" />
            <h2 className="text-3xl font-bold tracking-tight">{t('Ready to Join Us')}</h2>
            <p className="mx-auto mt-3 max-w-xl text-white/85">
              {eventDates(event)}
              {event.location ? ` · ${event.location}` : ''}
            </p>
            <div className="mt-8 flex justify-center">
              <RegisterAction event={event} signedIn={signedIn} size="lg" inverse />
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-border py-8">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 text-sm text-muted-foreground sm:px-6 lg:px-8">
          <a href={sameOrigin ? '/' : event.appUrl} className="rounded-md" aria-label={t('Mingle home')}>
            <Logo className="scale-90" />
          </a>
          <p>{t('Event pages powered by Mingle')}</p>
        </div>
      </footer>
    </div>
  );
}

function eventDates(event: PublicEventDto): string {
  const zone = event.timezone;
  if (sameDay(event.startDate, event.endDate, zone)) {
    return `${formatLongDate(event.startDate, zone)} · ${formatDateTime(event.startDate, zone).split(', ').at(-1)} – ${formatDateTime(event.endDate, zone).split(', ').at(-1)} ${zoneName(event.endDate, zone)}`;
  }
  return `${formatLongDate(event.startDate, zone)} – ${formatLongDate(event.endDate, zone)}`;
}

function Stat({ icon: Icon, label, value }: { icon: typeof Layers; label: string; value: string }) {
  return (
    <div className="flex items-center gap-4 rounded-xl border border-border bg-card p-5 shadow-md">
      <div className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <Icon aria-hidden className="size-5" />
      </div>
      <div>
        <p className="text-2xl font-bold tracking-tight">{value}</p>
        <p className="text-sm text-muted-foreground">{label}</p>
      </div>
    </div>
  );
}

function Feature({ icon: Icon, title, children }: { icon: typeof Layers; title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-border bg-card p-6 shadow-xs">
      <div className="mb-4 flex size-10 items-center justify-center rounded-lg bg-brand-600 text-white">
        <Icon aria-hidden className="size-5" />
      </div>
      <h3 className="font-semibold">{title}</h3>
      <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{children}</p>
    </div>
  );
}

/**
 * Register Now: to sign-in for a visitor (spec); for a signed-in user, registers at once while registration is open
 * (Join Waitlist when it is full), shows where they stand when they are in or waiting, and says when registration
 * opens or that it has closed.
 */
function RegisterAction({ event, signedIn, size, inverse = false }: { event: PublicEventDto; signedIn: boolean; size: 'sm' | 'lg'; inverse?: boolean }) {
  const details = useQuery({
    ...eventQueryOptions(event.id),
    enabled: signedIn,
    retry: false,
  });
  const { t } = useTranslation('events');
  const variant = inverse ? 'inverse' : 'default';
  const viewer = details.data?.viewer;
  const note = cn('inline-flex items-center gap-2 font-medium', size === 'lg' ? 'text-base' : 'text-sm', inverse ? 'text-white' : 'text-muted-foreground');

  if (signedIn && viewer?.canParticipate) {
    return (
      <>
        {/* The longest label: on a phone's header it takes two lines rather than push the header wider than the screen. */}
        <Link
          to={`/events/${event.id}/agenda`}
          className={cn(
            buttonVariants({ size, variant }),
            'h-auto shrink whitespace-normal text-center leading-tight',
            size === 'sm' ? 'min-h-8 py-1' : 'min-h-12 py-2',
          )}
        >
          <CheckCircle2 aria-hidden />
          {viewer.isAttendee ? t("You're registered · View Agenda") : t('View Agenda')}
        </Link>
        {size === 'lg' && viewer.canCancelRegistration && !viewer.canManage && (
          <CancelRegistrationButton event={event} waitlisted={false} size="lg" variant="ghost" className={inverse ? 'text-white/80 hover:bg-white/10 hover:text-white' : undefined} />
        )}
      </>
    );
  }
  // An event that has ended takes no registrations (decision 0105): no Register Now, for anyone; the hero and the
  // closing call to action say why, the header just leaves the button out.
  if (hasEnded(event)) {
    if (size === 'sm') return null;
    return (
      <p className={note}>
        <CalendarX2 aria-hidden className="size-4" />
        {t(TIME_RULE_MESSAGES.eventEnded, { ns: 'messages' })}
      </p>
    );
  }
  if (signedIn && viewer?.isWaitlisted) {
    if (size === 'sm') return <span className={note}>{t('On the waitlist')}</span>;
    return (
      <>
        <p className={note}>
          <Hourglass aria-hidden className="size-4" />
          {t("You're on the waitlist: we'll email you when a place opens up.")}
        </p>
        <CancelRegistrationButton event={event} waitlisted size="lg" variant={variant === 'inverse' ? 'inverse' : 'outline'} />
      </>
    );
  }
  if (signedIn && viewer?.canRegister) {
    const full = event.placesLeft === 0;
    return <RegisterButton event={event} full={full} label={full ? t('Join Waitlist') : t('Register Now')} size={size} variant={variant} />;
  }
  const state = registrationState(event);
  if (signedIn && (state === 'not_yet_open' || state === 'window_closed')) {
    if (size === 'sm') return null;
    return (
      <p className={note}>
        <CalendarClock aria-hidden className="size-4" />
        {state === 'not_yet_open'
          ? t('Registration opens {{when}}', {
              when: `${formatDateTime(event.registrationOpensAt!, event.timezone)} ${zoneName(event.registrationOpensAt!, event.timezone)}`,
            })
          : t('Registration has closed')}
      </p>
    );
  }
  if (signedIn) {
    return (
      <Link to="/dashboard" className={buttonVariants({ size, variant })}>
        {t('Go to Dashboard')}
        <ArrowRight aria-hidden />
      </Link>
    );
  }
  return (
    <a href={authUrl(event)} className={buttonVariants({ size, variant })}>
      {t('Register Now')}
      <ArrowRight aria-hidden />
    </a>
  );
}
