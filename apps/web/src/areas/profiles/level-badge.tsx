import { levelInfo } from '@mingle/shared/domain/levels';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formattingLocale } from '@/lib/i18n';
import { cn } from '@/lib/cn';

interface LevelBadgeProps {
  level: number;
  points?: number;
  interactions?: number;
  /** Shows points, interactions and the progress to the next level under the badge. */
  showDetails?: boolean;
  className?: string;
}

/** Spec 01 "Levels": a badge reading "Level N: name" (an unknown level reads as 1), with optional details. */
export function LevelBadge({ level, points = 0, interactions = 0, showDetails = false, className }: LevelBadgeProps) {
  const { t } = useTranslation('profiles');
  const info = levelInfo(level);
  const number = new Intl.NumberFormat(formattingLocale());
  const badge = (
    <span
      className={cn(
        'inline-flex w-fit items-center gap-1.5 rounded-full border border-spark-300 bg-spark-100 px-2.5 py-0.5 text-xs font-semibold text-spark-700',
        !showDetails && className,
      )}
    >
      <Trophy aria-hidden className="size-3.5" />
      {t('Level {{level}}: {{name}}', { level: info.level, name: t(info.name, { ns: 'messages' }) })}
    </span>
  );
  if (!showDetails) return badge;

  const previousAt = info.level > 1 ? (levelInfo(info.level - 1).nextAt ?? 0) : 0;
  const toNext = info.nextAt === null ? null : Math.max(info.nextAt - points, 0);
  const progress = info.nextAt === null ? 100 : Math.min(100, Math.max(0, ((points - previousAt) / (info.nextAt - previousAt)) * 100));

  return (
    <div className={cn('grid gap-3', className)}>
      {badge}
      <dl className="grid grid-cols-2 gap-2">
        <div className="rounded-lg bg-muted px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t('Points')}</dt>
          <dd className="text-lg font-bold tabular-nums">{number.format(points)}</dd>
        </div>
        <div className="rounded-lg bg-muted px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t('Interactions')}</dt>
          <dd className="text-lg font-bold tabular-nums">{number.format(interactions)}</dd>
        </div>
      </dl>
      <div className="grid gap-1.5">
        <div
          role="progressbar"
          aria-label={t('Progress to the next level')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-gradient-to-r from-brand-500 to-spark-400" style={{ width: `${progress}%` }} />
        </div>
        <p className="text-xs text-muted-foreground">
          {toNext === null
            ? t('Top level reached')
            : t('{{count}} points to Level {{level}}', { count: toNext, level: info.level + 1 })}
        </p>
      </div>
    </div>
  );
}
