import { liveTopics } from '@mingle/shared/core/live';
import {
  GOODIE_RECEIVED_KIND,
  GOODIE_RECEIVED_TITLE,
  isGoodieReceivedEvent,
} from '@mingle/shared/volunteers/goodie-notification';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { live } from '@/lib/live';
import { toast } from '@/lib/toast';
import { goodieKeys } from './api';

/**
 * Spec 01: a participant "receives goodies, with a real-time notification". Mounted on every signed-in page
 * (RequireAuth): when a volunteer scans them, the account topic says so, a toast tells them on whatever page they
 * are, and their goodies refetch (the dashboard's My Goodies). After a reconnect the list refetches instead, since
 * what was said while the socket was down is gone.
 */
export function GoodieNotifications({ userId }: { userId: string }) {
  // Mounted on every page: it must not hold a page back while this area's texts load (only a toast needs them).
  const { t } = useTranslation('volunteers', { useSuspense: false });
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: goodieKeys.mine });
    const unsubscribe = live.subscribe(liveTopics.userAccount(userId), (event) => {
      if (event.kind !== GOODIE_RECEIVED_KIND) return;
      refresh();
      if (!isGoodieReceivedEvent(event.data)) return;
      const { eventId, eventName } = event.data;
      // One toast per goodie, however many listeners a page happens to mount.
      toast.success(t(GOODIE_RECEIVED_TITLE, { ns: 'messages' }), {
        id: `goodie-${eventId}`,
        description: t('You received your event goodie at {{eventName}}.', { eventName }),
      });
    });
    const stopResync = live.onResync(refresh);
    return () => {
      unsubscribe();
      stopResync();
    };
  }, [userId, queryClient, t]);
  return null;
}
