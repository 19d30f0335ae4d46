import { ServerCrash } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

// The pieces the dashboards' and manage pages' lists are built with: loading, failure, a row, and "Load more".

export function ListSkeleton({ label, rows = 2, rowClassName = 'h-20' }: { label?: string; rows?: number; rowClassName?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={label ?? t('Loading')} className="grid gap-3">
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} className={cn('rounded-xl', rowClassName)} />
      ))}
    </div>
  );
}

export function LoadError({ title, error, onRetry }: { title?: string; error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState icon={ServerCrash} tone="danger" title={title ?? t('Failed to load data')} action={<Button onClick={onRetry}>{t('Try again')}</Button>}>
      {error.message}
    </EmptyState>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
      {children}
    </li>
  );
}

export function MoreButton({ query }: { query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {t('Load more')}
      </Button>
    </div>
  );
}
