import { BADGE_MESSAGES, BADGE_SIZE_LABELS, BADGE_SIZES, type BadgeSize } from '@mingle/shared/badges/inputs';
import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatDateTime, fromLocalInputValue } from '@/lib/datetime';
import { formattingLocale } from '@/lib/i18n';
import { badgesUrl } from './api';

/** What each paper size is for, under its name. */
const SIZE_NOTES = {
  a6: 'A sheet per badge, for lanyard pockets',
  'label-4x3': 'The common label printer roll',
} as const satisfies Record<BadgeSize, string>;

/**
 * The organizer's "Print badges" button and its dialog: the paper size, then the PDF of every registered attendee's
 * badge, ordered by name. `registered` is how many there are (unknown while loading).
 */
export function PrintBadgesButton({ eventId, registered }: { eventId: string; registered?: number }) {
  const { t } = useTranslation('badges');
  const [size, setSize] = useState<BadgeSize>('a6');
  const [who, setWho] = useState<'all' | 'since'>('all');
  const [since, setSince] = useState('');
  const sinceDate = who === 'since' ? fromLocalInputValue(since) : null;
  const none = registered === 0 || (who === 'since' && !sinceDate);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Printer aria-hidden />
          {t('Print badges')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('Print badges')}</DialogTitle>
          <DialogDescription>
            {t("One badge a page: name, job title and company, the event's logo and name, and the QR code the door and goodie scanners read.")}
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('Paper size')}</legend>
          {BADGE_SIZES.map((option) => (
            <label
              key={option}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border px-3.5 py-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                size === option ? 'border-brand-600 bg-brand-50' : 'border-border bg-card hover:bg-accent',
              )}
            >
              <input type="radio" name="badge-size" value={option} checked={size === option} onChange={() => setSize(option)} className="mt-1 accent-brand-600" />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium">{t(BADGE_SIZE_LABELS[option], { ns: 'messages' })}</span>
                <span className="text-sm text-muted-foreground">{t(SIZE_NOTES[option])}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('Whose badges')}</legend>
          {(['all', 'since'] as const).map((option) => (
            <label key={option} className="flex cursor-pointer items-center gap-3 text-sm">
              <input type="radio" name="badge-who" value={option} checked={who === option} onChange={() => setWho(option)} className="accent-brand-600" />
              {option === 'all' ? t('Everyone registered') : t('Registered since a date (late registrations)')}
            </label>
          ))}
          {who === 'since' && (
            <Input type="datetime-local" aria-label={t('Registered since')} value={since} onChange={(event) => setSince(event.target.value)} className="max-w-64" />
          )}
        </fieldset>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {who === 'since'
            ? sinceDate
              ? t('Everyone who registered since {{when}}, ordered by name.', { when: formatDateTime(sinceDate.toISOString()) })
              : t('Choose the date and time.')
            : none
            ? t(BADGE_MESSAGES.noAttendees, { ns: 'messages' })
            : registered === undefined
              ? t('All registered attendees, ordered by name.')
              : t('{{number}} registered attendees, ordered by name. People on the waitlist get no badge.', {
                  count: registered,
                  number: new Intl.NumberFormat(formattingLocale()).format(registered),
                })}
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('Cancel')}</Button>
          </DialogClose>
          <a
            href={none ? undefined : badgesUrl(eventId, size, undefined, sinceDate?.toISOString())}
            download
            aria-disabled={none || undefined}
            className={buttonVariants({ variant: 'default' })}
          >
            <Download aria-hidden />
            {t('Download PDF')}
          </a>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
