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
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: lazyResolver<ForgotPasswordInput>('forgotPasswordSchema'),
    defaultValues: { email: defaultEmail },
  });

  const submit = form.handleSubmit(async ({ email }) => {
    const { authClient } = await loadAuthClient();
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' });
    if (error) {
      toast.error('Error', { description: authErrorMessage(error, 'Failed to send the reset link. Please try again.') });
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
          <DialogTitle>Check your email</DialogTitle>
          <DialogDescription>
            If an account exists for <span className="font-medium text-foreground">{sentTo}</span>, we have sent it a link to
            choose a new password. The link is valid for one hour.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={onDone}>Back to sign in</Button>
        </DialogFooter>
      </DialogContent>
    );
  }

  return (
    <DialogContent className="sm:max-w-md">
      <form onSubmit={submit} noValidate className="grid gap-5">
        <DialogHeader>
          <DialogTitle>Reset your password</DialogTitle>
          <DialogDescription>Enter the email of your account and we will send you a link to choose a new password.</DialogDescription>
        </DialogHeader>
        <FormField label="Email" error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder="you@company.com" {...form.register('email')} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Send reset link
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
