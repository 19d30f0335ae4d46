import { ServerCrash } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';

// The pieces every tab of the dashboard lists with: loading, failure, a row, and "Load more".

export function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="grid gap-3">
      <Skeleton className="h-20 rounded-xl" />
      <Skeleton className="h-20 rounded-xl" />
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <EmptyState icon={ServerCrash} tone="danger" title="Failed to load data" action={<Button onClick={onRetry}>Try again</Button>}>
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
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        Load more
      </Button>
    </div>
  );
}
