import { INVITATION_DETECTED } from '@mingle/shared/invitations/acceptance';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { meQueryOptions, restartLive, useCurrentUser } from '@/lib/auth';
import { RETURN_TO_PARAM, safeReturnPath } from '@/lib/return-to';
import { AuthLayout } from './auth-layout';
import { AuthTabs, AuthTabsContent, AuthTabsList, AuthTabsTrigger } from './auth-tabs';
import { loadRolesDialog, preloadAuthModules } from './lazy';
import { acceptPendingInvitation, captureInvitationFromHash, pendingInvitationEmail } from './pending-invitation';
import { SignInForm } from './sign-in-form';
import { SOCIAL_ERROR_TITLES, SocialSignIn, socialErrorMessage, type SocialProvider } from './social-sign-in';
import { useTranslation } from 'react-i18next';

const RolesDialog = lazy(() => loadRolesDialog().then((m) => ({ default: m.RolesDialog })));
// The Sign Up tab is hidden when the page opens: its form (and react-hook-form) loads once the visitor acts
// (preloadAuthModules) and is drawn the first time the tab is opened.
const loadSignUpForm = () => import('./sign-up-form');
const SignUpForm = lazy(() => loadSignUpForm().then((m) => ({ default: m.SignUpForm })));

type Tab = 'signin' | 'signup';

/**
 * /auth (spec 01 "Auth screen"): the welcome card with LinkedIn and GitHub, the "Or" divider, and the Sign In and
 * Sign Up tabs. A signed-in visitor goes to /dashboard. After a password sign-in the "Understanding User Roles"
 * dialog opens for everyone but a super_admin, then /dashboard; after sign-up the user goes on to the welcome step
 * (onboarding), then /home. Opened from an invitation link (#invitation=…), the invitation is accepted once the user
 * is signed in: at once for someone already signed in, else after sign-in or sign-up (spec 01 "Invitation").
 *
 * ?returnTo=/path (lib/return-to) replaces /dashboard and /home in all of these: the visitor goes back to the page
 * that sent them here. Without one, an invitation accepted on the way leads to its event's agenda.
 */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>('signin');
  const [signUpOpened, setSignUpOpened] = useState(false);
  const [signInEmail, setSignInEmail] = useState('');
  // Set the moment a sign-in succeeds, so the "signed in, go to /dashboard" rule waits for the roles dialog.
  const [finishing, setFinishing] = useState(false);
  const [rolesOpen, setRolesOpen] = useState(false);
  const returnTo = safeReturnPath(searchParams.get(RETURN_TO_PARAM));
  // Where to go once signed in: the return-to page, else the event of an invitation accepted on the way.
  const destination = useRef<string | null>(null);
  // Counts the invitation links this page was opened with: read during the first render, before any effect (a
  // signed-in visitor's redirect) can run, and again when a link is opened in this tab while it shows /auth (only
  // the hash changes then, and the page is not reloaded).
  const [invitationsSeen, setInvitationsSeen] = useState(() => (captureInvitationFromHash() ? 1 : 0));
  useEffect(() => {
    const onHashChange = () => captureInvitationFromHash() && setInvitationsSeen((seen) => seen + 1);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  useEffect(() => preloadAuthModules(loadSignUpForm), []);

  useEffect(() => {
    if (invitationsSeen > 0 && me.data === null) toast.info(t(INVITATION_DETECTED.title, { ns: 'messages' }), { description: t(INVITATION_DETECTED.description, { ns: 'messages' }) });
  }, [invitationsSeen, me.data, t]);

  // Coming back from a provider that failed: /auth?provider=github&error=…
  useEffect(() => {
    const provider = searchParams.get('provider');
    const error = searchParams.get('error');
    if ((provider === 'linkedin' || provider === 'github') && error) {
      toast.error(t(SOCIAL_ERROR_TITLES[provider as SocialProvider]), { description: socialErrorMessage(t, provider, null) });
      setSearchParams(
        (current) => {
          current.delete('provider');
          current.delete('error');
          return current;
        },
        { replace: true },
      );
    }
  }, [searchParams, setSearchParams, t]);

  /** The session cookie is set: load the account, then the roles dialog (or straight on for a super admin). */
  async function afterSignIn() {
    setFinishing(true);
    const account = await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    restartLive();
    const accepted = account ? await acceptPendingInvitation(queryClient) : null;
    destination.current = returnTo ?? (accepted ? invitedEventPath(accepted.eventId) : null);
    if (!account) {
      setFinishing(false);
      toast.error(t('Sign In Error'), { description: t('Your session could not be started. Please try again.') });
      return;
    }
    if (account.roles.includes('super_admin')) {
      await navigate(destination.current ?? '/dashboard', { replace: true });
      return;
    }
    setRolesOpen(true);
  }

  async function afterSignUp() {
    setFinishing(true);
    await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    restartLive();
    // Spec 01 sign-up flow: "account created, terms_accepted_at set, pending invitation processed".
    const accepted = await acceptPendingInvitation(queryClient);
    const next = returnTo ?? (accepted ? invitedEventPath(accepted.eventId) : null);
    // A new account first meets the welcome step (interests, goals, company, photo), which then goes on to `next`.
    await navigate(next ? `/welcome?${RETURN_TO_PARAM}=${encodeURIComponent(next)}` : '/welcome', { replace: true });
  }

  function closeRoles() {
    setRolesOpen(false);
    void navigate(destination.current ?? '/dashboard', { replace: true });
  }

  if (me.isPending) return <PageSpinner />;
  if (me.data && !finishing) return <SignedInRedirect key={invitationsSeen} returnTo={returnTo} />;

  return (
    <AuthLayout>
      <Card className="shadow-lg shadow-brand-950/5">
        <CardHeader className="pb-4 text-center sm:pb-5">
          <h1 className="text-2xl font-bold leading-snug tracking-tight">{t('Welcome to Mingle')}</h1>
          <CardDescription>{t('Sign in to your account or create a new one')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <SocialSignIn returnTo={returnTo} />
          <div className="flex items-center gap-3" role="separator" aria-label={t('Or')}>
            <span className="h-px flex-1 bg-border" />
            <span aria-hidden className="text-xs font-medium uppercase tracking-wider text-muted-foreground">
              {t('Or')}
            </span>
            <span className="h-px flex-1 bg-border" />
          </div>
          <AuthTabs
            value={tab}
            onValueChange={(value) => {
              setTab(value as Tab);
              if (value === 'signup') setSignUpOpened(true);
            }}
          >
            <AuthTabsList className="grid w-full grid-cols-2">
              <AuthTabsTrigger value="signin">{t('Sign In')}</AuthTabsTrigger>
              <AuthTabsTrigger value="signup">{t('Sign Up')}</AuthTabsTrigger>
            </AuthTabsList>
            {/* Kept mounted while hidden (Sign Up from its first opening), so switching tabs never loses what was
                typed or the sign-up step. */}
            <AuthTabsContent value="signin">
              <SignInForm key={signInEmail} defaultEmail={signInEmail} onSignedIn={afterSignIn} />
            </AuthTabsContent>
            <AuthTabsContent value="signup">
              {signUpOpened && (
                <Suspense fallback={<SignUpLoading />}>
                  <SignUpForm
                    key={invitationsSeen}
                    defaultEmail={pendingInvitationEmail()}
                    onSignedUp={afterSignUp}
                    onCreatedButSignedOut={(email) => {
                      setSignInEmail(email);
                      setTab('signin');
                    }}
                  />
                </Suspense>
              )}
            </AuthTabsContent>
          </AuthTabs>
        </CardContent>
      </Card>
      {rolesOpen && (
        <Suspense fallback={null}>
          <RolesDialog open onClose={closeRoles} />
        </Suspense>
      )}
    </AuthLayout>
  );
}

/** Stands in for the Sign Up form while its code loads (only when the tab is opened before the visitor acted). */
function SignUpLoading() {
  const { t } = useTranslation('auth');
  return (
    <div className="flex justify-center py-10 text-brand-600">
      <Spinner className="size-6" label={t('Loading…')} />
    </div>
  );
}

/** The page of the event an invitation gave access to. */
const invitedEventPath = (eventId: string) => `/events/${eventId}/agenda`;

/**
 * A signed-in visitor goes to /dashboard (or the return-to page), after accepting the invitation they came with, if
 * any. This is also where GitHub and LinkedIn bring someone back to when there was a return-to page or an invitation.
 */
function SignedInRedirect({ returnTo }: { returnTo: string | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    void acceptPendingInvitation(queryClient).then(() => navigate(returnTo ?? '/dashboard', { replace: true }));
  }, [queryClient, navigate, returnTo]);
  return <PageSpinner />;
}
