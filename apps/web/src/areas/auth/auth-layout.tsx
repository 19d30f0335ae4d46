import { CalendarRange, MessagesSquare, Sparkles, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { SkipLink } from '@/components/skip-link';
import { useTranslation } from 'react-i18next';

const HIGHLIGHTS = [
  { icon: Sparkles, title: 'AI-powered matchmaking', text: 'Meet the people worth meeting, suggested from shared interests and goals.' },
  { icon: CalendarRange, title: 'Smart agenda', text: 'Sessions, bookmarks and check-in by QR code, in the event’s time zone and yours.' },
  { icon: MessagesSquare, title: 'Live from the floor', text: 'Feed, Q&A, meetings and messages that update as they happen.' },
] as const satisfies ReadonlyArray<{ icon: LucideIcon; title: string; text: string }>;

const STATS = [
  { value: '5M+', label: 'connections made' },
  { value: '10K+', label: 'events powered' },
  { value: '98%', label: 'satisfaction rate' },
] as const;

/** The frame of /auth and /reset-password: the brand story on large screens, the card alone on phones. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <div className="min-h-dvh bg-subtle lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <SkipLink />
      <aside className="relative isolate hidden overflow-hidden bg-brand-950 text-white lg:flex lg:flex-col lg:justify-between lg:p-12 xl:p-16">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_60%_at_0%_0%,var(--color-brand-700),transparent_70%),radial-gradient(ellipse_60%_50%_at_100%_100%,oklch(0.45_0.2_320/0.55),transparent_70%)]"
        />
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,oklch(1_0_0/0.05)_1px,transparent_1px),linear-gradient(to_bottom,oklch(1_0_0/0.05)_1px,transparent_1px)] bg-[size:44px_44px] [mask-image:radial-gradient(ellipse_80%_70%_at_30%_30%,black,transparent)]"
        />
        <Link to="/" className="w-fit rounded-md" aria-label={t('Mingle home')}>
          <Logo tone="light" />
        </Link>

        <div className="max-w-md">
          <p className="text-4xl font-bold leading-tight tracking-tight text-balance">
            {t('Where great events turn into lasting connections.')}
          </p>
          <ul className="mt-10 space-y-6">
            {HIGHLIGHTS.map((item) => (
              <li key={item.title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/10 ring-1 ring-white/15">
                  <item.icon aria-hidden className="size-5 text-spark-300" />
                </span>
                <div>
                  <p className="font-semibold">{t(item.title)}</p>
                  <p className="mt-0.5 text-sm leading-relaxed text-brand-100/80">{t(item.text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>

        <dl className="grid max-w-md grid-cols-3 gap-6 border-t border-white/15 pt-8">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-brand-100/75">{t(stat.label)}</dt>
              <dd className="text-2xl font-bold tracking-tight">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </aside>

      <main id="main" className="flex min-h-dvh flex-col items-center px-4 py-8 sm:justify-center sm:px-6 sm:py-12">
        <Link to="/" className="mb-8 rounded-md lg:hidden" aria-label={t('Mingle home')}>
          <Logo />
        </Link>
        <div className="w-full max-w-md">{children}</div>
        <p className="mt-8 text-center text-xs text-muted-foreground">
          {t('© {{year}} Mingle · Free to get started', { year: new Date().getFullYear() })}
        </p>
      </main>
    </div>
  );
}
