import type { CalendarFeedLinkDto } from '@mingle/shared/calendar-feeds/contract';
import type { CalendarFeedKind } from '@mingle/shared/calendar-feeds/inputs';
import { useQuery } from '@tanstack/react-query';
import { CalendarSync, Check, Copy, ExternalLink, Link2, RotateCcw, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/datetime';
import { calendarFeedsQueryOptions, useCreateCalendarFeed, useRevokeCalendarFeed } from './api';

// Whole sentences per feed, so that each language words "your sessions" and "your meetings" its own way.
const INTRO = {
  schedule: 'Your calendar app shows the sessions you bookmark and keeps them up to date as you add or remove them.',
  meetings: 'Your calendar app shows your accepted meetings and keeps them up to date, cancellations included.',
} as const satisfies Record<CalendarFeedKind, string>;
const TURN_OFF = {
  schedule: 'Calendars subscribed with this link stop updating, and may remove these sessions.',
  meetings: 'Calendars subscribed with this link stop updating, and may remove these meetings.',
} as const satisfies Record<CalendarFeedKind, string>;
const PRIVACY = {
  schedule: 'You get a private link. Anyone who has it can see your sessions, so keep it to yourself; you can reset it or turn it off at any time.',
  meetings: 'You get a private link. Anyone who has it can see your meetings, so keep it to yourself; you can reset it or turn it off at any time.',
} as const satisfies Record<CalendarFeedKind, string>;
const HINT = {
  schedule: 'Shown only now. Google Calendar: Other calendars, From URL, and paste it. Anyone with the link can see your sessions.',
  meetings: 'Shown only now. Google Calendar: Other calendars, From URL, and paste it. Anyone with the link can see your meetings.',
} as const satisfies Record<CalendarFeedKind, string>;

type Step = 'view' | 'reset' | 'off';

/**
 * "Subscribe in your calendar" (decision 0173): turns on a private feed a calendar app polls, shows its address once
 * (webcal, to copy or to open in the calendar app), and offers to reset it or turn it off, each after a confirmation.
 */
export function SubscribeCalendarButton({ kind }: { kind: CalendarFeedKind }) {
  const { t } = useTranslation('calendar-feeds');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <CalendarSync aria-hidden />
          {t('Subscribe in your calendar')}
        </Button>
      </DialogTrigger>
      {/* Mounted while open only: the address shown once is forgotten when the dialog closes. */}
      {open && <SubscribeDialogContent kind={kind} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function SubscribeDialogContent({ kind, onDone }: { kind: CalendarFeedKind; onDone: () => void }) {
  const { t } = useTranslation('calendar-feeds');
  const feeds = useQuery(calendarFeedsQueryOptions);
  const create = useCreateCalendarFeed(kind);
  const revoke = useRevokeCalendarFeed(kind);
  const [link, setLink] = useState<CalendarFeedLinkDto | null>(null);
  const [step, setStep] = useState<Step>('view');
  const feed = feeds.data?.find((candidate) => candidate.kind === kind);

  const makeLink = (reset: boolean) =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        setLink(made);
        setStep('view');
        if (reset) toast.success(t('New link ready'), { description: t('The old link no longer works.') });
      },
      onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
    });
  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setLink(null);
        setStep('view');
        toast.success(t('Calendar feed turned off'), { description: t('Calendars subscribed with its link stop updating.') });
        onDone();
      },
      onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
    });

  if (step !== 'view') {
    const reset = step === 'reset';
    return (
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{reset ? t('Reset the link?') : t('Turn off the calendar feed?')}</DialogTitle>
          <DialogDescription>
            {reset
              ? t('Calendars subscribed with the current link stop updating. You get a new link to add to your calendar again.')
              : t(TURN_OFF[kind])}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setStep('view')}>
            {t('Cancel')}
          </Button>
          <Button
            variant={reset ? 'default' : 'destructive'}
            loading={reset ? create.isPending : revoke.isPending}
            onClick={() => (reset ? makeLink(true) : turnOff())}
          >
            {reset ? t('Reset link') : t('Turn off')}
          </Button>
        </DialogFooter>
      </DialogContent>
    );
  }

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{t('Subscribe in your calendar')}</DialogTitle>
        <DialogDescription>{t(INTRO[kind])}</DialogDescription>
      </DialogHeader>
      {feeds.isPending ? (
        <Skeleton className="h-24 w-full rounded-lg" />
      ) : link ? (
        <FeedLink link={link} kind={kind} />
      ) : feed ? (
        <div className="grid gap-1 rounded-lg border border-border bg-subtle px-4 py-3 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <span aria-hidden className="size-2 rounded-full bg-success" />
            {t('Your calendar feed is on')}
          </p>
          <p className="text-muted-foreground">
            {feed.lastPolledAt
              ? t('Last fetched by your calendar app {{when}}.', { when: formatDateTime(feed.lastPolledAt) })
              : t('Not fetched by a calendar app yet.')}{' '}
            {t('The link is shown only once; reset it to get a new one.')}
          </p>
        </div>
      ) : (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          {t(PRIVACY[kind])}
        </p>
      )}
      <DialogFooter>
        {feed || link ? (
          <>
            <Button variant="ghost" className="text-destructive hover:text-destructive" onClick={() => setStep('off')}>
              {t('Turn off')}
            </Button>
            <Button variant="outline" onClick={() => setStep('reset')}>
              <RotateCcw aria-hidden />
              {t('Reset link')}
            </Button>
          </>
        ) : (
          <Button disabled={feeds.isPending} loading={create.isPending} onClick={() => makeLink(false)}>
            <Link2 aria-hidden />
            {t('Create link')}
          </Button>
        )}
      </DialogFooter>
    </DialogContent>
  );
}

/** The address just made: to copy, or to hand to the calendar app (webcal: opens Apple Calendar, Outlook...). */
function FeedLink({ link, kind }: { link: CalendarFeedLinkDto; kind: CalendarFeedKind }) {
  const { t } = useTranslation('calendar-feeds');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.webcalUrl);
      setCopied(true);
      toast.success(t('Link copied to clipboard'));
    } catch {
      toast.error(t('Error'), { description: t('Could not copy the link') });
    }
  };
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <span className="text-sm font-medium" id="calendar-feed-link">
          {t('Your private link')}
        </span>
        {/* min-w-0: the link is cut with an ellipsis, never allowed to widen the dialog (Copy gives its full text). */}
        <div className="flex min-w-0 items-center gap-2 rounded-md border border-border bg-subtle py-1 pl-3 pr-1">
          <Link2 aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <code aria-labelledby="calendar-feed-link" data-testid="calendar-feed-url" className="min-w-0 flex-1 truncate font-mono text-sm">
            {link.webcalUrl}
          </code>
          <Button type="button" variant="ghost" size="icon-sm" onClick={() => void copy()}>
            {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
            <span className="sr-only">{t('Copy link')}</span>
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          {t(HINT[kind])}
        </p>
      </div>
      <a href={link.webcalUrl} className={buttonVariants({ className: 'w-full' })}>
        <ExternalLink aria-hidden />
        {t('Open in calendar app')}
      </a>
    </div>
  );
}
