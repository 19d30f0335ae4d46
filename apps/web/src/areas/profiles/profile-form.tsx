import { zodResolver } from '@hookform/resolvers/zod';
import { PROFILE_LIMITS, USER_TYPE_LABELS, USER_TYPES } from '@mingle/shared/core/constants';
import { profileUpdateSchema, type ProfileUpdate, type ProfileUpdateInput } from '@mingle/shared/profiles/inputs';
import { useMutation, useQuery } from '@tanstack/react-query';
import { History, RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type Control, Controller, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { toastSaveError } from '@/lib/form-errors';
import { OptionPicker } from './option-picker';
import { optionsQueryOptions, updateProfile, useSetProfile } from './api';
import type { Profile } from './types';

/** The form's values: what profileUpdateSchema takes in (empty strings for empty fields). */
type FormValues = ProfileUpdateInput;

function formValuesOf(profile: Profile): FormValues {
  return {
    fullName: profile.fullName,
    userType: profile.userType ?? '',
    companyOrInstitution: profile.companyOrInstitution ?? '',
    selectedInterests: profile.selectedInterests,
    selectedGoals: profile.selectedGoals,
    bio: profile.bio ?? '',
    linkedinUrl: profile.linkedinUrl ?? '',
    showLinkedin: profile.showLinkedin,
    githubUrl: profile.githubUrl ?? '',
    showGithub: profile.showGithub,
  };
}

// Unsaved edits survive a reload or an expired session (the user signs in again and finds them here).
const draftKey = (userId: string) => `mingle:profile-draft:${userId}`;

// The two chip pickers, in the order of the form; `options` names their list in the options query.
const PICKERS = [
  {
    name: 'selectedInterests',
    legend: 'Professional Interests',
    description: 'Pick what you work on or want to talk about.',
    options: 'interests',
  },
  {
    name: 'selectedGoals',
    legend: 'Networking Goals',
    description: 'What you hope to get out of the events you attend.',
    options: 'goals',
  },
] as const;

const SOCIAL_FIELDS = [
  {
    name: 'linkedinUrl',
    shownName: 'showLinkedin',
    label: 'LinkedIn URL',
    placeholder: 'https://www.linkedin.com/in/your-name',
    switchId: 'show-linkedin',
  },
  { name: 'githubUrl', shownName: 'showGithub', label: 'GitHub URL', placeholder: 'https://github.com/your-name', switchId: 'show-github' },
] as const;

const sameValues = (a: FormValues, b: FormValues) => JSON.stringify(a) === JSON.stringify(b);

/** The unsaved edits kept for this user, unless they equal what is saved. */
function readDraft(profile: Profile): FormValues | null {
  try {
    const raw = sessionStorage.getItem(draftKey(profile.id));
    const draft = raw ? ({ ...formValuesOf(profile), ...(JSON.parse(raw) as FormValues) } as FormValues) : null;
    return draft && !sameValues(draft, formValuesOf(profile)) ? draft : null;
  } catch {
    return null;
  }
}

function writeDraft(userId: string, values: FormValues | null): void {
  try {
    if (values) sessionStorage.setItem(draftKey(userId), JSON.stringify(values));
    else sessionStorage.removeItem(draftKey(userId));
  } catch {
    // Storage full or disabled: the draft is a convenience only.
  }
}

/** Spec 01 "Profile": every field, validated by the shared schema, saved by PATCH /api/me/profile. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profiles');
  const navigate = useNavigate();
  const setProfile = useSetProfile();
  const options = useQuery(optionsQueryOptions);
  const [restored] = useState(() => readDraft(profile));
  const [showRestored, setShowRestored] = useState(restored !== null);
  const form = useForm<FormValues, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: restored ?? formValuesOf(profile),
  });
  const { errors } = form.formState;
  const saved = useRef(profile);
  useEffect(() => {
    saved.current = profile;
  }, [profile]);

  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => writeDraft(profile.id, sameValues(values, formValuesOf(saved.current)) ? null : values),
    });
  }, [form, profile.id]);

  const save = useMutation({
    mutationFn: (values: ProfileUpdate) => updateProfile(values),
    onSuccess: (updated) => {
      saved.current = updated;
      setProfile(updated);
      form.reset(formValuesOf(updated));
      writeDraft(profile.id, null);
      setShowRestored(false);
      toast.success(t('Success'), { description: t('Profile updated successfully') });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return; // the session expired: the draft is kept
      toastSaveError(error, t('Failed to update profile'));
    },
  });

  const submit = form.handleSubmit(
    (values) => save.mutate(values),
    () => {
      // The first rule that fails, in the order of the form: the same message the server would answer.
      const result = profileUpdateSchema.safeParse(form.getValues());
      const first = result.error?.issues[0]?.message;
      toast.error(t('Validation Error'), { description: first ? t(first, { ns: 'messages' }) : t('Please check the form') });;
    },
  );

  function cancel() {
    form.reset(formValuesOf(profile));
    writeDraft(profile.id, null);
    setShowRestored(false);
    void navigate('/dashboard');
  }

  function discardDraft() {
    form.reset(formValuesOf(profile));
    writeDraft(profile.id, null);
    setShowRestored(false);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('Profile details')}</CardTitle>
        <CardDescription>{t('How you appear to organizers, sponsors and other attendees.')}</CardDescription>
      </CardHeader>
      <form onSubmit={submit} noValidate aria-label={t('Profile details')} className="contents">
        <CardContent className="grid grid-cols-1 gap-6">
          {showRestored && (
            <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-warning/30 bg-warning-soft px-3 py-2.5 text-sm">
              <History aria-hidden className="size-4 shrink-0 text-warning" />
              <p className="flex-1">{t('We restored changes you had not saved yet.')}</p>
              <Button variant="ghost" size="sm" onClick={discardDraft}>
                {t('Discard them')}
              </Button>
            </div>
          )}

          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <FormField label={t('Full Name')} required error={errors.fullName?.message && t(errors.fullName?.message, { ns: 'messages' })} className="sm:col-span-2">
              <Input autoComplete="name" maxLength={PROFILE_LIMITS.fullName} {...form.register('fullName')} />
            </FormField>
            <SelectField
              label={t('User Type')}
              error={errors.userType?.message && t(errors.userType?.message, { ns: 'messages' })}
              control={form.control}
              name="userType"
              options={USER_TYPES}
              optionLabel={(type) => t(USER_TYPE_LABELS[type], { ns: 'messages' })}
              placeholder={t('Select your user type')}
            />
            <FormField label={t('Company/School/University')} required error={errors.companyOrInstitution?.message && t(errors.companyOrInstitution?.message, { ns: 'messages' })}>
              <Input autoComplete="organization" maxLength={PROFILE_LIMITS.company} {...form.register('companyOrInstitution')} />
            </FormField>
          </div>

          {options.isPending ? (
            <div className="grid grid-cols-1 gap-3" aria-busy="true" aria-label={t('Loading interests and goals')}>
              <Skeleton className="h-4 w-40" />
              <div className="flex flex-wrap gap-2">
                {Array.from({ length: 8 }, (_, index) => (
                  <Skeleton key={index} className="h-9 w-28 rounded-full" />
                ))}
              </div>
            </div>
          ) : options.isError ? (
            <div className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/25 bg-destructive-soft px-3 py-2.5 text-sm">
              <p className="flex-1">{t("We couldn't load the interests and goals. {{error}}", { error: t(options.error.message, { ns: 'messages' }) })}</p>
              <Button variant="outline" size="sm" onClick={() => void options.refetch()}>
                <RotateCw aria-hidden />
                {t('Try again')}
              </Button>
            </div>
          ) : (
            PICKERS.map((picker) => (
              <Controller
                key={picker.name}
                control={form.control}
                name={picker.name}
                render={({ field }) => (
                  <OptionPicker
                    legend={t(picker.legend)}
                    description={t(picker.description)}
                    options={options.data[picker.options]}
                    value={field.value}
                    onChange={field.onChange}
                    error={errors[picker.name]?.message && t(errors[picker.name]?.message ?? '', { ns: 'messages' })}
                    required
                  />
                )}
              />
            ))
          )}

          <FormField label={t('Bio')} error={errors.bio?.message && t(errors.bio?.message, { ns: 'messages' })}>
            <Textarea
              rows={4}
              showCount
              maxLength={PROFILE_LIMITS.bio}
              placeholder={t('A few lines about you, your work and what you are looking for')}
              {...form.register('bio')}
            />
          </FormField>

          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            {SOCIAL_FIELDS.map((social) => (
              <SocialField
                key={social.name}
                label={t(social.label)}
                placeholder={social.placeholder}
                error={errors[social.name]?.message && t(errors[social.name]?.message ?? '', { ns: 'messages' })}
                input={form.register(social.name)}
                control={form.control}
                shownName={social.shownName}
                switchId={social.switchId}
              />
            ))}
          </div>
        </CardContent>
        <CardFooter className="flex-col-reverse justify-end gap-2 sm:flex-row">
          <Button variant="outline" onClick={cancel} disabled={save.isPending} className="w-full sm:w-auto">
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
            {t('Save Profile')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

interface SocialFieldProps {
  label: string;
  placeholder: string;
  error?: string;
  input: UseFormRegisterReturn;
  control: Control<FormValues>;
  /** The switch that shows the link to others. */
  shownName: 'showLinkedin' | 'showGithub';
  switchId: string;
}

function SocialField({ label, placeholder, error, input, control, shownName, switchId }: SocialFieldProps) {
  const { t } = useTranslation('profiles');
  return (
    <div className="grid grid-cols-1 gap-2.5">
      <FormField label={label} error={error}>
        <Input type="url" inputMode="url" autoComplete="url" placeholder={placeholder} maxLength={PROFILE_LIMITS.url} {...input} />
      </FormField>
      <div className="flex items-center gap-2.5">
        <Controller
          control={control}
          name={shownName}
          render={({ field }) => <Switch id={switchId} checked={field.value} onCheckedChange={field.onChange} />}
        />
        <Label htmlFor={switchId} className="font-normal text-muted-foreground">
          {t('Show to others')}
        </Label>
      </div>
    </div>
  );
}
