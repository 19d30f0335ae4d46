import type { RegistrationEntryDto, RegistrationSummaryDto } from '@mingle/shared/registrations/contract';
import { REGISTRATION_SEARCH_MAX, type RegistrationListStatus } from '@mingle/shared/registrations/inputs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { UserMinus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConsentMark } from '@/areas/privacy';
import { ListSkeleton, LoadError, MoreButton, Row } from '@/components/list-parts';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/search-input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ViewerTime } from '@/components/zoned-time';
import { formatDateTime, formatZonedTime } from '@/lib/datetime';
import { registrationListQueryOptions, useRemoveRegistration } from './api';

const SEARCH_DELAY_MS = 300;
const TABS = [
  { status: 'registered', label: 'Registered', count: 'registered' },
  { status: 'waitlisted', label: 'Waitlist', count: 'waitlisted' },
  { status: 'cancelled', label: 'Cancelled', count: 'cancelled' },
] as const satisfies readonly { status: RegistrationListStatus; label: string; count: keyof RegistrationSummaryDto }[];
const EMPTY = {
  registered: { title: 'No registrations yet', text: 'People who register, or accept an invitation, show here in the order they joined.' },
  waitlisted: { title: 'Nobody is waiting', text: 'When the event is full, new registrations wait here and move up as places free.' },
  cancelled: { title: 'No cancellations', text: 'Registrations that were cancelled, by the person or by an organizer, show here.' },
} as const satisfies Record<RegistrationListStatus, { title: string; text: string }>;

// The lists' names for screen readers.
const LIST_NAMES = { registered: 'registered people', waitlisted: 'waitlisted people', cancelled: 'cancelled people' } as const;

/** The organizer's three lists, each searchable by name or email and paged; a person can be removed from the first two. */
export function RegistrationLists({ eventId, timeZone, summary }: { eventId: string; timeZone: string | undefined; summary: RegistrationSummaryDto | undefined }) {
  const { t } = useTranslation('registrations');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  return (
    <Tabs defaultValue="registered">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TabsList>
          {TABS.map((tab) => (
            <TabsTrigger key={tab.status} value={tab.status}>
              {t(tab.label)}
              {summary && <span className="ml-1.5 tabular-nums text-muted-foreground">{summary[tab.count]}</span>}
            </TabsTrigger>
          ))}
        </TabsList>
        <SearchInput
          className="sm:w-72"
          aria-label={t('Search registrations')}
          placeholder={t('Search by name or email')}
          maxLength={REGISTRATION_SEARCH_MAX}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      {TABS.map((tab) => (
        <TabsContent key={tab.status} value={tab.status}>
          <RegistrationList eventId={eventId} timeZone={timeZone} status={tab.status} search={search} />
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** One list; a check-in's time is told in the event's zone (`timeZone`), the viewer's own beside. */
function RegistrationList({ eventId, timeZone, status, search }: { eventId: string; timeZone: string | undefined; status: RegistrationListStatus; search: string }) {
  const { t } = useTranslation('registrations');
  const query = useInfiniteQuery(registrationListQueryOptions(eventId, status, search));
  const [removing, setRemoving] = useState<RegistrationEntryDto | null>(null);
  const remove = useRemoveRegistration(eventId);

  if (query.isPending) return <ListSkeleton rowClassName="h-16" />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const entries = query.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) {
    return search ? (
      <EmptyState icon={Users} title={t('No matches')}>
        {t('Nobody on this list matches “{{search}}”.', { search })}
      </EmptyState>
    ) : (
      <EmptyState icon={Users} title={t(EMPTY[status].title)}>
        {t(EMPTY[status].text)}
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid gap-2" aria-label={t(LIST_NAMES[status])}>
        {entries.map((entry) => (
          <Row key={`${entry.userId}-${entry.at}`}>
            <div className="flex min-w-0 items-center gap-3">
              {entry.position !== null && (
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold tabular-nums text-brand-700" title={t('Place in the queue')}>
                  {entry.position}
                </span>
              )}
              <div className="min-w-0">
                <p className="truncate font-semibold">{entry.name}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {entry.email}
                  {(entry.jobTitle || entry.company) && ` · ${[entry.jobTitle, entry.company].filter(Boolean).join(', ')}`}
                </p>
                {/* Under the person, not beside the actions: the row's right side keeps its width for the date and Remove. */}
                {status !== 'cancelled' && (
                  <div className="mt-1.5">
                    <ConsentMark consents={entry.consents} />
                  </div>
                )}
                {entry.answers.length > 0 && (
                  <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-sm">
                    {entry.answers.map((answer) => (
                      <div key={answer.questionId} className="flex min-w-0 gap-1">
                        <dt className="text-muted-foreground">{/[?:.!]$/.test(answer.label) ? answer.label : t('{{label}}:', { label: answer.label })}</dt>
                        <dd className="min-w-0 break-words">{answer.value.join(', ')}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </div>
            </div>
            <div className="flex shrink-0 flex-wrap items-center gap-2 sm:justify-end">
              {entry.checkedInAt && (
                <Badge variant="success">
                  {t('Checked in {{time}}', { time: formatZonedTime(entry.checkedInAt, timeZone) })}
                  {timeZone && <ViewerTime iso={entry.checkedInAt} timeZone={timeZone} />}
                </Badge>
              )}
              {entry.cancelled && (
                <Badge variant={entry.cancelled.byOrganizer ? 'warning' : 'secondary'}>
                  {entry.cancelled.byOrganizer
                    ? t('Removed by an organizer')
                    : entry.cancelled.from === 'waitlisted'
                      ? t('Left the waitlist')
                      : t('Cancelled')}
                </Badge>
              )}
              <span className="text-sm tabular-nums text-muted-foreground">{formatDateTime(entry.at)}</span>
              {status !== 'cancelled' && (
                <Button variant="ghost" size="sm" onClick={() => setRemoving(entry)} aria-label={t('Remove {{name}}', { name: entry.name })}>
                  <UserMinus aria-hidden />
                  {t('Remove')}
                </Button>
              )}
            </div>
          </Row>
        ))}
      </ul>
      <MoreButton query={query} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={status === 'waitlisted' ? t('Remove from the waitlist?') : t('Cancel this registration?')}
        description={
          removing
            ? status === 'waitlisted'
              ? t('{{name}} leaves the waitlist and is told by email.', { name: removing.name })
              : t('{{name}} loses their place and is told by email; the place goes to the next person on the waitlist.', { name: removing.name })
            : ''
        }
        confirmLabel={t('Remove')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.userId, {
            onSuccess: () => {
              toast.success(t('Removed'), { description: t('{{name}} was removed.', { name: removing.name }) });
              setRemoving(null);
            },
            onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
          })
        }
      />
    </>
  );
}
