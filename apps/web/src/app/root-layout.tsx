import { Suspense, lazy, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { TermsGate } from '@/areas/auth';
import { NavigationProgress } from './navigation-progress';
import { RouteAnnouncer } from './route-announcer';
import { useRouteHandle } from './route-handle';

// Toasts are never needed for the first paint: sonner loads right after it. Toasts raised before it mounts
// are kept by sonner and shown as soon as it does.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));
// Likewise the offline mark, which shows only with no network or with writes waiting on the device.
const OfflineStatus = lazy(() => import('@/components/offline-status').then((module) => ({ default: module.OfflineStatus })));

export function RootLayout() {
  const { title } = useRouteHandle();
  const { t } = useTranslation();
  // Each tab says which page it holds (router.tsx gives every route its title). A layout effect, so that a page
  // naming its tab more precisely once its data is in (an event's name) does so after this, in its own effect.
  useLayoutEffect(() => {
    document.title = title ? `${t(title)} · Mingle` : 'Mingle';
  }, [title, t]);
  return (
    <>
      <NavigationProgress />
      <Suspense fallback={null}>
        <OfflineStatus />
      </Suspense>
      <Outlet />
      <TermsGate />
      <ScrollRestoration />
      <RouteAnnouncer />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  );
}
