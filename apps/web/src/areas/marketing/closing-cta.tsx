import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { useTranslation } from 'react-i18next';

export function ClosingCta() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="closing-title" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 sm:pb-28 lg:px-8">
      <div className="relative isolate overflow-hidden rounded-3xl bg-brand-950 px-6 py-16 text-center shadow-xl sm:px-12 sm:py-20">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_60%_80%_at_20%_0%,var(--color-brand-600),transparent_70%),radial-gradient(ellipse_50%_70%_at_100%_100%,oklch(0.55_0.2_330/0.45),transparent_70%)]"
        />
        <h2 id="closing-title" className="mx-auto max-w-3xl text-3xl font-bold tracking-tight text-white text-balance sm:text-5xl">
          {t('Bring the right people together at your next event')}
        </h2>
        <p className="mx-auto mt-5 max-w-xl text-lg text-brand-100 text-pretty">
          {t('Set up your event today and give every attendee a reason to stay for the last session.')}
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/auth"
            className={buttonVariants({ variant: 'inverse', size: 'lg' })}
          >
            {t('Register Free')}
            <ArrowRight aria-hidden />
          </Link>
          <Link
            to="/contact"
            className={buttonVariants({ variant: 'inverse-outline', size: 'lg' })}
          >
            {t('Schedule a Demo')}
          </Link>
        </div>
        {/* Each phrase stays whole, so a narrow screen never starts a line with "·". */}
        <p className="mt-8 text-sm text-brand-200">
          <span className="whitespace-nowrap">{t('Free to get started ·')}</span>{' '}
          <span className="whitespace-nowrap">{t('No credit card required ·')}</span>{' '}
          <span className="whitespace-nowrap">{t('Create events instantly')}</span>
        </p>
      </div>
    </section>
  );
}
