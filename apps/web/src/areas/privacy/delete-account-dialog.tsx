import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { accountDeletionQueryOptions, useDeleteAccount } from './api';

/**
 * The confirmation of "Delete my account": what goes, what stays, and the password (or, for an account that signs in
 * only through GitHub or LinkedIn, the email typed out). A person who still organizes events is told to deal with
 * them first, as the server refuses.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('privacy');
  const deletion = useQuery(accountDeletionQueryOptions);
  const remove = useDeleteAccount();
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirmWith = deletion.data?.confirmWith;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmWith) return;
    if (secret.trim() === '') {
      setError(confirmWith === 'password' ? t('Please enter your password to confirm') : t('Please type your email address to confirm'));
      return;
    }
    setError(undefined);
    remove.mutate(confirmWith === 'password' ? { password: secret } : { email: secret }, {
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 403) {
          setError(confirmWith === 'password' ? t('That password is not correct') : t('Please type your email address to confirm'));
        } else if (failure instanceof ApiError && failure.status === 409) {
          setError(t('You organize events. Delete them, or ask a super admin to hand them over, before deleting your account.'));
        } else {
          setError(t('Your account could not be deleted. Please try again.'));
        }
      },
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('Delete your account?')}</DialogTitle>
            <DialogDescription>{t('This cannot be undone. You are signed out on every device and cannot sign in again.')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2 text-sm">
            <p className="font-medium">{t('What goes')}</p>
            <ul className="list-disc ps-5 text-muted-foreground">
              <li>{t('Your profile, photo and sign-in methods')}</li>
              <li>{t('Your registrations (your places go to people waiting), bookmarks and check-ins')}</li>
              <li>{t('Your connections, meetings, likes and upvotes')}</li>
              <li>{t('The details you gave sponsors, and your feed posts')}</li>
            </ul>
            <p className="font-medium">{t('What stays, shown as from "Deleted user"')}</p>
            <ul className="list-disc ps-5 text-muted-foreground">
              <li>{t('Messages other people received from you')}</li>
              <li>{t('Your questions that others upvoted or that were answered')}</li>
            </ul>
          </div>
          {deletion.isPending ? (
            <Skeleton className="h-16" />
          ) : deletion.data?.ownsEvents ? (
            <p role="alert" className="text-sm text-destructive">
              {t('You organize events. Delete them, or ask a super admin to hand them over, before deleting your account.')}
            </p>
          ) : confirmWith === 'password' ? (
            <FormField label={t('Password')} error={error} required>
              <PasswordInput autoComplete="current-password" value={secret} onChange={(event) => setSecret(event.target.value)} />
            </FormField>
          ) : (
            <FormField label={t('Type your email address to confirm')} error={error} required>
              <Input type="email" autoComplete="off" value={secret} onChange={(event) => setSecret(event.target.value)} />
            </FormField>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={remove.isPending} onClick={onClose}>
              {t('Cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending || !confirmWith || deletion.data?.ownsEvents} aria-busy={remove.isPending || undefined}>
              {remove.isPending && <Spinner />}
              {t('Delete my account')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
