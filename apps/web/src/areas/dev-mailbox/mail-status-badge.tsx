import type { MailStatus } from '@mingle/shared/dev-mailbox/contract';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const STATUS: Record<MailStatus, { label: string; variant: BadgeProps['variant']; hint: string }> = {
  queued: { label: 'Queued', variant: 'warning', hint: 'Waiting to be sent' },
  sent: { label: 'Sent', variant: 'success', hint: 'Delivered to the SMTP server' },
  failed: { label: 'Failed', variant: 'destructive', hint: 'The SMTP server refused it' },
  stored: { label: 'Stored', variant: 'secondary', hint: 'Kept here: no SMTP server is configured' },
};

export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { label, variant, hint } = STATUS[status] ?? STATUS.stored;
  return (
    <Badge variant={variant} title={hint}>
      {label}
    </Badge>
  );
}
