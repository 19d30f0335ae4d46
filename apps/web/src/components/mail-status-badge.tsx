import type { MailStatus } from '@mingle/shared/core/constants';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const STATUS: Record<MailStatus, { label: string; variant: BadgeProps['variant']; hint: string }> = {
  queued: { label: 'Queued', variant: 'warning', hint: 'Waiting to be sent, or for its next try' },
  sent: { label: 'Sent', variant: 'success', hint: 'Delivered to the SMTP server' },
  failed: { label: 'Failed', variant: 'destructive', hint: 'Not delivered after the last try' },
  bounced: { label: 'Failed', variant: 'destructive', hint: 'The mail server refused the address' },
  stored: { label: 'Stored', variant: 'secondary', hint: 'Kept in the outbox: no SMTP server is configured' },
};

/** An email's delivery status (development mailbox, invitations); `reason` is why it failed, shown beside it. */
export function MailStatusBadge({ status, reason }: { status: MailStatus; reason?: string | null }) {
  const { label, variant, hint } = STATUS[status] ?? STATUS.stored;
  const failed = status === 'failed' || status === 'bounced';
  return (
    <Badge variant={variant} title={failed && reason ? reason : hint}>
      {failed && reason ? `${label}: ${reason}` : label}
    </Badge>
  );
}
