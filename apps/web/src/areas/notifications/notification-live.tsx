import { liveTopics } from '@mingle/shared/core/live';
import { isNotificationCreatedEvent, NOTIFICATION_CREATED_KIND, NOTIFICATIONS_READ_KIND } from '@mingle/shared/notifications/texts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { live } from '@/lib/live';
import { translateMessage } from '@/lib/messages';
import { toast } from '@/lib/toast';
import { notificationKeys } from './api';

/**
 * Mounted on every signed-in page (RequireAuth): a notification written or read in any tab refreshes the bell, the
 * panel and the page at once, and a meeting request, which a person must not miss, toasts on whatever page they are.
 * (A goodie toasts through its own event, decision 0116; its notification only counts here.) After a reconnect
 * everything refetches instead, since what was said while the socket was down is gone.
 */
export function NotificationLive({ userId }: { userId: string }) {
  // Mounted on every page: it must not hold a page back while this area's texts load (only a toast needs them).
  const { t } = useTranslation('notifications', { useSuspense: false });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    const unsubscribe = live.subscribe(liveTopics.userAccount(userId), (event) => {
      if (event.kind !== NOTIFICATION_CREATED_KIND && event.kind !== NOTIFICATIONS_READ_KIND) return;
      refresh();
      if (!isNotificationCreatedEvent(event.data) || event.data.kind !== 'meeting_requested') return;
      const { id, title, body, link } = event.data;
      // One toast per notification, however many listeners a page happens to mount.
      toast.info(translateMessage(title), { id: `notification-${id}`, description: body ?? undefined, action: { label: t('View'), onClick: () => void navigate(link) } });
    });
    const stopResync = live.onResync(refresh);
    return () => {
      unsubscribe();
      stopResync();
    };
  }, [userId, queryClient, navigate, t]);
  return null;
}
