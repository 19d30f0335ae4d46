import type { TFunction } from 'i18next';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import type { AuthClientError } from '@/lib/auth-client';
import { hasPendingInvitation } from './pending-invitation';
import { loadAuthClient } from './lazy';
import { GitHubIcon, LinkedInIcon } from './provider-icons';
import { authPathReturningTo } from '@/lib/return-to';
import { useTranslation } from 'react-i18next';

export type SocialProvider = 'linkedin' | 'github';

/** Spec 01 section 8: the toast titles of a failed provider sign-in. */
export const SOCIAL_ERROR_TITLES = {
  linkedin: 'LinkedIn Sign In Error',
  github: 'Failed to sign in with GitHub',
} as const satisfies Record<SocialProvider, string>;

const PROVIDER_NAMES: Record<SocialProvider, string> = { linkedin: 'LinkedIn', github: 'GitHub' };

export function socialErrorMessage(t: TFunction<'auth'>, provider: SocialProvider, error: AuthClientError | string | null): string {
  const name = PROVIDER_NAMES[provider];
  if (typeof error === 'object' && error?.code === 'PROVIDER_NOT_FOUND') {
    return t('Sign-in with {{provider}} is not set up on this server. Please use your email and password.', { provider: name });
  }
  if (typeof error === 'object' && error?.status === 0) return t("Can't reach Mingle right now. Check your connection and try again.");
  if (typeof error === 'object' && error?.message) return t(error.message, { ns: 'messages' });
  return t("We couldn't sign you in with {{provider}}. Please try again or use your email and password.", { provider: name });
}

/**
 * LinkedIn and GitHub sign-in. Spec 01: LinkedIn comes back to /home (the role redirect), GitHub to
 * {origin}/dashboard; a failure at the provider comes back to /auth?provider=…&error=…, which the auth page toasts.
 * With a page to return to or an invitation waiting, both come back to /auth (with the return-to page), which
 * accepts the invitation and goes on.
 */
export function SocialSignIn({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState<SocialProvider | null>(null);

  async function start(provider: SocialProvider) {
    setPending(provider);
    const { authClient } = await loadAuthClient();
    const back = authPathReturningTo(returnTo);
    const { error } = await authClient.signIn.social({
      provider,
      callbackURL:
        hasPendingInvitation() || returnTo
          ? `${window.location.origin}${back}`
          : provider === 'linkedin'
            ? '/home'
            : `${window.location.origin}/dashboard`,
      errorCallbackURL: `${back}${back.includes('?') ? '&' : '?'}provider=${provider}`,
    });
    // On success the browser is already leaving for the provider; only a failure stays here.
    if (error) {
      setPending(null);
      toast.error(t(SOCIAL_ERROR_TITLES[provider]), { description: socialErrorMessage(t, provider, error) });
    }
  }

  return (
    <div className="grid gap-2.5">
      <Button variant="outline" size="lg" className="text-sm" loading={pending === 'linkedin'} disabled={pending !== null} onClick={() => void start('linkedin')}>
        {pending !== 'linkedin' && <LinkedInIcon className="size-4.5" />}
        {t('Continue with LinkedIn')}
      </Button>
      <Button variant="outline" size="lg" className="text-sm" loading={pending === 'github'} disabled={pending !== null} onClick={() => void start('github')}>
        {pending !== 'github' && <GitHubIcon className="size-4.5" />}
        {t('Continue with GitHub')}
      </Button>
    </div>
  );
}
