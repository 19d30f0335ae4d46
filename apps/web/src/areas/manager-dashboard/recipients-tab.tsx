import { managerDashboardEndpoints } from '@mingle/shared/manager-dashboard/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton, LoadError, MoreButton, Row } from '@/components/list-parts';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime } from '@/lib/datetime';
import { pagedQueryOptions } from '@/lib/paged-query';
import { managerKeys } from './api';

const recipientsQueryOptions = pagedQueryOptions(managerKeys.recipients, managerDashboardEndpoints.recipients);

/** Attendees: those who received goodies, with the giver and the time. */
export function RecipientsTab() {
  const { t } = useTranslation('manager-dashboard');
  const query = useInfiniteQuery(recipientsQueryOptions);
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState icon={Gift} title={t('No goodies distributed yet')} />;
  return (
    <>
      <ul className="grid gap-3">
        {items.map((item) => (
          <Row key={item.attendeeId}>
            <div className="min-w-0">
              <p className="font-semibold">{item.fullName}</p>
              <p className="text-sm text-muted-foreground">{item.eventName}</p>
            </div>
            <p className="text-sm text-muted-foreground">
              {t('Received from {{name}} · {{when}}', { name: item.giverName ?? t('a former volunteer'), when: formatDateTime(item.receivedAt) })}
            </p>
          </Row>
        ))}
      </ul>
      <MoreButton query={query} />
    </>
  );
}
