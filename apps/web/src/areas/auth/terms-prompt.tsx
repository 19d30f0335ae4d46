import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ApiError, api } from '@/lib/api';
import { meQueryOptions } from '@/lib/auth';
import { live } from '@/lib/live';
import { acceptTerms } from './api';
import { TermsDialog } from './terms-dialog';
import { useTranslation } from 'react-i18next';

/**
 * Spec 01 "Profile terms": an account whose terms were never accepted (made through GitHub or LinkedIn) is asked
 * to accept them. Accept stamps them; Decline signs the user out and goes to /auth.
 */
export function TermsPrompt({ open }: { open: boolean }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const accept = useMutation({
    mutationFn: acceptTerms,
    onSuccess: (profile) => {
      queryClient.setQueryData(meQueryOptions.queryKey, (current) => (current ? { ...current, profile } : current));
      toast.success(t('Terms Accepted'));
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 401)) toast.error(t('Failed to update terms acceptance'));
    },
  });

  const decline = useMutation({
    mutationFn: async () => {
      try {
        await api.post('/api/auth/sign-out', {});
      } catch (error) {
        // Already signed out is what we want; anything else still leaves the user on /auth below.
        if (!(error instanceof ApiError)) throw error;
      }
    },
    onSettled: async () => {
      await navigate('/auth', { replace: true });
      queryClient.clear();
      live.restart();
      toast.error(t('Terms Required'), { description: t('You must accept the terms to use this platform') });
    },
  });

  return (
    <TermsDialog
      open={open}
      pending={accept.isPending || decline.isPending}
      onAccept={() => accept.mutate()}
      onDecline={() => decline.mutate()}
    />
  );
}
