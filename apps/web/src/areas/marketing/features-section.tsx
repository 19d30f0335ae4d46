import { BrainCircuit, CalendarClock, ChartNoAxesCombined, type LucideIcon, MonitorSmartphone, ScanLine, Smartphone } from 'lucide-react';
import { SectionHeading } from './section-heading';
import { useTranslation } from 'react-i18next';

const FEATURES = [
  {
    icon: BrainCircuit,
    title: 'AI-powered matchmaking',
    text: 'Attendees get introductions ranked by shared interests and goals, so the right people meet in the first hour, not the last.',
  },
  {
    icon: Smartphone,
    title: 'White-label mobile apps',
    text: 'Your brand and your colours from sign-up to the closing keynote: an event app attendees recognise as yours.',
  },
  {
    icon: ChartNoAxesCombined,
    title: 'Analytics',
    text: 'Registrations, session views, booth visits and meeting requests on one live dashboard, for you and every sponsor.',
  },
  {
    icon: CalendarClock,
    title: 'Smart agenda management',
    text: 'Build multi-track schedules of talks, workshops and breaks. Attendees bookmark sessions, check in and ask questions live.',
  },
  {
    icon: MonitorSmartphone,
    title: 'Hybrid in-person and virtual events',
    text: 'One event for the room and for remote guests: virtual booths, the live feed and session Q&A work the same everywhere.',
  },
  {
    icon: ScanLine,
    title: 'Lead capture with CRM integration',
    text: 'Sponsors scan badges and record interest at their booth, then send qualified leads straight to their CRM.',
  },
] as const satisfies ReadonlyArray<{ icon: LucideIcon; title: string; text: string }>;

export function FeaturesSection() {
  const { t } = useTranslation('marketing');
  return (
    <section id="features" aria-labelledby="features-title" className="border-t border-border bg-subtle py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="features-title" eyebrow={t('Features')} title={t('Everything an event needs to connect people')}>
          {t('From the first registration to the last follow-up, one platform for organizers, attendees and sponsors.')}
        </SectionHeading>

        <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="group rounded-2xl border border-border bg-card p-6 shadow-xs transition-[box-shadow,border-color,transform] duration-200 hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-brand-700 text-white shadow-sm shadow-brand-600/30">
                <Icon aria-hidden className="size-5" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-foreground">{t(title)}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{t(text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
