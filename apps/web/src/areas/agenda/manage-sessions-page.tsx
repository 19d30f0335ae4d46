import type { ManagedSessionDto } from '@mingle/shared/agenda/contract';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, CalendarRange, Download, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { EditDeleteButtons } from '@/components/edit-delete-buttons';
import { ListSkeleton, LoadError } from '@/components/list-parts';
import { PageTitle } from '@/components/ui/page-title';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { eventQueryOptions } from '@/areas/events';
import { useManageAccess } from '@/lib/use-manage-access';
import { managedSessionsQueryOptions, useDeleteSession } from './api';
import { SessionFacts, SessionTime, SessionTypeBadge } from './session-bits';
import { SessionFormDialog } from './session-form-dialog';

/** /events/:eventId/manage-sessions (spec 02 "Manage Sessions"): add, edit and delete in a dialog. */
export function ManageSessionsPage() {
  const { eventId = '' } = useParams();
  return <ManageSessions eventId={eventId} />;
}

function ManageSessions({ eventId }: { eventId: string }) {
  const { t } = useTranslation('agenda');
  const event = useQuery(eventQueryOptions(eventId));
  const sessions = useQuery(managedSessionsQueryOptions(eventId));
  const remove = useDeleteSession(eventId);
  const [editing, setEditing] = useState<ManagedSessionDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ManagedSessionDto | null>(null);

  useEffect(() => {
    document.title = event.data ? t('Manage Sessions · {{event}} · Mingle', { event: event.data.name }) : t('Manage Sessions · Mingle');
  }, [event.data, t]);
  const denied = useManageAccess(sessions.error);
  useEffect(() => {
    if (sessions.isError && !denied) toast.error(t('Error'), { description: t('Failed to load sessions') });
  }, [sessions.isError, denied, t]);

  if (denied) return null;

  // New sessions start in the zone the event's sessions already use, else the event's own.
  const defaultTimezone: string = sessions.data?.[0]?.timezone ?? event.data?.timezone ?? 'UTC';

  return (
    <>
      <PageTitle
        back={{ to: '/dashboard', label: t('Back to Dashboard') }}
        title={t('Manage Sessions')}
        description={event.data ? event.data.name : <Skeleton className="h-5 w-48" />}
        actions={
          <>
            <Link to={`/events/${eventId}/agenda`} className={buttonVariants({ variant: 'outline' })}>
              <CalendarRange aria-hidden />
              {t('View Agenda')}
            </Link>
            <a href={`/api/events/${eventId}/sessions.csv`} download className={buttonVariants({ variant: 'outline' })}>
              <Download aria-hidden />
              {t('Export CSV')}
            </a>
            <Button onClick={() => setEditing('new')} disabled={!sessions.data}>
              <Plus aria-hidden />
              {t('Add Session')}
            </Button>
          </>
        }
      />
      {sessions.isPending ? (
        <ListSkeleton label={t('Loading sessions')} rows={3} rowClassName="h-24 w-full" />
      ) : sessions.isError ? (
        <LoadError title={t('Failed to load sessions')} error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <EmptyState
          icon={CalendarPlus}
          title={t('No sessions yet')}
          action={
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden />
              {t('Add Session')}
            </Button>
          }
        >
          {t('Add talks, workshops, breaks and networking slots to build the agenda.')}
        </EmptyState>
      ) : (
        <ul className="grid gap-3">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-xs sm:flex-row sm:items-start sm:p-5">
              <div className="min-w-0 flex-1">
                <div className="mb-1.5 flex flex-wrap items-center gap-2">
                  <SessionTypeBadge type={session.sessionType} />
                  {session.tags.map((tag) => (
                    <span key={tag} className="rounded-md bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                      #{tag}
                    </span>
                  ))}
                </div>
                <h2 className="font-semibold">{session.title}</h2>
                <SessionTime session={session} className="mt-1.5" />
                <SessionFacts session={session} />
              </div>
              <div className="flex gap-2">
                <EditDeleteButtons name={session.title} onEdit={() => setEditing(session)} onDelete={() => setDeleting(session)} />
              </div>
            </li>
          ))}
        </ul>
      )}

      <SessionFormDialog
        eventId={eventId}
        session={editing === 'new' ? null : editing}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        defaultTimezone={defaultTimezone}
      />
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        title={t('Delete session')}
        description={t('Are you sure you want to delete this session?')}
        deleted={t('Session deleted successfully')}
        failed={t('Failed to delete session')}
      />
    </>
  );
}
