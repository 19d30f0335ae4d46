import { RotateCw, TriangleAlert } from 'lucide-react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { NotFoundPage } from '@/features/not-found/not-found-page';

/** A failed page load or an error thrown while rendering: something to do about it instead of a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  // After a deploy, an open tab asks for page chunks that no longer exist: a reload fetches the new version.
  const staleVersion = error instanceof TypeError && /dynamically imported module|module script/i.test(error.message);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-subtle px-6 py-16 text-center">
      <Link to="/" className="mb-10 rounded-md">
        <Logo />
      </Link>
      <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-destructive-soft text-destructive">
        <TriangleAlert aria-hidden className="size-6" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">
        {staleVersion ? 'A new version of Mingle is available' : 'Something went wrong'}
      </h1>
      <p className="mt-2 max-w-md text-muted-foreground">
        {staleVersion
          ? 'Reload the page to continue with the latest version.'
          : 'This page ran into a problem. Reloading usually fixes it; if it keeps happening, contact support.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RotateCw aria-hidden />
          Reload page
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </main>
  );
}
