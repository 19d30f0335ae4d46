import type { Timezone } from '@mingle/shared/core/constants';
import type { ManagedSessionDto } from '@mingle/shared/agenda/contract';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, CalendarRange, Download, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
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
  const event = useQuery(eventQueryOptions(eventId));
  const sessions = useQuery(managedSessionsQueryOptions(eventId));
  const remove = useDeleteSession(eventId);
  const [editing, setEditing] = useState<ManagedSessionDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ManagedSessionDto | null>(null);

  useEffect(() => {
    document.title = event.data ? `Manage Sessions · ${event.data.name} · Mingle` : 'Manage Sessions · Mingle';
  }, [event.data]);
  const denied = useManageAccess(sessions.error);
  useEffect(() => {
    if (sessions.isError && !denied) toast.error('Error', { description: 'Failed to load sessions' });
  }, [sessions.isError, denied]);

  if (denied) return null;

  // New sessions start in the zone the event's sessions already use.
  const defaultTimezone: Timezone = sessions.data?.[0]?.timezone ?? 'UTC';

  return (
    <>
      <PageTitle
        back={{ to: '/dashboard', label: 'Back to Dashboard' }}
        title="Manage Sessions"
        description={event.data ? event.data.name : <Skeleton className="h-5 w-48" />}
        actions={
          <>
            <Link to={`/events/${eventId}/agenda`} className={buttonVariants({ variant: 'outline' })}>
              <CalendarRange aria-hidden />
              View Agenda
            </Link>
            <a href={`/api/events/${eventId}/sessions.csv`} download className={buttonVariants({ variant: 'outline' })}>
              <Download aria-hidden />
              Export CSV
            </a>
            <Button onClick={() => setEditing('new')} disabled={!sessions.data}>
              <Plus aria-hidden />
              Add Session
            </Button>
          </>
        }
      />
      {sessions.isPending ? (
        <ListSkeleton label="Loading sessions" rows={3} rowClassName="h-24 w-full" />
      ) : sessions.isError ? (
        <LoadError title="Failed to load sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <EmptyState
          icon={CalendarPlus}
          title="No sessions yet"
          action={
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden />
              Add Session
            </Button>
          }
        >
          Add talks, workshops, breaks and networking slots to build the agenda.
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
        title="Delete session"
        description="Are you sure you want to delete this session?"
        deleted="Session deleted successfully"
        failed="Failed to delete session"
      />
    </>
  );
}
