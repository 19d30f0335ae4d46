import { profileEndpoints } from '@mingle/shared/profiles/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from './api';
import { meQueryOptions, useCurrentUser } from './auth';
import { currentLanguage, followAccountLanguage, hasDeviceLanguage, setLanguage, type Language } from './i18n';

/**
 * A person's language lives on their account as well as on the device (decision 0184): a choice made while signed in
 * is saved there, so email speaks it and a new device shows it after sign-in.
 */
export function useChooseLanguage() {
  const queryClient = useQueryClient();
  const signedIn = Boolean(useCurrentUser().data);
  const save = useMutation({
    mutationFn: (language: Language) => call(profileEndpoints.setLanguage, { body: { language } }),
    onSuccess: ({ language }) =>
      queryClient.setQueryData(meQueryOptions.queryKey, (current) =>
        current ? { ...current, user: { ...current.user, language } } : current,
      ),
  });
  return (language: Language) => {
    void setLanguage(language);
    if (signedIn) save.mutate(language);
  };
}

/** Shows the account's language on a device that has no choice of its own (a fresh browser after sign-in). */
export function useFollowAccountLanguage() {
  const language = useCurrentUser().data?.user.language;
  useEffect(() => {
    if (language && !hasDeviceLanguage() && language !== currentLanguage()) void followAccountLanguage(language);
  }, [language]);
}
