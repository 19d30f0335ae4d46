import { lazy, Suspense, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { authErrorMessage } from '@/lib/auth-errors';
import { loadAuthClient } from './lazy';
import { useAuthForm } from './use-auth-form';
import { useTranslation } from 'react-i18next';

const TwoFactorStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })));
const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })));

interface SignInFormProps {
  /** Prefills the email (after sign-up, or coming back from a reset). */
  defaultEmail?: string;
  /** The session exists: the page takes it from here (roles dialog, dashboard). */
  onSignedIn: () => Promise<void>;
}

/** Spec 01 "Sign In tab": email and password, then the authenticator code when two-factor is on. */
export function SignInForm({ defaultEmail = '', onSignedIn }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<'password' | 'two-factor'>('password');
  const [forgotOpen, setForgotOpen] = useState(false);
  const form = useAuthForm('signInSchema', { email: defaultEmail, password: '' });
  const { errors, isSubmitting } = form;

  const submit = form.handleSubmit(async ({ email, password }) => {
    const { authClient } = await loadAuthClient();
    const { data, error } = await authClient.signIn.email({ email, password });
    if (error) {
      toast.error(t('Sign In Error'), { description: t(authErrorMessage(error, t('Invalid email or password')), { ns: 'messages' }) });
      return;
    }
    if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
      setStep('two-factor');
      return;
    }
    await onSignedIn();
  });

  if (step === 'two-factor') {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep
          onBack={() => {
            setStep('password');
            form.setValue('password', '');
          }}
          onSignedIn={onSignedIn}
        />
      </Suspense>
    );
  }

  return (
    <>
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label={t('Email')} error={errors.email && t(errors.email, { ns: 'messages' })}>
        {/* i18next-instrument-ignore-next-line */}
        <Input type="email" autoComplete="email" placeholder="you@company.com" {...form.register('email')} />
      </FormField>
      <FormField label={t('Password')} error={errors.password && t(errors.password, { ns: 'messages' })}>
        <PasswordInput autoComplete="current-password" placeholder={t('Your password')} {...form.register('password')} />
      </FormField>
      <div className="-mt-1 flex justify-end">
        <Button variant="link" size="sm" className="text-sm font-medium" onClick={() => setForgotOpen(true)}>
          {t('Forgot password?')}
        </Button>
      </div>
      <Button type="submit" size="lg" loading={isSubmitting}>
        {t('Sign In')}
      </Button>
    </form>
    {/* Outside the form: React bubbles the dialog's own submit through the portal to any enclosing form. */}
    {forgotOpen && (
      <Suspense fallback={null}>
        <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} defaultEmail={form.getValue('email')} />
      </Suspense>
    )}
    </>
  );
}
