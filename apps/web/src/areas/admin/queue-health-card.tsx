import { useQuery } from '@tanstack/react-query';
import { Card, CardContent } from '@/components/ui/card';
import { formattingLocale } from '@/lib/i18n';
import { noRetryOnClientError } from '@/lib/paged-query';
import { fetchQueueHealth } from './api';
import { useTranslation } from 'react-i18next';

/** The job queue's health on the Super Admin Dashboard: its depth and what failed lately. */
export function QueueHealthCard() {
  const health = useQuery({ queryKey: ['admin', 'queue'], queryFn: ({ signal }) => fetchQueueHealth(signal), retry: noRetryOnClientError, refetchInterval: 30_000 });
  const { t } = useTranslation('admin');
  const h = health.data;
  const numberFormat = new Intl.NumberFormat(formattingLocale());
  const figures: Array<{ label: string; value: number | undefined; alarm?: boolean }> = [
    { label: t('Waiting'), value: h?.waiting },
    { label: t('Running'), value: h?.active },
    { label: t('Failed (24 h)'), value: h?.failedLastDay, alarm: true },
    { label: t('Dead-lettered'), value: h?.deadLettered, alarm: true },
    { label: t('Emails failed (24 h)'), value: h?.mailFailedLastDay, alarm: true },
  ];
  return (
    <Card className="mb-4">
      <CardContent className="grid gap-3 pt-5">
        <div>
          <h2 className="font-semibold">
            {t('Job Queue')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('Emails waiting to go out, and those that could not be delivered')}</p>
        </div>
        {health.isError ? (
          <p className="text-sm text-destructive">{t(health.error.message, { ns: 'messages' })}</p>
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
