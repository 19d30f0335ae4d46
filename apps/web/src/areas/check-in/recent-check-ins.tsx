import type { CheckInPointDto } from '@mingle/shared/check-in/contract';
import { CHECK_IN_UNDONE_MESSAGE } from '@mingle/shared/check-in/inputs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { History, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ZonedTime } from '@/components/zoned-time';
import { formatZonedTime } from '@/lib/datetime';
import { recentCheckInsQueryOptions, useUndoCheckIn } from './api';

/**
 * The event's check-ins newest first, by anyone at the door, with undo; an undone one says who undid it and when.
 * Times in the event's zone (`timeZone`), the viewer's own beside.
 */
export function RecentCheckIns({ eventId, timeZone, points }: { eventId: string; timeZone: string | undefined; points: CheckInPointDto[] }) {
  const { t } = useTranslation('check-in');
  const recent = useInfiniteQuery(recentCheckInsQueryOptions(eventId));
  const undo = useUndoCheckIn(eventId);
  const pointName = (id: string | null) => points.find((point) => point.id === id)?.name;
  const items = recent.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <History className="size-5" aria-hidden />
          {t('Recent check-ins')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {recent.isPending ? (
          <Skeleton className="h-24 rounded-lg" />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('Nobody has been checked in yet.')}</p>
        ) : (
          <ul aria-label={t('Recent check-ins')} className="divide-y">
            {items.map((item) => (
              <li key={item.id} className="flex items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className={item.undoneAt ? 'truncate font-medium text-muted-foreground line-through' : 'truncate font-medium'}>{item.person.fullName}</p>
                  <p className="text-xs text-muted-foreground">
                    <ZonedTime iso={item.at} timeZone={timeZone} />
                    {pointName(item.pointId) && ` · ${pointName(item.pointId)}`}
                    {' · '}
                    {item.byYou ? t('by you') : t('by {{name}}', { name: item.byName ?? t('a former volunteer') })}
                    {item.undoneAt && ` · ${t('undone at {{time}} by {{name}}', { time: formatZonedTime(item.undoneAt, timeZone), name: item.undoneByName ?? t('a former volunteer') })}`}
                  </p>
                </div>
                {item.undoneAt ? (
                  <Badge variant="secondary">{t('Undone')}</Badge>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('Undo check-in of {{name}}', { name: item.person.fullName })}
                    loading={undo.isPending && undo.variables === item.id}
                    onClick={() =>
                      undo.mutate(item.id, {
                        onSuccess: () => toast.success(t(CHECK_IN_UNDONE_MESSAGE, { ns: 'messages' }), { description: item.person.fullName }),
                        onError: (error) => toast.error(t('Could not undo'), { description: t(error.message, { ns: 'messages' }) }),
                      })
                    }
                  >
                    <Undo2 aria-hidden />
                    {t('Undo')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {recent.hasNextPage && (
          <Button variant="outline" size="sm" className="mt-3 w-full" loading={recent.isFetchingNextPage} onClick={() => void recent.fetchNextPage()}>
            {t('Show more')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
