import { MY_GOODIES_TITLE } from '@mingle/shared/schemas/volunteers';
import { useQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, zoneName } from '@/lib/datetime';
import { myGoodiesQueryOptions } from './queries';

/** The participant's goodies on their dashboard, refreshed live by GoodieNotifications. Shown once there is one. */
export function MyGoodiesCard() {
  const goodies = useQuery(myGoodiesQueryOptions);
  if (!goodies.data?.length) return null;
  return (
    <Card role="region" className="mb-6" aria-labelledby="my-goodies-title">
      <CardHeader>
        <CardTitle id="my-goodies-title" className="flex items-center gap-2">
          <Gift className="size-4 text-primary" aria-hidden />
          {MY_GOODIES_TITLE}
        </CardTitle>
        <CardDescription>Event goodies the volunteers handed you.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border rounded-lg border border-border">
          {goodies.data.map((goodie) => (
            <li key={goodie.eventId} className="px-3 py-3">
              <p className="text-sm font-medium break-words">{goodie.eventName}</p>
              <p className="text-xs text-muted-foreground">
                Received {formatDateTime(goodie.receivedAt)} {zoneName(goodie.receivedAt)}
                {goodie.giverName ? ` from ${goodie.giverName}` : ''}
              </p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
