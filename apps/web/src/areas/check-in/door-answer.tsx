import { ALREADY_CHECKED_IN_TITLE, CHECKED_IN_TITLE, NOT_ON_LIST_TITLE } from '@mingle/shared/check-in/inputs';
import { CheckCircle2, CircleAlert, CloudOff, Printer, Undo2, XCircle } from 'lucide-react';
import { badgeUrl } from '@/areas/badges';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/datetime';
import type { DoorAnswer } from './use-door';

const LOOK = {
  checked_in: { title: CHECKED_IN_TITLE, icon: CheckCircle2, tone: 'border-success/50 bg-success-soft', iconTone: 'text-success' },
  already_checked_in: { title: ALREADY_CHECKED_IN_TITLE, icon: CircleAlert, tone: 'border-warning/50 bg-warning-soft', iconTone: 'text-warning' },
  not_registered: { title: NOT_ON_LIST_TITLE, icon: XCircle, tone: 'border-destructive/40 bg-destructive-soft', iconTone: 'text-destructive' },
  unknown_code: { title: NOT_ON_LIST_TITLE, icon: XCircle, tone: 'border-destructive/40 bg-destructive-soft', iconTone: 'text-destructive' },
} as const;

function byWhom(checkIn: NonNullable<DoorAnswer['checkIn']>) {
  const who = checkIn.byYou ? 'you' : (checkIn.byName ?? 'a former volunteer');
  return `at ${formatTime(checkIn.at)} by ${who}`;
}

/** Who the door just scanned or picked, and what that means, big enough to read at arm's length. */
export function DoorAnswerCard({ eventId, answer, onUndo, undoing }: { eventId: string; answer: DoorAnswer; onUndo: (id: string) => void; undoing: boolean }) {
  const look = LOOK[answer.outcome];
  const Icon = look.icon;
  const { person, checkIn } = answer;
  const detail =
    answer.outcome === 'checked_in' && checkIn
      ? `Checked in ${byWhom(checkIn)}`
      : answer.outcome === 'already_checked_in' && checkIn
        ? `First checked in ${byWhom(checkIn)}`
        : answer.outcome === 'unknown_code'
          ? 'This code is not on the roster saved on this phone.'
          : answer.waitlisted
            ? 'On the waitlist, without a place at this event.'
            : 'Not registered for this event.';
  return (
    <section aria-live="polite" aria-label="Check-in result" className={cn('rounded-xl border-2 p-4 sm:p-5', look.tone)}>
      <p className={cn('flex items-center gap-2 text-lg font-bold', look.iconTone)}>
        <Icon className="size-6" aria-hidden />
        <span className="text-foreground">{look.title}</span>
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
      <p className="mt-3 text-sm">{detail}</p>
      {answer.offline && (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
          <CloudOff className="size-4" aria-hidden />
          {answer.outcome === 'checked_in' ? 'Saved on this phone: it will be sent when you are back online.' : 'Checked against the roster saved on this phone.'}
        </p>
      )}
      {person && answer.outcome !== 'not_registered' && answer.outcome !== 'unknown_code' && (
        <div className="mt-4 flex flex-wrap gap-2">
          {answer.outcome === 'checked_in' && checkIn?.id && !checkIn.undoneAt && (
            <Button variant="outline" size="sm" onClick={() => onUndo(checkIn.id!)} loading={undoing}>
              <Undo2 aria-hidden />
              Undo check-in
            </Button>
          )}
          {!answer.offline && (
            <a href={badgeUrl(eventId, person.userId, 'a6')} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <Printer aria-hidden />
              Reprint badge
            </a>
          )}
        </div>
      )}
    </section>
  );
}
