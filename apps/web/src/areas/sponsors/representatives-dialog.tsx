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

/** The sponsor's representatives: people who see this sponsor's dashboard and leads, and nothing of other sponsors. */
export function RepresentativesDialog({ sponsor, onOpenChange }: { sponsor: SponsorDto | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={sponsor !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Representatives{sponsor ? ` of ${sponsor.companyName}` : ''}</DialogTitle>
          <DialogDescription>
            Representatives see this sponsor's dashboard and leads, and nothing of other sponsors. We email an invitation; a person becomes a representative only when they accept it. {INVITATION_LIMITS_TEXT}.
          </DialogDescription>
        </DialogHeader>
        {sponsor && <Representatives sponsorId={sponsor.id} />}
      </DialogContent>
    </Dialog>
  );
}

function Representatives({ sponsorId }: { sponsorId: string }) {
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
                toast.success(`Invitation sent to ${result.invitation.email}`, { description: 'They become a representative when they accept.' });
              } else toast.error(failedMessage(1));
            },
            onError: (failure) => setError(failure instanceof ApiError && failure.isClientError ? failure.message : 'Failed to send invitation'),
          });
        }}
      >
        <FormField label="Email" error={error} className="flex-1">
          <Input type="email" autoComplete="off" placeholder="name@company.com" value={email} onChange={(event) => setEmail(event.target.value)} />
        </FormField>
        <Button type="submit" loading={add.isPending} disabled={!email.trim()}>
          {!add.isPending && <UserPlus aria-hidden />}
          Invite
        </Button>
      </form>
      {list.isPending ? (
        <Skeleton className="h-14 w-full" />
      ) : list.isError ? (
        <p className="text-sm text-destructive">{list.error.message}</p>
      ) : list.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border bg-subtle px-4 py-6 text-center text-sm text-muted-foreground">No representatives yet</p>
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
                onClick={() => remove.mutate(rep.userId, { onError: () => toast.error('Error', { description: 'Failed to remove representative' }) })}
              >
                <UserMinus aria-hidden />
                Remove<span className="sr-only"> {rep.fullName}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
