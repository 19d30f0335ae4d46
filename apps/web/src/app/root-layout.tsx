import { Suspense, lazy, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { TermsGate } from '@/areas/auth';
import { NavigationProgress } from './navigation-progress';
import { useRouteHandle } from './route-handle';

// Toasts are never needed for the first paint: sonner loads right after it. Toasts raised before it mounts
// are kept by sonner and shown as soon as it does.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

export function RootLayout() {
  const { title } = useRouteHandle();
  // Each tab says which page it holds (router.tsx gives every route its title). A layout effect, so that a page
  // naming its tab more precisely once its data is in (an event's name) does so after this, in its own effect.
  useLayoutEffect(() => {
    document.title = title ? `${title} · Mingle` : 'Mingle';
  }, [title]);
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <TermsGate />
      <ScrollRestoration />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  );
}
