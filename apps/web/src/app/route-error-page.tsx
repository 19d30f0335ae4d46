import { RotateCw, TriangleAlert } from 'lucide-react';
import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { Logo } from '@/components/logo';
import { buttonVariants } from '@/components/ui/button-variants';

const NotFoundPage = lazy(() =>
  import('@/components/not-found-page').then((module) => ({ default: module.NotFoundPage })),
);

/**
 * A failed page load or an error thrown while rendering: something to do about it instead of a blank screen.
 * This ships in the entry chunk, so it sticks to plain elements styled by buttonVariants.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  // The boundary swallows the error; keep it visible in the console for whoever is debugging.
  useEffect(() => console.error(error), [error]);
  // A loader may answer "no such event" with a 404 response: that is the spec's 404 page, not a crash.
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }

  // After a deploy, an open tab asks for page chunks that no longer exist: a reload fetches the new version.
  const staleVersion = error instanceof TypeError && /dynamically imported module|module script/i.test(error.message);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-subtle px-6 py-16 text-center">
      <Link to="/" className="mb-10 rounded-md" aria-label={t('Mingle home')}>
        <Logo />
      </Link>
      <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-destructive-soft text-destructive">
        <TriangleAlert aria-hidden className="size-6" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">
        {staleVersion ? t('A new version of Mingle is available') : t('Something went wrong')}
      </h1>
      <p className="mt-2 max-w-md text-muted-foreground">
        {staleVersion
          ? t('Reload the page to continue with the latest version.')
          : t('This page ran into a problem. Reloading usually fixes it; if it keeps happening, contact support.')}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          <RotateCw aria-hidden />
          {t('Reload page')}
        </button>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          {t('Return to Home')}
        </Link>
      </div>
    </main>
  );
}
