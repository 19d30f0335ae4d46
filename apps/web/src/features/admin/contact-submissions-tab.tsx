import type { ContactSubmissionDto } from '@mingle/shared/schemas/support';
import type { Page } from '@mingle/shared/schemas/volunteers';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Inbox, Mail, ServerCrash } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { api, ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/datetime';

const contactSubmissionsKey = ['admin', 'contact-submissions'] as const;
const PATH = '/api/admin/contact-submissions';

/** The Contact tab of the Super Admin Dashboard: what visitors sent through /contact, newest first, 50 at a time. */
export function ContactSubmissionsTab() {
  const query = useInfiniteQuery({
    queryKey: contactSubmissionsKey,
    queryFn: ({ pageParam }) => api.get<Page<ContactSubmissionDto>>(pageParam ? `${PATH}?cursor=${encodeURIComponent(pageParam)}` : PATH),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: (count, error) => !(error instanceof ApiError && error.isClientError) && count < 2,
  });
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading" className="grid gap-3">
        <Skeleton className="h-28 rounded-xl" />
        <Skeleton className="h-28 rounded-xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState icon={ServerCrash} tone="danger" title="Failed to load data" action={<Button onClick={() => void query.refetch()}>Try again</Button>}>
        {query.error.message}
      </EmptyState>
    );
  }
  const submissions = query.data.pages.flatMap((page) => page.items);
  if (submissions.length === 0) return <EmptyState icon={Inbox} title="No contact submissions yet" />;
  return (
    <>
      <ul className="grid grid-cols-1 gap-3" aria-label="Contact submissions">
        {submissions.map((submission) => (
          <li key={submission.id} className="min-w-0 rounded-xl border border-border bg-card p-4">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <p className="font-semibold">{submission.fullName}</p>
              <div className="flex items-center gap-2">
                {submission.status === 'new' && <Badge>New</Badge>}
                <time dateTime={submission.createdAt} className="text-xs text-muted-foreground">
                  {formatDateTime(submission.createdAt)}
                </time>
              </div>
            </div>
            <a
              href={`mailto:${submission.email}`}
              className="mt-0.5 inline-flex max-w-full items-center gap-1.5 text-sm text-brand-700 underline-offset-4 hover:underline"
            >
              <Mail aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{submission.email}</span>
            </a>
            <p className="mt-2 whitespace-pre-line break-words text-sm">{submission.message}</p>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}
