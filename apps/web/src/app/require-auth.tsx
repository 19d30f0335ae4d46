import { CloudOff } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { NotificationLive } from '@/areas/notifications';
import { GoodieNotifications } from '@/areas/volunteers';
import { useCurrentUser } from '@/lib/auth';
import { authPathReturningTo } from '@/lib/return-to';
import { watchSessionExpiry } from '@/lib/session-expiry';

/**
 * The layout route of the signed-in pages: renders the page for a signed-in user; a visitor goes to /auth, as every
 * signed-in screen of the spec does, and comes back to this page once signed in or signed up (a scanned /connect
 * link must not be scanned again).
 */
export function RequireAuth() {
  const { data: me, isPending, isError, error, refetch, isRefetching } = useCurrentUser();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  // A 401 on any call of a signed-in page means the session ended: back to /auth (see session-expiry.ts).
  useEffect(() => watchSessionExpiry(queryClient), [queryClient]);

  if (isPending) return <PageSpinner />;
  // Not knowing is not the same as signed out: a server hiccup should not throw the user back to sign-in.
  if (isError) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <EmptyState
          icon={CloudOff}
          tone="danger"
          title={t("We couldn't check your session")}
          action={
            <Button onClick={() => void refetch()} loading={isRefetching}>
              {t('Try again')}
            </Button>
          }
        >
          {error.message}
        </EmptyState>
      </div>
    );
  }
  if (!me) return <Navigate to={authPathReturningTo(location.pathname + location.search + location.hash)} replace />;
  return (
    <>
      <GoodieNotifications userId={me.user.id} />
      <NotificationLive userId={me.user.id} />
      <Outlet />
    </>
  );
}
