import type { TFunction } from 'i18next';
import { Building2, Check, HandHeart, type LucideIcon, Store, Users } from 'lucide-react';
import { SectionHeading } from './section-heading';
import { useTranslation } from 'react-i18next';

// A function of `t`, so that the extractor finds every text and each render reads the interface's language.
const audiencesFor = (t: TFunction<'marketing'>) => [
  {
    icon: Building2,
    title: t('Organizers'),
    points: [
      t('Create an event and its agenda in minutes'),
      t('Invite attendees in bulk by email'),
      t('Promote trusted volunteers to co-owners'),
    ],
  },
  {
    icon: Users,
    title: t('Attendees'),
    points: [
      t('Discover people worth meeting'),
      t('Book 1:1 meetings and keep a personal schedule'),
      t('Connect in a second by scanning a QR code'),
    ],
  },
  {
    icon: Store,
    title: t('Sponsors & exhibitors'),
    points: [
      t('Run a virtual booth alongside the physical one'),
      t('Capture leads with their level of interest'),
      t('Track visits and clicks on your own dashboard'),
    ],
  },
  {
    icon: HandHeart,
    title: t('Volunteers'),
    points: [
      t('Check attendees in by scanning their QR code'),
      t('Hand out goodies with live stock counts'),
      t('See the whole shift on one dashboard'),
    ],
  },
] satisfies ReadonlyArray<{ icon: LucideIcon; title: string; points: readonly string[] }>;

export function SolutionsSection() {
  const { t } = useTranslation('marketing');
  return (
    <section id="solutions" aria-labelledby="solutions-title" className="py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="solutions-title" eyebrow={t('Solutions')} title={t('Built for everyone in the room')}>
          {t('Each role gets the tools it needs, and nobody sees more than they should.')}
        </SectionHeading>

        <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
          {audiencesFor(t).map(({ icon: Icon, title, points }) => (
            <li key={title} className="rounded-2xl border border-border bg-card p-6">
              <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                <Icon aria-hidden className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-foreground">{title}</h3>
              <ul className="mt-4 grid gap-2.5">
                {points.map((point) => (
                  <li key={point} className="flex gap-2.5 text-sm leading-relaxed text-muted-foreground">
                    <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
