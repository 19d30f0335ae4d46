import { zodResolver } from '@hookform/resolvers/zod';
import { PROFILE_LIMITS } from '@mingle/shared/core/constants';
import { profileUpdateSchema } from '@mingle/shared/profiles/inputs';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { PageTitle } from '@/components/ui/page-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { toastSaveError } from '@/lib/form-errors';
import { RETURN_TO_PARAM, safeReturnPath } from '@/lib/return-to';
import { AvatarUploader } from './avatar-uploader';
import { OptionPicker } from './option-picker';
import { optionsQueryOptions, updateProfile, useAccount, useSetProfile } from './api';
import type { Profile } from './types';

// The welcome step asks only what matchmaking and sponsors need, with the profile's own rules and messages.
const welcomeSchema = profileUpdateSchema.pick({ companyOrInstitution: true, selectedInterests: true, selectedGoals: true });
type WelcomeInput = z.input<typeof welcomeSchema>;
type WelcomeValues = z.output<typeof welcomeSchema>;

/**
 * /welcome: right after sign-up, one short, skippable step (photo, company, interests, goals), as event apps such as
 * Brella and Swapcard onboard people, so that matchmaking has something to go on. It saves through the profile
 * routes; Skip and Save both go on to the page the person came for (?returnTo=), else /home's role redirect.
 */
export function WelcomePage() {
  return <Welcome />;
}

function Welcome() {
  const { data: account } = useAccount();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get(RETURN_TO_PARAM)) ?? '/home';
  if (!account?.profile) return <PageSpinner />;
  return <WelcomeForm profile={account.profile} fallbackImage={account.user.image} next={next} />;
}

function WelcomeForm({ profile, fallbackImage, next }: { profile: Profile; fallbackImage: string | null; next: string }) {
  const { t } = useTranslation('profiles');
  const navigate = useNavigate();
  const setProfile = useSetProfile();
  const options = useQuery(optionsQueryOptions);
  const form = useForm<WelcomeInput, unknown, WelcomeValues>({
    resolver: zodResolver(welcomeSchema),
    defaultValues: {
      companyOrInstitution: profile.companyOrInstitution ?? '',
      selectedInterests: profile.selectedInterests,
      selectedGoals: profile.selectedGoals,
    },
  });
  const { errors } = form.formState;
  const goOn = () => navigate(next, { replace: true });

  const save = useMutation({
    // The name is the profile's required field this step does not ask for: it is sent back as it is.
    mutationFn: (values: WelcomeValues) => updateProfile({ fullName: profile.fullName, ...values }),
    onSuccess: async (updated) => {
      setProfile(updated);
      toast.success(t('Success'), { description: t('Profile updated successfully') });
      await goOn();
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 401)) toastSaveError(error, t('Failed to update profile'));
    },
  });

  return (
    <>
      <PageTitle
        title={t('Welcome, {{name}}!', { name: profile.fullName.split(' ')[0] })}
        description={t("Tell people what you're here for, so the right ones find you. It takes a minute, and you can change it any time in My Profile.")}
      />
      <Card>
        <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate aria-label={t('Your profile')} className="contents">
          <CardContent className="grid grid-cols-1 gap-6 pt-6">
            <div className="flex justify-center">
              <AvatarUploader profile={profile} fallbackImage={fallbackImage} />
            </div>
            <FormField label={t('Company/School/University')} required error={errors.companyOrInstitution?.message && t(errors.companyOrInstitution.message, { ns: 'messages' })}>
              <Input autoComplete="organization" maxLength={PROFILE_LIMITS.company} {...form.register('companyOrInstitution')} />
            </FormField>
            {options.data ? (
              (
                [
                  ['selectedInterests', 'Professional Interests', 'Pick what you work on or want to talk about.', options.data.interests],
                  ['selectedGoals', 'Networking Goals', 'What you hope to get out of the events you attend.', options.data.goals],
                ] as const
              ).map(([name, legend, description, choices]) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <OptionPicker
                      legend={t(legend)}
                      description={t(description)}
                      options={choices}
                      value={field.value}
                      onChange={field.onChange}
                      error={errors[name]?.message && t(errors[name].message, { ns: 'messages' })}
                      required
                    />
                  )}
                />
              ))
            ) : (
              <Skeleton className="h-40 w-full" aria-label={t('Loading interests and goals')} />
            )}
          </CardContent>
          <CardFooter className="flex-col-reverse justify-end gap-2 sm:flex-row">
            <Button variant="ghost" onClick={() => void goOn()} disabled={save.isPending} className="w-full sm:w-auto">
              {t('Skip for now')}
            </Button>
            <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
              {t('Save and continue')}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </>
  );
}
