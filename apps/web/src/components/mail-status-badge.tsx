import type { MailStatus } from '@mingle/shared/core/constants';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@/components/ui/badge';

// Flat `as const` maps of English texts, so that the extractor finds every `t(LABELS[status])`.
const LABELS = { queued: 'Queued', sent: 'Sent', failed: 'Failed', bounced: 'Failed', stored: 'Stored' } as const;
const HINTS = {
  queued: 'Waiting to be sent, or for its next try',
  sent: 'Delivered to the SMTP server',
  failed: 'Not delivered after the last try',
  bounced: 'The mail server refused the address',
  stored: 'Kept in the outbox: no SMTP server is configured',
} as const;
const VARIANTS: Record<MailStatus, BadgeProps['variant']> = {
  queued: 'warning',
  sent: 'success',
  failed: 'destructive',
  bounced: 'destructive',
  stored: 'secondary',
};

/** An email's delivery status (development mailbox, invitations); `reason` is why it failed, shown beside it. */
export function MailStatusBadge({ status, reason }: { status: MailStatus; reason?: string | null }) {
  const { t } = useTranslation();
  const known = (status in LABELS ? status : 'stored') as keyof typeof LABELS;
  const label = t(LABELS[known]);
  const failed = status === 'failed' || status === 'bounced';
  return (
    <Badge variant={VARIANTS[known]} title={failed && reason ? reason : t(HINTS[known])}>
      {failed && reason ? t('{{status}}: {{reason}}', { status: label, reason }) : label}
    </Badge>
  );
}
