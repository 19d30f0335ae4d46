import type { CheckInPointDto } from '@mingle/shared/check-in/contract';
import { CHECK_IN_UNDONE_MESSAGE } from '@mingle/shared/check-in/inputs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { History, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatTime } from '@/lib/datetime';
import { recentCheckInsQueryOptions, useUndoCheckIn } from './api';

/** The event's check-ins newest first, by anyone at the door, with undo; an undone one says who undid it and when. */
export function RecentCheckIns({ eventId, points }: { eventId: string; points: CheckInPointDto[] }) {
  const recent = useInfiniteQuery(recentCheckInsQueryOptions(eventId));
  const undo = useUndoCheckIn(eventId);
  const pointName = (id: string | null) => points.find((point) => point.id === id)?.name;
  const items = recent.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <History className="size-5" aria-hidden />
          Recent check-ins
        </CardTitle>
      </CardHeader>
      <CardContent>
        {recent.isPending ? (
          <Skeleton className="h-24 rounded-lg" />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody has been checked in yet.</p>
        ) : (
          <ul aria-label="Recent check-ins" className="divide-y">
            {items.map((item) => (
              <li key={item.id} className="flex items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className={item.undoneAt ? 'truncate font-medium text-muted-foreground line-through' : 'truncate font-medium'}>{item.person.fullName}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {formatTime(item.at)}
                    {pointName(item.pointId) && ` · ${pointName(item.pointId)}`} · by {item.byYou ? 'you' : (item.byName ?? 'a former volunteer')}
                    {item.undoneAt && ` · undone at ${formatTime(item.undoneAt)} by ${item.undoneByName ?? 'a former volunteer'}`}
                  </p>
                </div>
                {item.undoneAt ? (
                  <Badge variant="secondary">Undone</Badge>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Undo check-in of ${item.person.fullName}`}
                    loading={undo.isPending && undo.variables === item.id}
                    onClick={() =>
                      undo.mutate(item.id, {
                        onSuccess: () => toast.success(CHECK_IN_UNDONE_MESSAGE, { description: item.person.fullName }),
                        onError: (error) => toast.error('Could not undo', { description: error.message }),
                      })
                    }
                  >
                    <Undo2 aria-hidden />
                    Undo
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {recent.hasNextPage && (
          <Button variant="outline" size="sm" className="mt-3 w-full" loading={recent.isFetchingNextPage} onClick={() => void recent.fetchNextPage()}>
            Show more
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
