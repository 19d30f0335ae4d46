import { NOTIFICATION_MESSAGES } from '@mingle/shared/notifications/texts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { BellOff, CheckCheck, CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageTitle } from '@/components/ui/page-title';
import { notificationsQueryOptions, unreadNotificationsQueryOptions, useMarkAllNotificationsRead } from './api';
import { NotificationItem, NotificationItemSkeletons } from './notification-item';

/** /notifications: every notification, newest first, a page at a time; the bell's "See all". */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const query = useInfiniteQuery(notificationsQueryOptions);
  const unread = useQuery(unreadNotificationsQueryOptions).data ?? 0;
  const markAll = useMarkAllNotificationsRead();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <PageTitle
        title={t('Notifications')}
        description={unread > 0 ? t('{{count}} unread', { count: unread }) : t('Meeting requests, messages, goodies and answers to your questions.')}
        actions={
          unread > 0 && (
            <Button variant="outline" size="sm" onClick={() => markAll.mutate()} loading={markAll.isPending}>
              {!markAll.isPending && <CheckCheck aria-hidden />}
              {t('Mark all as read')}
            </Button>
          )
        }
      />
      {query.isPending ? (
        <Card className="grid gap-5 p-5">
          <NotificationItemSkeletons count={4} />
        </Card>
      ) : query.isError ? (
        <EmptyState
          icon={CloudOff}
          tone="danger"
          title={t(NOTIFICATION_MESSAGES.loadFailed, { ns: 'messages' })}
          action={
            <Button onClick={() => void query.refetch()} loading={query.isRefetching}>
              {t('Try again')}
            </Button>
          }
        >
          {t(query.error.message, { ns: 'messages' })}
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState
          icon={BellOff}
          title={t("You're all caught up")}
          action={
            <Link to="/profile" className={buttonVariants({ variant: 'outline' })}>
              {t('Notification settings')}
            </Link>
          }
        >
          {t('Meeting requests, messages and goodies will show up here.')}
        </EmptyState>
      ) : (
        <div className="grid gap-4">
          <Card className="overflow-hidden p-0">
            <ul className="divide-y divide-border">
              {items.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem notification={notification} className="sm:px-5" />
                </li>
              ))}
            </ul>
          </Card>
          {query.hasNextPage && (
            <Button variant="outline" className="justify-self-center" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('Load more')}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
