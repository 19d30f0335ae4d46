import { ArrowRight, CirclePlay } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { HeroPreview } from './hero-preview';
import { Trans, useTranslation } from 'react-i18next';

const STATS = [
  { value: '5M+', label: 'connections made' },
  { value: '10K+', label: 'events powered' },
  { value: '98%', label: 'satisfaction rate' },
] as const;

// The public page of the demo event the server seeds on first start.
const DEMO_EVENT_PATH = '/event/demo-summit';

export function HeroSection() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="mx-auto max-w-6xl px-4 pb-20 pt-12 text-center sm:px-6 sm:pt-20 lg:px-8 lg:pb-28 lg:pt-24">
        <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-background/80 px-3 py-1 text-sm font-medium text-brand-800 shadow-xs">
          <span aria-hidden className="size-1.5 rounded-full bg-spark-400" />
          {t('Your first event is free')}
        </p>
        <h1
          id="hero-title"
          className="mx-auto mt-6 max-w-4xl text-[2.5rem] font-extrabold leading-[1.05] tracking-tight text-foreground text-balance sm:text-6xl lg:text-7xl"
        >
          <Trans t={t}>
            Register Free to{' '}
            <span className="bg-gradient-to-r from-brand-700 via-brand-500 to-fuchsia-600 bg-clip-text text-transparent">
              Start Creating Events
            </span>
          </Trans>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground text-pretty sm:text-xl">
          {t(
            'Mingle turns attendee lists into real connections: smart matchmaking, a live agenda and feed, sponsor booths that capture leads, and analytics for every room of your event.',
          )}
        </p>
        <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/auth" className={buttonVariants({ size: 'lg', className: 'shadow-brand-600/30' })}>
            {t('Register Free')}
            <ArrowRight aria-hidden />
          </Link>
          <Link to={DEMO_EVENT_PATH} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            <CirclePlay aria-hidden className="text-brand-600" />
            {t('Watch Demo')}
          </Link>
        </div>

        <dl className="mx-auto mt-12 grid max-w-2xl grid-cols-3 divide-x divide-border">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1 px-2 sm:px-6">
              <dt className="text-sm leading-snug text-muted-foreground">{t(stat.label)}</dt>
              <dd className="text-2xl font-bold tracking-tight text-foreground sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>

        <HeroPreview />
      </div>
    </section>
  );
}

/** Soft brand light and a faint grid behind the hero: depth without shipping an image. */
function HeroBackdrop() {
  return (
    <div aria-hidden className="absolute inset-0 -z-10">
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_70%_50%_at_50%_0%,var(--color-brand-100),transparent_70%),radial-gradient(ellipse_40%_35%_at_100%_60%,var(--color-spark-100),transparent_70%),radial-gradient(ellipse_40%_35%_at_0%_70%,var(--color-brand-50),transparent_70%)]" />
      <div className="absolute inset-0 bg-[linear-gradient(to_right,oklch(0.5_0.05_286/0.06)_1px,transparent_1px),linear-gradient(to_bottom,oklch(0.5_0.05_286/0.06)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_70%_50%_at_50%_0%,black,transparent)]" />
    </div>
  );
}
