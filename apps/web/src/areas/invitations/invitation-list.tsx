import type { InvitationStatus } from '@mingle/shared/core/constants';
import type { InvitationDto } from '@mingle/shared/invitations/contract';
import { failedMessage, INVITATION_RESENT_MESSAGE, INVITATION_REVOKED_MESSAGE } from '@mingle/shared/invitations/inputs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Ban, MailX, RotateCw, ServerCrash } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { MailStatusBadge } from '@/components/mail-status-badge';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/datetime';
import { invitationsQueryOptions, useResendInvitation, useRevokeInvitation } from './api';

/** What a role invitation makes of the person, as a badge (attendee invitations carry none). */
const ROLE_BADGES = { attendee: 'Attendee', volunteer: 'Volunteer', co_owner: 'Co-Owner', sponsor_representative: 'Representative' } as const;

const STATUS_BADGES: Record<InvitationStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'warning' },
  accepted: { label: 'Accepted', variant: 'success' },
  expired: { label: 'Expired', variant: 'secondary' },
  revoked: { label: 'Revoked', variant: 'destructive' },
  declined: { label: 'Declined', variant: 'secondary' },
};

/** The chosen event's invitations with their status, Resend and Revoke. */
export function InvitationList({ eventId, eventName }: { eventId: string; eventName: string }) {
  const query = useInfiniteQuery(invitationsQueryOptions(eventId));
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<InvitationDto | null>(null);

  function resendOne(invitation: InvitationDto) {
    resend.mutate(invitation.id, {
      onSuccess: ({ sent }) =>
        sent
          ? toast.success(INVITATION_RESENT_MESSAGE, { description: `A new link was sent to ${invitation.email}` })
          : toast.error(failedMessage(1)),
      onError: (error) => toast.error('Error', { description: error.message }),
    });
  }

  return (
    <section aria-labelledby="invitations-heading" className="grid gap-3">
      <h2 id="invitations-heading" className="text-lg font-semibold tracking-tight">
        Invitations for {eventName}
      </h2>
      {query.isPending ? (
        <div role="status" aria-label="Loading" className="grid gap-2">
          <Skeleton className="h-16 rounded-xl" />
          <Skeleton className="h-16 rounded-xl" />
        </div>
      ) : query.isError ? (
        <EmptyState
          icon={ServerCrash}
          tone="danger"
          title="Failed to load invitations"
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        >
          {query.error.message}
        </EmptyState>
      ) : query.data.pages[0]!.items.length === 0 ? (
        <EmptyState icon={MailX} title="No invitations sent yet" />
      ) : (
        <ul className="grid gap-2">
          {query.data.pages.flatMap((page) =>
            page.items.map((invitation) => {
              const badge = STATUS_BADGES[invitation.status];
              const busy = (resend.isPending && resend.variables === invitation.id) || (revoke.isPending && revoke.variables === invitation.id);
              return (
                <li
                  key={invitation.id}
                  className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="truncate font-medium">{invitation.email}</span>
                      <Badge variant={badge.variant}>{badge.label}</Badge>
                      {invitation.role !== 'attendee' && <Badge variant="secondary">{ROLE_BADGES[invitation.role]}</Badge>}
                    </p>
                    {invitation.delivery && (
                      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                        Email <MailStatusBadge status={invitation.delivery.status} reason={invitation.delivery.reason} />
                      </p>
                    )}
                    <p className="text-sm text-muted-foreground">
                      {invitation.status === 'accepted' && invitation.acceptedAt
                        ? `Accepted ${formatDateTime(invitation.acceptedAt)}`
                        : invitation.status === 'revoked'
                          ? `Sent ${formatDateTime(invitation.createdAt)}`
                          : `${invitation.status === 'expired' ? 'Expired' : 'Expires'} ${formatDateTime(invitation.expiresAt)}`}
                      {invitation.invitedByName && ` · by ${invitation.invitedByName}`}
                    </p>
                  </div>
                  {(invitation.status === 'pending' || invitation.status === 'expired') && (
                    <div className="flex gap-2">
                      <Button variant="outline" size="sm" disabled={busy} onClick={() => resendOne(invitation)}>
                        <RotateCw aria-hidden />
                        Resend
                      </Button>
                      {invitation.status === 'pending' && (
                        <Button variant="outline" size="sm" disabled={busy} onClick={() => setRevoking(invitation)}>
                          <Ban aria-hidden />
                          Revoke
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
          Load more
        </Button>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke invitation?"
        description={`The link sent to ${revoking?.email ?? ''} will stop working.`}
        confirmLabel="Revoke"
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success(INVITATION_REVOKED_MESSAGE);
              setRevoking(null);
            },
            onError: (error) => {
              toast.error('Error', { description: error.message });
              setRevoking(null);
            },
          })
        }
      />
    </section>
  );
}
