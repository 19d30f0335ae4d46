import { CalendarCheck, Sparkles, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const MATCHES = [
  { initials: 'AK', name: 'Amara Kofi', role: 'Head of Partnerships, Lumen', score: 96, tint: 'bg-brand-100 text-brand-800' },
  { initials: 'DR', name: 'Diego Ramos', role: 'Founder, Tidewater Labs', score: 91, tint: 'bg-teal-100 text-teal-900' },
  { initials: 'SL', name: 'Sofia Lindqvist', role: 'VP Engineering, Northfield', score: 88, tint: 'bg-amber-100 text-amber-900' },
] as const;

/**
 * An illustration of the product (matches, a confirmed meeting, live leads) drawn in HTML and CSS: crisp at any
 * size and nothing to download. Decorative, so hidden from screen readers.
 */
export function HeroPreview() {
  const { t } = useTranslation('marketing');
  return (
    <div aria-hidden className="relative mx-auto mt-16 w-full max-w-md select-none text-left sm:mt-20">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-brand-200/60 via-transparent to-spark-100/80 blur-2xl" />

      <div className="rounded-2xl border border-border bg-card p-5 shadow-xl sm:p-6">
        <div className="flex items-center justify-between">
          <div>
            {/* An event's name, as the app shows it: never translated. */}
            {/* i18next-instrument-ignore-next-line */}
            <p className="text-xs font-medium uppercase tracking-wider text-muted-foreground">Product Summit 2026</p>
            <p className="mt-1 text-lg font-semibold text-foreground">{t('Your best matches')}</p>
          </div>
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700">
            <Sparkles className="size-3.5" />
            {t('AI picks')}
          </span>
        </div>

        <ul className="mt-5 grid gap-3">
          {MATCHES.map((match) => (
            <li key={match.name} className="flex items-center gap-3 rounded-xl border border-border bg-subtle p-3">
              <span className={`flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${match.tint}`}>
                {match.initials}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-foreground">{match.name}</span>
                <span className="block truncate text-xs text-muted-foreground">{t(match.role)}</span>
              </span>
              <span className="shrink-0 rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-[oklch(0.42_0.11_155)]">
                {t('{{score}}% match', { score: match.score })}
              </span>
            </li>
          ))}
        </ul>

        <div className="mt-4 flex gap-2">
          <span className="flex-1 rounded-lg bg-primary py-2.5 text-center text-sm font-semibold text-primary-foreground">
            {t('Request meeting')}
          </span>
          <span className="rounded-lg border border-border px-4 py-2.5 text-sm font-medium text-foreground">{t('Connect')}</span>
        </div>
      </div>

      <div className="absolute -left-52 top-32 hidden rotate-[-3deg] items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 shadow-lg lg:flex">
        <span className="flex size-9 items-center justify-center rounded-lg bg-success-soft text-success">
          <CalendarCheck className="size-5" />
        </span>
        <span>
          <span className="block text-sm font-semibold text-foreground">{t('Meeting confirmed')}</span>
          <span className="block text-xs text-muted-foreground">{t('Today · 10:30 · Lounge B')}</span>
        </span>
      </div>

      <div className="absolute -right-52 bottom-20 hidden rotate-[2deg] items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 shadow-lg lg:flex">
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <TrendingUp className="size-5" />
        </span>
        <span>
          <span className="block text-sm font-semibold text-foreground">{t('+38 leads captured')}</span>
          <span className="block text-xs text-muted-foreground">{t('Booth 12 · last hour')}</span>
        </span>
      </div>
    </div>
  );
}
