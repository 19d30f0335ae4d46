import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { SectionHeading } from './section-heading';
import { useTranslation } from 'react-i18next';

const FIRST_EVENT_INCLUDES = [
  'Matchmaking, meetings and direct messages',
  'Agenda with bookmarks, check-in and live Q&A',
  'Event feed, sponsor booths and lead capture',
  'Live analytics and bulk email invitations',
] as const;

const PROGRAM_INCLUDES = [
  'Everything in your first event',
  'White-label mobile apps in your brand',
  'CRM integration for sponsor leads',
  'A dedicated contact for your team',
] as const;

export function PricingSection() {
  const { t } = useTranslation('marketing');
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="border-t border-border bg-subtle py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow={t('Pricing')} title={t('Your first event is free')}>
          {t('Every feature, no credit card required. Decide about the next one when you have seen the first.')}
        </SectionHeading>

        <div className="mx-auto mt-14 grid max-w-4xl gap-6 md:grid-cols-2">
          <article className="relative flex flex-col rounded-2xl border-2 border-brand-500 bg-card p-7 shadow-lg sm:p-8">
            <span className="absolute -top-3 left-7 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
              {t('Start here')}
            </span>
            <h3 className="text-lg font-semibold text-foreground">{t('First event')}</h3>
            <p className="mt-4 flex items-baseline gap-2">
              <span className="text-5xl font-extrabold tracking-tight text-foreground">{t('Free')}</span>
            </p>
            <p className="mt-2 text-sm text-muted-foreground">{t('No credit card required')}</p>
            <PlanFeatures items={FIRST_EVENT_INCLUDES.map((item) => t(item))} />
            <Link to="/auth" className={buttonVariants({ size: 'lg', className: 'mt-auto w-full' })}>
              {t('Register Free')}
            </Link>
          </article>

          <article className="flex flex-col rounded-2xl border border-border bg-card p-7 sm:p-8">
            <h3 className="text-lg font-semibold text-foreground">{t('Event programs')}</h3>
            <p className="mt-4 text-5xl font-extrabold tracking-tight text-foreground">{t('Custom')}</p>
            <p className="mt-2 text-sm text-muted-foreground">{t('For organizers who run events all year')}</p>
            <PlanFeatures items={PROGRAM_INCLUDES.map((item) => t(item))} />
            <Link to="/contact" className={buttonVariants({ variant: 'outline', size: 'lg', className: 'mt-auto w-full' })}>
              {t('Schedule a Demo')}
            </Link>
          </article>
        </div>
      </div>
    </section>
  );
}

function PlanFeatures({ items }: { items: string[] }) {
  return (
    <ul className="mb-8 mt-7 grid gap-3 border-t border-border pt-7">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-sm text-foreground">
          <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Check aria-hidden className="size-3.5" strokeWidth={3} />
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
