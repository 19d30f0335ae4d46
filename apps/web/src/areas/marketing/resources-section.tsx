import { ArrowUpRight, CirclePlay, LifeBuoy, type LucideIcon, MessagesSquare, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { SectionHeading } from './section-heading';
import { Trans, useTranslation } from 'react-i18next';

const RESOURCES = [
  {
    icon: LifeBuoy,
    title: 'Support & FAQ',
    text: 'Answers to common questions, and a ticket straight to our team when you need one.',
    to: '/support',
  },
  {
    icon: CirclePlay,
    title: 'Explore a demo event',
    text: 'Walk through a live event page with its agenda, speakers and sponsors.',
    to: '/event/demo-summit',
  },
  {
    icon: MessagesSquare,
    title: 'Talk to our team',
    text: 'Planning something big? Tell us about it and we will help you set it up.',
    to: '/contact',
  },
] as const satisfies ReadonlyArray<{ icon: LucideIcon; title: string; text: string; to: string }>;

export function ResourcesSection() {
  const { t } = useTranslation('marketing');
  return (
    <section id="resources" aria-labelledby="resources-title" className="py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="resources-title" eyebrow={t('Resources')} title={t('Help whenever you need it')} />

        <ul className="mt-14 grid gap-4 md:grid-cols-3 lg:gap-6">
          {RESOURCES.map(({ icon: Icon, title, text, to }) => (
            <li key={title}>
              <Link
                to={to}
                className="group flex h-full flex-col rounded-2xl border border-border bg-card p-6 transition-[border-color,box-shadow] hover:border-brand-300 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
              >
                <span className="flex items-center justify-between">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                    <Icon aria-hidden className="size-5" />
                  </span>
                  <ArrowUpRight
                    aria-hidden
                    className="size-5 text-muted-foreground transition-transform group-hover:-translate-y-0.5 group-hover:translate-x-0.5 group-hover:text-brand-600"
                  />
                </span>
                <span className="mt-4 text-lg font-semibold text-foreground">{t(title)}</span>
                <span className="mt-2 leading-relaxed text-muted-foreground">{t(text)}</span>
              </Link>
            </li>
          ))}
        </ul>

        <div
          id="privacy"
          className="mt-6 flex flex-col gap-4 rounded-2xl border border-border bg-subtle p-6 sm:flex-row sm:items-center"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-success-soft text-success">
            <ShieldCheck aria-hidden className="size-5" />
          </span>
          <p className="leading-relaxed text-muted-foreground">
            <Trans t={t}>
              <strong className="font-semibold text-foreground">Privacy and terms. </strong>
              Attendee details reach organizers and sponsors only after the attendee agrees to share them in our terms,
              which every account reads and accepts at sign-up. Read our{' '}
              <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
                Privacy Policy
              </Link>{' '}
              and{' '}
              <Link to="/terms" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
                Terms of Service
              </Link>
              .
            </Trans>
          </p>
        </div>
      </div>
    </section>
  );
}
