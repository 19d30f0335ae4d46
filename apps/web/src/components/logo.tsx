import { clsx } from 'clsx';

interface LogoProps {
  className?: string;
  /** On dark backgrounds the wordmark turns white. */
  tone?: 'dark' | 'light';
}

/**
 * Mingle's mark (two rings meeting) and wordmark. The mark is the favicon too.
 * clsx rather than cn: nothing here conflicts, and the landing page's first load stays free of tailwind-merge.
 */
export function Logo({ className, tone = 'dark' }: LogoProps) {
  return (
    <span className={clsx('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" aria-hidden className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <circle cx="11.5" cy="16" r="5.5" fill="none" stroke="white" strokeWidth="2.6" />
        <circle cx="20.5" cy="16" r="5.5" fill="none" className="stroke-spark-300" strokeWidth="2.6" />
      </svg>
      <span className={clsx('text-lg font-bold tracking-tight', tone === 'light' ? 'text-white' : 'text-foreground')}>
        {/* i18next-instrument-ignore-next-line */}
        Mingle
      </span>
    </span>
  );
}
