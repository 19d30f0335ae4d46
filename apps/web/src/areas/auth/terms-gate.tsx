import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useCurrentUser } from '@/lib/auth';

const TermsPrompt = lazy(() => import('./terms-prompt').then((m) => ({ default: m.TermsPrompt })));

/**
 * Spec 01 "Profile terms" on every page a signed-in user opens, not only /profile: an account whose terms were never
 * accepted (made through GitHub or LinkedIn, or older than the terms) sees the prompt until it accepts them; Decline
 * signs it out. Mounted once in the root layout, so no page can forget it. /auth is left alone: a signed-in visitor
 * only passes through it.
 */
export function TermsGate() {
  const { data: me } = useCurrentUser();
  const { pathname } = useLocation();
  const mustAccept = me?.profile != null && me.profile.termsAcceptedAt === null && pathname !== '/auth';
  if (!mustAccept) return null;
  return (
    <Suspense fallback={null}>
      <TermsPrompt open />
    </Suspense>
  );
}
