import type { ForgotPasswordInput } from '@mingle/shared/profiles/inputs';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { authErrorMessage } from '@/lib/auth-errors';
import { lazyResolver, loadAuthClient } from './lazy';
import { Trans, useTranslation } from 'react-i18next';

interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail?: string;
}

/** "Forgot password?": emails a link to /reset-password (valid one hour). */
export function ForgotPasswordDialog({ open, onOpenChange, defaultEmail = '' }: ForgotPasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <ForgotPasswordBody defaultEmail={defaultEmail} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ForgotPasswordBody({ defaultEmail, onDone }: { defaultEmail: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: lazyResolver<ForgotPasswordInput>('forgotPasswordSchema'),
    defaultValues: { email: defaultEmail },
  });

  const submit = form.handleSubmit(async ({ email }) => {
    const { authClient } = await loadAuthClient();
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' });
    if (error) {
      toast.error(t('Error'), { description: t(authErrorMessage(error, t('Failed to send the reset link. Please try again.')), { ns: 'messages' }) });
      return;
    }
    setSentTo(email);
  });

  if (sentTo) {
    return (
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-success-soft text-success">
            <MailCheck aria-hidden className="size-5" />
          </div>
          <DialogTitle>{t('Check your email')}</DialogTitle>
          <DialogDescription>
            <Trans t={t} values={{ email: sentTo }}>
              If an account exists for <span className="font-medium text-foreground">{'{{email}}'}</span>, we have sent it a link
              to choose a new password. The link is valid for one hour.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={onDone}>{t('Back to sign in')}</Button>
        </DialogFooter>
      </DialogContent>
    );
  }

  return (
    <DialogContent className="sm:max-w-md">
      <form onSubmit={submit} noValidate className="grid gap-5">
        <DialogHeader>
          <DialogTitle>{t('Reset your password')}</DialogTitle>
          <DialogDescription>{t('Enter the email of your account and we will send you a link to choose a new password.')}</DialogDescription>
        </DialogHeader>
        <FormField
          label={t('Email')}
          error={form.formState.errors.email?.message && t(form.formState.errors.email.message, { ns: 'messages' })}
        >
          {/* i18next-instrument-ignore-next-line */}
          <Input type="email" autoComplete="email" placeholder="you@company.com" {...form.register('email')} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('Send reset link')}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
