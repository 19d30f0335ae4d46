import type { ResetPasswordInput } from '@mingle/shared/profiles/inputs';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { authErrorMessage } from '@/lib/auth-errors';
import { lazyResolver, loadAuthClient } from './lazy';
import { AuthLayout } from './auth-layout';
import { useTranslation } from 'react-i18next';

/**
 * /reset-password?token=…: where the emailed reset link lands (Better Auth checks the token and redirects here,
 * or here with ?error=INVALID_TOKEN). The new password follows the sign-up rules; then the user signs in.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const invalid = !token || searchParams.has('error');


  return (
    <AuthLayout>
      <Card className="shadow-lg shadow-brand-950/5">
        {invalid ? <InvalidLink /> : <ResetForm token={token} />}
      </Card>
    </AuthLayout>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const form = useForm<ResetPasswordInput>({
    resolver: lazyResolver<ResetPasswordInput>('resetPasswordSchema'),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ newPassword }) => {
    const { authClient } = await loadAuthClient();
    const { error } = await authClient.resetPassword({ newPassword, token });
    if (error) {
      toast.error(t('Error'), {
        description:
          error.code === 'INVALID_TOKEN'
            ? t('This reset link is invalid or has expired. Please ask for a new one.')
            : t(authErrorMessage(error, t('Failed to reset your password. Please try again.')), { ns: 'messages' }),
      });
      return;
    }
    toast.success(t('Password updated'), { description: t('Sign in with your new password.') });
    await navigate('/auth', { replace: true });
  });

  return (
    <>
      <CardHeader className="text-center">
        <div className="mx-auto mb-1 flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <KeyRound aria-hidden className="size-5" />
        </div>
        <h1 className="text-2xl font-bold leading-snug tracking-tight">{t('Choose a new password')}</h1>
        <CardDescription>{t('Your other devices will be signed out.')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField label={t('New password')} error={errors.newPassword?.message && t(errors.newPassword.message, { ns: 'messages' })}>
            <PasswordInput autoComplete="new-password" placeholder={t('At least 8 characters')} {...form.register('newPassword')} />
          </FormField>
          <FormField label={t('Confirm new password')} error={errors.confirmPassword?.message && t(errors.confirmPassword.message, { ns: 'messages' })}>
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <Button type="submit" size="lg" loading={isSubmitting}>
            {t('Reset Password')}
          </Button>
          <Link to="/auth" className={buttonVariants({ variant: 'ghost' })}>
            {t('Back to sign in')}
          </Link>
        </form>
      </CardContent>
    </>
  );
}

function InvalidLink() {
  const { t } = useTranslation('auth');
  return (
    <>
      <CardHeader className="text-center">
        <div className="mx-auto mb-1 flex size-11 items-center justify-center rounded-full bg-destructive-soft text-destructive">
          <LinkIcon aria-hidden className="size-5" />
        </div>
        <h1 className="text-2xl font-bold leading-snug tracking-tight">{t('This link has expired')}</h1>
        <CardDescription>
          {t('Password reset links work once, for one hour. Ask for a new one with “Forgot password?” on the sign-in page.')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/auth" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          {t('Back to sign in')}
        </Link>
      </CardContent>
    </>
  );
}
