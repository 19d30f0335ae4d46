import { useQuery } from '@tanstack/react-query';
import { Inbox, RefreshCw, ServerCrash } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { NotFoundPage } from '@/components/not-found-page';
import { ApiError } from '@/lib/api';
import { MailRow } from './mail-row';
import { mailboxQueryOptions } from './api';
import { Trans, useTranslation } from 'react-i18next';

/** The development outbox: every email the server would have sent, for signing up without a real SMTP server. */
export function MailboxPage() {
  const { t } = useTranslation('dev-mailbox');
  const mailbox = useQuery(mailboxQueryOptions());

  // The server hides the mailbox in production: the page does not exist there either.
  if (mailbox.error instanceof ApiError && mailbox.error.status === 404) return <NotFoundPage />;

  return (
    <div className="min-h-dvh bg-subtle">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" className="rounded-md" aria-label={t('Mingle home')}>
            <Logo />
          </Link>
          <Badge variant="warning">{t('Development only')}</Badge>
        </div>
      </header>

      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('Mailbox')}</h1>
            <p className="mt-1 text-muted-foreground">{t('Emails the server sent or kept, newest first.')}</p>
          </div>
          <Button
            variant="outline"
            onClick={() => void mailbox.refetch()}
            loading={mailbox.isFetching}
            disabled={mailbox.isPending && !mailbox.isError}
          >
            {!mailbox.isFetching && <RefreshCw aria-hidden />}
            {t('Refresh')}
          </Button>
        </div>

        {mailbox.isPending ? (
          <MailboxSkeleton />
        ) : mailbox.isError ? (
          <EmptyState
            icon={ServerCrash}
            tone="danger"
            title={t("Couldn't load the mailbox")}
            className="bg-background"
          >
            <p>{mailbox.error.message}</p>
            <p className="mt-1">
              <Trans t={t}>
                The mailbox is served by the API on port 3000: start it with <code className="font-mono">npm run dev</code>.
              </Trans>
            </p>
          </EmptyState>
        ) : mailbox.data.length === 0 ? (
          <EmptyState icon={Inbox} title={t('No emails yet')} className="bg-background">
            {t('Sign up with a company email address and the verification code will arrive here.')}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-background shadow-xs">
            {mailbox.data.map((message) => (
              <MailRow key={message.id} message={message} />
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

function MailboxSkeleton() {
  const { t } = useTranslation('dev-mailbox');
  return (
    <div role="status" aria-label={t('Loading emails')} className="divide-y divide-border rounded-xl border border-border bg-background">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-start gap-3 px-5 py-4">
          <Skeleton className="mt-0.5 size-4" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3.5 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
