import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** Usually one Button: what the user can do about it. */
  action?: ReactNode;
  /** `danger` tints the icon for error states ("could not load"). */
  tone?: 'neutral' | 'danger';
  className?: string;
}

/** What a list or page shows when it has nothing to show, or could not load: never a blank area. */
export function EmptyState({ icon: Icon, title, children, action, tone = 'neutral', className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-dashed border-border bg-subtle px-6 py-12 text-center',
        className,
      )}
    >
      <div
        className={cn(
          'mb-4 flex size-12 items-center justify-center rounded-full ring-8',
          tone === 'danger'
            ? 'bg-destructive-soft text-destructive ring-destructive-soft/50'
            : 'bg-brand-50 text-brand-600 ring-brand-50/50',
        )}
      >
        <Icon aria-hidden className="size-5.5" />
      </div>
      <h3 className="text-base font-semibold text-foreground">{title}</h3>
      {children && <div className="mt-1.5 max-w-sm text-sm text-muted-foreground text-pretty">{children}</div>}
      {action && <div className="mt-5 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}
