import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { buttonVariants } from '@/components/ui/button-variants';

/** The spec's 404 page: any unknown path, and any route whose page has not been built yet. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="relative isolate flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-subtle px-6 py-16 text-center">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-[28rem] bg-[radial-gradient(ellipse_60%_60%_at_50%_0%,var(--color-brand-100),transparent)]"
      />
      <Link to="/" className="absolute left-6 top-6 rounded-md" aria-label={t('Mingle home')}>
        <Logo />
      </Link>
      <p className="bg-gradient-to-b from-brand-500 to-brand-800 bg-clip-text text-8xl font-extrabold tracking-tighter text-transparent sm:text-9xl">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{t('Oops! Page not found')}</h1>
      <Link to="/" className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
        <ArrowLeft aria-hidden />
        {t('Return to Home')}
      </Link>
    </main>
  );
}
