import { NOTIFICATION_MESSAGES } from '@mingle/shared/notifications/texts';
import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';
import { notificationPanelQueryOptions, unreadNotificationsQueryOptions, useMarkAllNotificationsRead } from './api';
import { badgeText } from './format';
import { NotificationItem, NotificationItemSkeletons } from './notification-item';

/**
 * The header's bell: the unread count (kept live by NotificationLive), opening the newest notifications: a panel
 * under the bell from `sm` up, a bottom sheet on a phone.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const unread = useQuery(unreadNotificationsQueryOptions).data ?? 0;
  const wide = useMediaQuery('(min-width: 640px)');
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const trigger = (
    <Button variant="ghost" size="icon" className="relative" data-testid="notification-bell" aria-label={unread > 0 ? t('Notifications, {{count}} unread', { count: unread }) : t('Notifications')}>
      <Bell aria-hidden className="size-5" />
      {unread > 0 && (
        <span
          data-testid="notification-count"
          aria-hidden
          className="absolute right-1 top-1 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-rose-600 px-1 text-[0.6875rem] font-semibold leading-none text-white tabular-nums ring-2 ring-background"
        >
          {badgeText(unread)}
        </span>
      )}
    </Button>
  );
  if (wide) {
    return (
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>{trigger}</PopoverTrigger>
        <PopoverContent aria-label={t('Notifications')} className="flex w-[25rem] max-w-[calc(100vw-1.5rem)] flex-col">
          <NotificationPanel unread={unread} onFollow={close} />
        </PopoverContent>
      </Popover>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="gap-0 px-0 pb-[env(safe-area-inset-bottom)] pt-3">
        <DialogDescription className="sr-only">{t('Your newest notifications')}</DialogDescription>
        <NotificationPanel unread={unread} onFollow={close} sheet />
      </DialogContent>
    </Dialog>
  );
}

/** The newest notifications, "Mark all as read" and "See all". */
function NotificationPanel({ unread, onFollow, sheet = false }: { unread: number; onFollow: () => void; sheet?: boolean }) {
  const { t } = useTranslation('notifications');
  const { data, isPending, isError, refetch } = useQuery(notificationPanelQueryOptions);
  const markAll = useMarkAllNotificationsRead();
  const Title = sheet ? DialogTitle : 'h2';
  return (
    <>
      <div className={cn('flex items-center justify-between gap-3 border-b border-border px-4 py-3', sheet && 'pr-14')}>
        <Title className="text-base font-semibold tracking-tight">{t('Notifications')}</Title>
        {unread > 0 && (
          <Button variant="ghost" size="sm" className="-mr-2 text-primary" onClick={() => markAll.mutate()} loading={markAll.isPending}>
            {!markAll.isPending && <CheckCheck aria-hidden />}
            {t('Mark all as read')}
          </Button>
        )}
      </div>
      <div className={cn('overflow-y-auto overscroll-contain', sheet ? 'max-h-[65dvh]' : 'max-h-[26rem]')}>
        {isPending ? (
          <div className="grid gap-4 p-4" aria-busy>
            <NotificationItemSkeletons count={3} />
          </div>
        ) : isError ? (
          <div className="grid justify-items-center gap-3 px-6 py-10 text-center text-sm text-muted-foreground">
            {t(NOTIFICATION_MESSAGES.loadFailed, { ns: 'messages' })}
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              {t('Try again')}
            </Button>
          </div>
        ) : data.items.length === 0 ? (
          <div className="grid justify-items-center gap-2 px-6 py-12 text-center">
            <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <BellOff aria-hidden className="size-5" />
            </span>
            <p className="text-sm font-medium">{t("You're all caught up")}</p>
            <p className="text-sm text-muted-foreground">{t('Meeting requests, messages and goodies will show up here.')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {data.items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onFollow={onFollow} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-border p-2">
        <Link
          to="/notifications"
          onClick={onFollow}
          className="flex h-9 items-center justify-center rounded-md text-sm font-medium text-primary transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('See all')}
        </Link>
      </div>
    </>
  );
}
