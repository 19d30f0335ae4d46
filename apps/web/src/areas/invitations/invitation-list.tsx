import type { InvitationStatus } from '@mingle/shared/core/constants';
import type { InvitationDto } from '@mingle/shared/invitations/contract';
import { failedMessage, INVITATION_RESENT_MESSAGE, INVITATION_REVOKED_MESSAGE } from '@mingle/shared/invitations/inputs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Ban, MailX, RotateCw, ServerCrash } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { MailStatusBadge } from '@/components/mail-status-badge';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/datetime';
import { translateMessage } from '@/lib/messages';
import { invitationsQueryOptions, useResendInvitation, useRevokeInvitation } from './api';

/** What a role invitation makes of the person, as a badge (attendee invitations carry none). */
const ROLE_BADGES = { attendee: 'Attendee', volunteer: 'Volunteer', co_owner: 'Co-Owner', sponsor_representative: 'Representative' } as const;

// A flat `as const` map of English texts, so that the extractor finds every `t(STATUS_LABELS[status])`.
const STATUS_LABELS = { pending: 'Pending', accepted: 'Accepted', expired: 'Expired', revoked: 'Revoked', declined: 'Declined' } as const;
const STATUS_VARIANTS: Record<InvitationStatus, BadgeProps['variant']> = {
  pending: 'warning',
  accepted: 'success',
  expired: 'secondary',
  revoked: 'destructive',
  declined: 'secondary',
};

/** The chosen event's invitations with their status, Resend and Revoke. */
export function InvitationList({ eventId, eventName }: { eventId: string; eventName: string }) {
  const { t } = useTranslation('invitations');
  const query = useInfiniteQuery(invitationsQueryOptions(eventId));
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<InvitationDto | null>(null);

  function resendOne(invitation: InvitationDto) {
    resend.mutate(invitation.id, {
      onSuccess: ({ sent }) =>
        sent
          ? toast.success(t(INVITATION_RESENT_MESSAGE, { ns: 'messages' }), { description: t('A new link was sent to {{email}}', { email: invitation.email }) })
          : toast.error(translateMessage(failedMessage(1))),
      onError: (error) => toast.error(t('Error'), { description: error.message }),
    });
  }

  return (
    <section aria-labelledby="invitations-heading" className="grid gap-3">
      <h2 id="invitations-heading" className="text-lg font-semibold tracking-tight">
        {t('Invitations for {{eventName}}', { eventName })}
      </h2>
      {query.isPending ? (
        <div role="status" aria-label={t('Loading')} className="grid gap-2">
          <Skeleton className="h-16 rounded-xl" />
          <Skeleton className="h-16 rounded-xl" />
        </div>
      ) : query.isError ? (
        <EmptyState
          icon={ServerCrash}
          tone="danger"
          title={t('Failed to load invitations')}
          action={<Button onClick={() => void query.refetch()}>{t('Try again')}</Button>}
        >
          {query.error.message}
        </EmptyState>
      ) : query.data.pages[0]!.items.length === 0 ? (
        <EmptyState icon={MailX} title={t('No invitations sent yet')} />
      ) : (
        <ul className="grid gap-2">
          {query.data.pages.flatMap((page) =>
            page.items.map((invitation) => {
              const busy = (resend.isPending && resend.variables === invitation.id) || (revoke.isPending && revoke.variables === invitation.id);
              return (
                <li
                  key={invitation.id}
                  className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="truncate font-medium">{invitation.email}</span>
                      <Badge variant={STATUS_VARIANTS[invitation.status]}>{t(STATUS_LABELS[invitation.status])}</Badge>
                      {invitation.role !== 'attendee' && <Badge variant="secondary">{t(ROLE_BADGES[invitation.role])}</Badge>}
                    </p>
                    {invitation.delivery && (
                      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                        {t('Email')} <MailStatusBadge status={invitation.delivery.status} reason={invitation.delivery.reason} />
                      </p>
                    )}
                    <p className="text-sm text-muted-foreground">
                      {invitation.status === 'accepted' && invitation.acceptedAt
                        ? t('Accepted {{date}}', { date: formatDateTime(invitation.acceptedAt) })
                        : invitation.status === 'revoked'
                          ? t('Sent {{date}}', { date: formatDateTime(invitation.createdAt) })
                          : invitation.status === 'expired'
                            ? t('Expired {{date}}', { date: formatDateTime(invitation.expiresAt) })
                            : t('Expires {{date}}', { date: formatDateTime(invitation.expiresAt) })}
                      {invitation.invitedByName && t(' · by {{name}}', { name: invitation.invitedByName })}
                    </p>
                  </div>
                  {(invitation.status === 'pending' || invitation.status === 'expired') && (
                    <div className="flex gap-2">
                      <Button variant="outline" size="sm" disabled={busy} onClick={() => resendOne(invitation)}>
                        <RotateCw aria-hidden />
                        {t('Resend')}
                      </Button>
                      {invitation.status === 'pending' && (
                        <Button variant="outline" size="sm" disabled={busy} onClick={() => setRevoking(invitation)}>
                          <Ban aria-hidden />
                          {t('Revoke')}
                        </Button>
                      )}
                    </div>
                  )}
                </li>
              );
            }),
          )}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="outline" className="justify-self-center" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('Load more')}
        </Button>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('Revoke invitation?')}
        description={t('The link sent to {{email}} will stop working.', { email: revoking?.email ?? '' })}
        confirmLabel={t('Revoke')}
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success(t(INVITATION_REVOKED_MESSAGE, { ns: 'messages' }));
              setRevoking(null);
            },
            onError: (error) => {
              toast.error(t('Error'), { description: error.message });
              setRevoking(null);
            },
          })
        }
      />
    </section>
  );
}
