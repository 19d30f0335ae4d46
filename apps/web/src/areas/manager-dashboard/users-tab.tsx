import { managerDashboardEndpoints } from '@mingle/shared/manager-dashboard/endpoints';
import { USER_TYPE_LABELS, type UserType } from '@mingle/shared/core/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton, LoadError, MoreButton, Row } from '@/components/list-parts';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { pagedQueryOptions } from '@/lib/paged-query';
import { managerKeys } from './api';

const usersQueryOptions = pagedQueryOptions(managerKeys.users, managerDashboardEndpoints.users);

/** All Users: the people of the manager's events (everyone for a super admin) with a type badge. */
export function UsersTab() {
  const { t } = useTranslation('manager-dashboard');
  const query = useInfiniteQuery(usersQueryOptions);
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState icon={Users} title={t('No users yet')} />;
  return (
    <>
      <ul className="grid gap-3">
        {items.map((user) => (
          <Row key={user.id}>
            <div className="min-w-0">
              <p className="font-semibold">{user.fullName}</p>
              {user.companyOrInstitution && <p className="text-sm text-muted-foreground">{user.companyOrInstitution}</p>}
            </div>
            <Badge variant="secondary">{user.userType ? t(USER_TYPE_LABELS[user.userType as UserType] ?? user.userType, { ns: 'messages' }) : t('Not set')}</Badge>
          </Row>
        ))}
      </ul>
      <MoreButton query={query} />
    </>
  );
}
