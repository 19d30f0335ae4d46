import type { AttendeeDto } from '@mingle/shared/networking/contract';
import { CalendarPlus, Check, Sparkles, UserPlus } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { useTranslateMessage } from '@/lib/messages';
import { useConnect } from './api';

const MAX_INTERESTS = 3;
const MAX_GOALS = 2;

/** "Job title at Company", either alone, or nothing. */
export function roleLine(person: { jobTitle: string | null; company: string | null }, t: TFunction<'networking'>): string | null {
  if (person.jobTitle && person.company) return t('{{jobTitle}} at {{company}}', { jobTitle: person.jobTitle, company: person.company });
  return person.jobTitle || person.company || null;
}

function Chips({ items, max, label, variant }: { items: string[]; max: number; label: string; variant: 'default' | 'secondary' }) {
  const { t } = useTranslation('networking');
  if (items.length === 0) return null;
  const extra = items.length - max;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.slice(0, max).map((item) => (
        <li key={item}>
          <Badge variant={variant}>{item}</Badge>
        </li>
      ))}
      {extra > 0 && (
        <li>
          <Badge variant="outline" aria-label={t('{{count}} more', { count: extra })}>
            +{extra}
          </Badge>
        </li>
      )}
    </ul>
  );
}

/** The attendee card of spec 02 "Discover Attendees", with the reasons it was recommended. */
export function AttendeeCard({ attendee }: { attendee: AttendeeDto }) {
  const { t } = useTranslation('networking');
  const translateMessage = useTranslateMessage();
  const connect = useConnect();
  const role = roleLine(attendee, t);
  const headingId = `attendee-${attendee.id}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-xl border border-border bg-card p-5 shadow-xs">
      <div className="flex items-start gap-3">
        <Avatar name={attendee.fullName} src={attendee.avatarUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="truncate font-semibold leading-snug">
            {attendee.fullName}
          </h2>
          {role && <p className="line-clamp-2 text-sm text-muted-foreground">{role}</p>}
        </div>
      </div>
      {attendee.bio && <p className="mt-3 line-clamp-3 text-sm text-foreground/85">{attendee.bio}</p>}
      <div className="mt-3 grid gap-2">
        <Chips items={attendee.interests} max={MAX_INTERESTS} label={t('Interests')} variant="default" />
        <Chips items={attendee.goals} max={MAX_GOALS} label={t('Goals')} variant="secondary" />
      </div>
      {attendee.reasons.length > 0 && (
        <ul aria-label={t('Why you might connect')} className="mt-4 grid gap-1.5 rounded-lg bg-brand-50/70 px-3 py-2.5 text-sm text-brand-900">
          {attendee.reasons.map((reason) => (
            <li key={reason} className="flex gap-2">
              <Sparkles aria-hidden className="mt-0.5 size-3.5 shrink-0 text-brand-600" />
              <span>{translateMessage(reason)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {attendee.connected ? (
          <span className="inline-flex h-10 flex-1 items-center justify-center gap-2 rounded-md border border-success/25 bg-success-soft px-4 text-sm font-medium text-[oklch(0.42_0.11_155)]">
            <Check aria-hidden className="size-4" />
            {t('Connected')}
          </span>
        ) : (
          <Button
            className="flex-1"
            loading={connect.isPending}
            onClick={() => connect.mutate({ userId: attendee.id, via: 'discovery', name: attendee.fullName })}
          >
            {!connect.isPending && <UserPlus aria-hidden />}
            {t('Connect')}
            <span className="sr-only"> {t('with {{name}}', { name: attendee.fullName })}</span>
          </Button>
        )}
        <Link to={`/meetings?with=${attendee.id}`} className={buttonVariants({ variant: 'outline', className: 'flex-1' })}>
          <CalendarPlus aria-hidden />
          {t('Request Meeting')}
          <span className="sr-only"> {t('with {{name}}', { name: attendee.fullName })}</span>
        </Link>
      </div>
    </article>
  );
}
