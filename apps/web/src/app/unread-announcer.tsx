import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unreadNotificationsQueryOptions } from '@/areas/notifications';

/**
 * Reads out, politely, that new notifications arrived: the bell's count is in its label, which a screen reader
 * only reads when the bell is focused. Only a rise is announced (reading notifications lowers it, which the user
 * did themselves); the count at page load is not news.
 */
export function UnreadAnnouncer() {
  const { t } = useTranslation();
  const unread = useQuery(unreadNotificationsQueryOptions).data;
  const previous = useRef<number | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (unread === undefined) return;
    if (previous.current !== undefined && unread > previous.current) {
      setAnnouncement(t('{{count}} unread notifications', { count: unread }));
    }
    previous.current = unread;
  }, [unread, t]);
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="unread-announcer">
      {announcement}
    </div>
  );
}
