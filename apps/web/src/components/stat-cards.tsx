import type { ComponentType, ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

export interface StatCard {
  label: string;
  /** Undefined while loading: a skeleton stands in its place. */
  value?: ReactNode;
  note?: ReactNode;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** 'danger' shows the value in the destructive colour (a degraded health check). */
  tone?: 'danger';
}

/** The row of figure cards at the top of the manager and super admin dashboards. */
export function StatCards({ cards, className }: { cards: StatCard[]; className?: string }) {
  return (
    <ul className={cn('grid grid-cols-2 gap-3', className)}>
      {cards.map((card) => (
        <li key={card.label}>
          <Card className="h-full">
            <CardContent className="flex items-start justify-between gap-2 pt-5">
              <div>
                <p className="text-sm font-medium text-muted-foreground">{card.label}</p>
                {card.value === undefined ? (
                  <Skeleton className="mt-2 h-8 w-16" />
                ) : (
                  <p className={cn('mt-1 text-3xl font-bold tabular-nums', card.tone === 'danger' && 'text-destructive')}>{card.value}</p>
                )}
                {card.note && <p className="text-xs text-muted-foreground">{card.note}</p>}
              </div>
              <card.icon className="size-5 text-brand-600" aria-hidden />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
