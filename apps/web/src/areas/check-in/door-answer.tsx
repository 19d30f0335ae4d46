import { ALREADY_CHECKED_IN_TITLE, CHECKED_IN_TITLE, NOT_ON_LIST_TITLE } from '@mingle/shared/check-in/inputs';
import { CheckCircle2, CircleAlert, CloudOff, Printer, Undo2, XCircle } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { badgeUrl } from '@/areas/badges';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/cn';
import { ViewerTime } from '@/components/zoned-time';
import { formatZonedTime } from '@/lib/datetime';
import type { DoorAnswer } from './use-door';

const LOOK = {
  checked_in: { title: CHECKED_IN_TITLE, icon: CheckCircle2, tone: 'border-success/50 bg-success-soft', iconTone: 'text-success' },
  already_checked_in: { title: ALREADY_CHECKED_IN_TITLE, icon: CircleAlert, tone: 'border-warning/50 bg-warning-soft', iconTone: 'text-warning' },
  not_registered: { title: NOT_ON_LIST_TITLE, icon: XCircle, tone: 'border-destructive/40 bg-destructive-soft', iconTone: 'text-destructive' },
  unknown_code: { title: NOT_ON_LIST_TITLE, icon: XCircle, tone: 'border-destructive/40 bg-destructive-soft', iconTone: 'text-destructive' },
} as const;

/** "at 09:12 GMT-3 by you" and its like, in the interface's language: the time at the event and who let the person in. */
function byWhom(checkIn: NonNullable<DoorAnswer['checkIn']>, timeZone: string | undefined, t: TFunction<'check-in'>) {
  return { time: formatZonedTime(checkIn.at, timeZone), name: checkIn.byYou ? t('you') : (checkIn.byName ?? t('a former volunteer')) };
}

/** Who the door just scanned or picked, and what that means, big enough to read at arm's length. */
export function DoorAnswerCard({
  eventId,
  timeZone,
  answer,
  onUndo,
  undoing,
}: {
  eventId: string;
  /** The event's zone; unknown while offline before the event was loaded (then the phone's own time, unnamed). */
  timeZone: string | undefined;
  answer: DoorAnswer;
  onUndo: (id: string) => void;
  undoing: boolean;
}) {
  const { t } = useTranslation('check-in');
  const look = LOOK[answer.outcome];
  const Icon = look.icon;
  const { person, checkIn } = answer;
  const detail =
    answer.outcome === 'checked_in' && checkIn
      ? t('Checked in at {{time}} by {{name}}', byWhom(checkIn, timeZone, t))
      : answer.outcome === 'already_checked_in' && checkIn
        ? t('First checked in at {{time}} by {{name}}', byWhom(checkIn, timeZone, t))
        : answer.outcome === 'unknown_code'
          ? t('This code is not on the roster saved on this phone.')
          : answer.waitlisted
            ? t('On the waitlist, without a place at this event.')
            : t('Not registered for this event.');
  return (
    <section aria-live="polite" aria-label={t('Check-in result')} className={cn('rounded-xl border-2 p-4 sm:p-5', look.tone)}>
      <p className={cn('flex items-center gap-2 text-lg font-bold', look.iconTone)}>
        <Icon className="size-6" aria-hidden />
        <span className="text-foreground">{t(look.title, { ns: 'messages' })}</span>
      </p>
      {person && (
        <div className="mt-3 flex items-center gap-4">
          <Avatar name={person.fullName} src={person.avatarUrl} size="lg" />
          <div className="min-w-0">
            <p className="truncate text-xl font-semibold">{person.fullName}</p>
            {(person.jobTitle || person.company) && (
              <p className="truncate text-sm text-muted-foreground">{[person.jobTitle, person.company].filter(Boolean).join(' · ')}</p>
            )}
          </div>
        </div>
      )}
      <p className="mt-3 text-sm">
        {detail}
        {checkIn && (answer.outcome === 'checked_in' || answer.outcome === 'already_checked_in') && timeZone && <ViewerTime iso={checkIn.at} timeZone={timeZone} />}
      </p>
      {answer.offline && (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
          <CloudOff className="size-4" aria-hidden />
          {answer.outcome === 'checked_in' ? t('Saved on this phone: it will be sent when you are back online.') : t('Checked against the roster saved on this phone.')}
        </p>
      )}
      {person && answer.outcome !== 'not_registered' && answer.outcome !== 'unknown_code' && (
        <div className="mt-4 flex flex-wrap gap-2">
          {answer.outcome === 'checked_in' && checkIn?.id && !checkIn.undoneAt && (
            <Button variant="outline" size="sm" onClick={() => onUndo(checkIn.id!)} loading={undoing}>
              <Undo2 aria-hidden />
              {t('Undo check-in')}
            </Button>
          )}
          {!answer.offline && (
            <a href={badgeUrl(eventId, person.userId, 'a6')} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <Printer aria-hidden />
              {t('Reprint badge')}
            </a>
          )}
        </div>
      )}
    </section>
  );
}
