import { useQuery } from '@tanstack/react-query';
import { Card, CardContent } from '@/components/ui/card';
import { noRetryOnClientError } from '@/lib/paged-query';
import { fetchQueueHealth } from './api';

const numberFormat = new Intl.NumberFormat();

/** The job queue's health on the Super Admin Dashboard: its depth and what failed lately. */
export function QueueHealthCard() {
  const health = useQuery({ queryKey: ['admin', 'queue'], queryFn: ({ signal }) => fetchQueueHealth(signal), retry: noRetryOnClientError, refetchInterval: 30_000 });
  const h = health.data;
  const figures: Array<{ label: string; value: number | undefined; alarm?: boolean }> = [
    { label: 'Waiting', value: h?.waiting },
    { label: 'Running', value: h?.active },
    { label: 'Failed (24 h)', value: h?.failedLastDay, alarm: true },
    { label: 'Dead-lettered', value: h?.deadLettered, alarm: true },
    { label: 'Emails failed (24 h)', value: h?.mailFailedLastDay, alarm: true },
  ];
  return (
    <Card className="mb-4">
      <CardContent className="grid gap-3 pt-5">
        <div>
          <h2 className="font-semibold">
            Job Queue
          </h2>
          <p className="text-sm text-muted-foreground">Emails waiting to go out, and those that could not be delivered</p>
        </div>
        {health.isError ? (
          <p className="text-sm text-destructive">{health.error.message}</p>
        ) : (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {figures.map(({ label, value, alarm }) => (
              <div key={label}>
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className={`text-xl font-semibold tabular-nums ${alarm && value ? 'text-destructive' : ''}`}>
                  {value === undefined ? '–' : numberFormat.format(value)}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
