import { CalendarRange, ClipboardList, Download, Handshake, type LucideIcon, MessageSquare, ScanLine, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';


/** The organizers' CSV files of an event (decision 0172), each built by its own area's route. */
const EXPORTS = [
  { file: 'registrations.csv', title: 'Registrations', what: 'Registered and waitlisted people, their answers and door check-in.', icon: ClipboardList },
  { file: 'check-ins.csv', title: 'Door check-ins', what: 'Every check-in with its point, time, who let the person in, and undos.', icon: ScanLine },
  { file: 'sessions.csv', title: 'Sessions', what: 'The agenda with times, speakers, capacity, bookmarks and check-ins.', icon: CalendarRange },
  { file: 'sponsors.csv', title: 'Sponsors', what: 'Each sponsor with representatives, leads and booth visits.', icon: Store },
  { file: 'meetings.csv', title: 'Meetings', what: 'Who meets whom, when, where and how each request stands.', icon: Handshake },
  { file: 'feed.csv', title: 'Feed posts', what: 'Every post with its author, time, likes and pin.', icon: MessageSquare },
] as const satisfies readonly { file: string; title: string; what: string; icon: LucideIcon }[];

/** "Exports": every CSV file of the event in one place, from its Manage event menu. */
export function ExportsDialog({ eventId, eventName, open, onOpenChange }: { eventId: string; eventName: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('events');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('Exports')}</DialogTitle>
          <DialogDescription>
            {t("CSV files of {{eventName}} for spreadsheets and other tools. They hold people's names and emails: share them with care.", { eventName })}
          </DialogDescription>
        </DialogHeader>
        <ul className="-mx-1 grid divide-y divide-border">
          {EXPORTS.map(({ file, title, what, icon: Icon }) => (
            <li key={file} className="flex items-center gap-3 px-1 py-3">
              <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
                <Icon className="size-4.5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium">{t(title)}</p>
                <p className="text-sm text-muted-foreground text-pretty">{t(what)}</p>
              </div>
              <a
                href={`/api/events/${eventId}/${file}`}
                download
                aria-label={t('Download {{title}} CSV', { title: t(title) })}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <Download aria-hidden />
                {/* i18next-instrument-ignore-next-line */}
                CSV
              </a>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
