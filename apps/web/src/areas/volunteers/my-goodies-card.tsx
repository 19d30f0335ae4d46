import { MY_GOODIES_TITLE } from '@mingle/shared/volunteers/inputs';
import { useQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NoticeCard } from '@/components/ui/notice-card';
import { formatDateTime, zoneName } from '@/lib/datetime';
import { myGoodiesQueryOptions } from './api';

/** The participant's goodies on their dashboard, refreshed live by GoodieNotifications. Shown once there is one. */
export function MyGoodiesCard() {
  const { t } = useTranslation('volunteers');
  const goodies = useQuery(myGoodiesQueryOptions);
  if (!goodies.data?.length) return null;
  return (
    <NoticeCard id="my-goodies-title" icon={Gift} title={t(MY_GOODIES_TITLE, { ns: 'messages' })} description={t('Event goodies the volunteers handed you.')}>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {goodies.data.map((goodie) => (
          <li key={goodie.eventId} className="px-3 py-3">
            <p className="text-sm font-medium break-words">{goodie.eventName}</p>
            <p className="text-xs text-muted-foreground">
              {goodie.giverName
                ? t('Received {{when}} from {{name}}', { when: `${formatDateTime(goodie.receivedAt)} ${zoneName(goodie.receivedAt)}`, name: goodie.giverName })
                : t('Received {{when}}', { when: `${formatDateTime(goodie.receivedAt)} ${zoneName(goodie.receivedAt)}` })}
            </p>
          </li>
        ))}
      </ul>
    </NoticeCard>
  );
}
