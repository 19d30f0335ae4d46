import type { ConsentStateDto } from '@mingle/shared/privacy/consents';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/datetime';

/**
 * What an attendee consented to, as their organizers see it on the registrations list (decision 0191): whether they
 * share their details with organizers and sponsors (and since when), and when they accepted the terms.
 */
export function ConsentMark({ consents }: { consents: ConsentStateDto }) {
  const { t } = useTranslation('privacy');
  const since = consents.sharingChangedAt ? formatDate(consents.sharingChangedAt) : '';
  return (
    <span className="flex flex-wrap items-center gap-2">
      {consents.sharing === 'withdrawn' ? (
        <Badge variant="warning">{t('Sharing withdrawn {{date}}', { date: since })}</Badge>
      ) : consents.sharing === 'given' ? (
        <Badge variant="secondary">{t('Sharing given {{date}}', { date: since })}</Badge>
      ) : (
        <Badge variant="secondary">{t('Sharing not asked')}</Badge>
      )}
      <span className="text-xs text-muted-foreground">
        {consents.termsAcceptedAt ? t('Terms accepted {{date}}', { date: formatDate(consents.termsAcceptedAt) }) : t('Terms not accepted')}
      </span>
    </span>
  );
}
