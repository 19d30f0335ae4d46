import { failedMessage, INVITATION_LIMITS_TEXT } from '@mingle/shared/invitations/inputs';
import type { SponsorDto } from '@mingle/shared/sponsors/contract';
import { useQuery } from '@tanstack/react-query';
import { UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { representativesQueryOptions, useAddRepresentative, useRemoveRepresentative } from './api';
import { Trans, useTranslation } from 'react-i18next';

/** The sponsor's representatives: people who see this sponsor's dashboard and leads, and nothing of other sponsors. */
export function RepresentativesDialog({ sponsor, onOpenChange }: { sponsor: SponsorDto | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('sponsors');
  return (
    <Dialog open={sponsor !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{sponsor ? t('Representatives of {{company}}', { company: sponsor.companyName }) : t('Representatives')}</DialogTitle>
          <DialogDescription>
            {t(
              "Representatives see this sponsor's dashboard and leads, and nothing of other sponsors. We email an invitation; a person becomes a representative only when they accept it. {{limits}}.",
              { limits: t(INVITATION_LIMITS_TEXT, { ns: 'messages' }) },
            )}
          </DialogDescription>
        </DialogHeader>
        {sponsor && <Representatives sponsorId={sponsor.id} />}
      </DialogContent>
    </Dialog>
  );
}

function Representatives({ sponsorId }: { sponsorId: string }) {
  const { t } = useTranslation('sponsors');
  const list = useQuery(representativesQueryOptions(sponsorId));
  const add = useAddRepresentative(sponsorId);
  const remove = useRemoveRepresentative(sponsorId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  return (
    <div className="grid gap-5">
      <form
        noValidate
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          add.mutate(email.trim(), {
            onSuccess: (result) => {
              setEmail('');
              if (result.invitation.emailSent) {
                toast.success(t('Invitation sent to {{email}}', { email: result.invitation.email }), { description: t('They become a representative when they accept.') });
              } else toast.error(t(failedMessage(1), { ns: 'messages' }));
            },
            onError: (failure) => setError(failure instanceof ApiError && failure.isClientError ? t(failure.message, { ns: 'messages' }) : t('Failed to send invitation')),
          });
        }}
      >
        <FormField label={t('Email')} error={error} className="flex-1">
          {/* i18next-instrument-ignore-next-line */}
          <Input type="email" autoComplete="off" placeholder="name@company.com" value={email} onChange={(event) => setEmail(event.target.value)} />
        </FormField>
        <Button type="submit" loading={add.isPending} disabled={!email.trim()}>
          {!add.isPending && <UserPlus aria-hidden />}
          {t('Invite')}
        </Button>
      </form>
      {list.isPending ? (
        <Skeleton className="h-14 w-full" />
      ) : list.isError ? (
        <p className="text-sm text-destructive">{t(list.error.message, { ns: 'messages' })}</p>
      ) : list.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border bg-subtle px-4 py-6 text-center text-sm text-muted-foreground">{t('No representatives yet')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {list.data.map((rep) => (
            <li key={rep.userId} className="flex items-center gap-3 px-3 py-2.5">
              <Avatar name={rep.fullName} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{rep.fullName}</p>
                <p className="truncate text-xs text-muted-foreground">{rep.email}</p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive"
                disabled={remove.isPending}
                onClick={() => remove.mutate(rep.userId, { onError: () => toast.error(t('Error'), { description: t('Failed to remove representative') }) })}
              >
                <UserMinus aria-hidden />
                <Trans t={t} values={{ name: rep.fullName }}>
                  Remove<span className="sr-only"> {'{{name}}'}</span>
                </Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
