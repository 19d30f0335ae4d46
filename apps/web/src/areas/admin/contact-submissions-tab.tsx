import { supportEndpoints } from '@mingle/shared/support/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Inbox, Mail } from 'lucide-react';
import { ListSkeleton, LoadError, MoreButton } from '@/components/list-parts';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime } from '@/lib/datetime';
import { pagedQueryOptions } from '@/lib/paged-query';
import { useTranslation } from 'react-i18next';

const contactSubmissionsKey = ['admin', 'contact-submissions'] as const;

/** The Contact tab of the Super Admin Dashboard: what visitors sent through /contact, newest first, 50 at a time. */
export function ContactSubmissionsTab() {
  const { t } = useTranslation('admin');
  const query = useInfiniteQuery(pagedQueryOptions(contactSubmissionsKey, supportEndpoints.contactSubmissions));
  if (query.isPending) return <ListSkeleton rowClassName="h-28" />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const submissions = query.data.pages.flatMap((page) => page.items);
  if (submissions.length === 0) return <EmptyState icon={Inbox} title={t('No contact submissions yet')} />;
  return (
    <>
      <ul className="grid grid-cols-1 gap-3" aria-label={t('Contact submissions')}>
        {submissions.map((submission) => (
          <li key={submission.id} className="min-w-0 rounded-xl border border-border bg-card p-4">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <p className="font-semibold">{submission.fullName}</p>
              <div className="flex items-center gap-2">
                {submission.status === 'new' && <Badge>{t('New')}</Badge>}
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
      <MoreButton query={query} />
    </>
  );
}
