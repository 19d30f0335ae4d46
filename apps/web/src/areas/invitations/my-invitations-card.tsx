import { INVITATION_FAILED, INVITATION_REFUSALS, invitationAccepted } from '@mingle/shared/invitations/acceptance';
import type { MyInvitationDto } from '@mingle/shared/invitations/contract';
import { INVITATION_DECLINED_MESSAGE, invitationRoleText, MY_INVITATIONS_TITLE } from '@mingle/shared/invitations/inputs';
import { useQuery } from '@tanstack/react-query';
import { Check, MailOpen, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { ApiError } from '@/lib/api';
import { formattingLocale, i18n } from '@/lib/i18n';
import { translateMessage } from '@/lib/messages';
import { myInvitationsQueryOptions, useAcceptMyInvitation, useDeclineMyInvitation } from './api';

/** Where a newly granted role is used: the volunteer scanner, the manager dashboard; attendees stay here. */
const DESTINATIONS: Partial<Record<MyInvitationDto['role'], string>> = {
  volunteer: '/volunteer-dashboard',
  co_owner: '/event-manager-dashboard',
};

/**
 * The signed-in person's pending invitations on their dashboard (issue 16): nobody becomes an attendee, volunteer,
 * co-owner or sponsor representative until they accept here or by the emailed link. Shown only when there is one.
 */
export function MyInvitationsCard() {
  const { t } = useTranslation('invitations');
  const invitations = useQuery(myInvitationsQueryOptions);
  if (!invitations.data?.length) return null;
  return (
    <NoticeCard id="my-invitations-title" icon={MailOpen} title={t(MY_INVITATIONS_TITLE, { ns: 'messages' })} description={t('Nothing changes until you accept. You can give a role up later.')}>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {invitations.data.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </NoticeCard>
  );
}

function refusalToast(error: Error) {
  const refusal = error instanceof ApiError ? INVITATION_REFUSALS[error.code as keyof typeof INVITATION_REFUSALS] : undefined;
  const shown = refusal ?? INVITATION_FAILED;
  toast.error(i18n.t(shown.title, { ns: 'messages' }), { description: i18n.t(shown.description, { ns: 'messages' }) });
}

function InvitationRow({ invitation }: { invitation: MyInvitationDto }) {
  const { t } = useTranslation('invitations');
  const navigate = useNavigate();
  const accept = useAcceptMyInvitation((accepted) => {
    const message = invitationAccepted(accepted.eventName);
    toast.success(translateMessage(message.title), { description: translateMessage(message.description) });
    const destination = DESTINATIONS[accepted.role];
    if (destination) void navigate(destination);
  });
  const decline = useDeclineMyInvitation();
  const what = invitationRoleText(invitation.role, invitation.eventName, invitation.sponsorName);
  const busy = accept.isPending || decline.isPending;
  return (
    <li className="flex flex-col gap-3 px-3 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{what}</p>
        <p className="text-xs text-muted-foreground">
          {invitation.invitedByName
            ? t('Invited by {{name}} · valid until {{date}}', { name: invitation.invitedByName, date: formatValidUntil(invitation.expiresAt) })
            : t('valid until {{date}}', { date: formatValidUntil(invitation.expiresAt) })}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          size="sm"
          aria-label={t('Accept: {{what}}', { what })}
          loading={accept.isPending}
          disabled={busy}
          onClick={() =>
            accept.mutate(invitation.id, { onError: refusalToast })
          }
        >
          {!accept.isPending && <Check aria-hidden />}
          {t('Accept')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={t('Decline: {{what}}', { what })}
          loading={decline.isPending}
          disabled={busy}
          onClick={() =>
            decline.mutate(invitation.id, {
              onSuccess: () => toast.success(t(INVITATION_DECLINED_MESSAGE, { ns: 'messages' })),
              onError: refusalToast,
            })
          }
        >
          {!decline.isPending && <X aria-hidden />}
          {t('Decline')}
        </Button>
      </div>
    </li>
  );
}

/** "Jun 1, 2026", written the way the interface's language writes dates. */
function formatValidUntil(iso: string): string {
  return new Date(iso).toLocaleDateString(formattingLocale(), { dateStyle: 'medium' });
}
