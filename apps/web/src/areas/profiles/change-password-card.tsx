import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, PASSWORD_MESSAGES, type ChangePasswordInput } from '@mingle/shared/profiles/inputs';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { authClient } from '@/lib/auth-client';
import { authErrorMessage } from '@/lib/auth-errors';
import { sessionExpired } from '@/lib/session-expiry';
import { devicesQueryOptions } from './api';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Spec 01 "Change Password card" (email accounts only): current, new and confirmation; a wrong current password
 * says so; the fields clear after a change. Other devices are signed out, as a careful user expects.
 */
export function ChangePasswordCard() {
  const { t } = useTranslation('profiles');
  const queryClient = useQueryClient();
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    const { error } = await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true });
    if (error) {
      if (error.status === 401) {
        sessionExpired(queryClient);
        return;
      }
      if (error.code === 'INVALID_PASSWORD') {
        form.setError('currentPassword', { message: PASSWORD_MESSAGES.currentIncorrect }, { shouldFocus: true });
        toast.error(t('Error'), { description: t(PASSWORD_MESSAGES.currentIncorrect, { ns: 'messages' }) });
        return;
      }
      toast.error(t('Error'), { description: t(authErrorMessage(error, t('Failed to update password')), { ns: 'messages' }) });
      return;
    }
    form.reset(EMPTY);
    void queryClient.invalidateQueries({ queryKey: devicesQueryOptions.queryKey });
    toast.success(t('Success'), { description: t('Password updated successfully') });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <KeyRound aria-hidden className="size-4.5 text-brand-600" />
          {t('Change Password')}
        </CardTitle>
        <CardDescription>{t('Changing it signs you out on your other devices.')}</CardDescription>
      </CardHeader>
      <form onSubmit={submit} noValidate aria-label={t('Change Password')} className="contents">
        <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label={t('Current password')} error={errors.currentPassword?.message && t(errors.currentPassword.message, { ns: 'messages' })} className="sm:col-span-2">
            <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField label={t('New password')} error={errors.newPassword?.message && t(errors.newPassword.message, { ns: 'messages' })}>
            <PasswordInput autoComplete="new-password" placeholder={t('At least 8 characters')} {...form.register('newPassword')} />
          </FormField>
          <FormField label={t('Confirm new password')} error={errors.confirmPassword?.message && t(errors.confirmPassword.message, { ns: 'messages' })}>
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
            {t('Update Password')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
