import { Suspense, lazy } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { TermsGate } from '@/areas/account';
import { NavigationProgress } from './navigation-progress';

// Toasts are never needed for the first paint: sonner loads right after it. Toasts raised before it mounts
// are kept by sonner and shown as soon as it does.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

export function RootLayout() {
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
