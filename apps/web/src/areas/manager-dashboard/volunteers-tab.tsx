import type { EventVolunteerDto, ManagedEventDto } from '@mingle/shared/manager-dashboard/contract';
import { ALREADY_CO_OWNER_MESSAGE, CO_OWNER_ABILITIES } from '@mingle/shared/volunteers/inputs';
import { useQuery } from '@tanstack/react-query';
import { ArrowRightLeft, PencilLine, ShieldCheck, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { ListSkeleton, LoadError, Row } from '@/components/list-parts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { ApiError } from '@/lib/api';
import { usePromote, volunteersQueryOptions } from './api';
import { AddVolunteerDialog, AllocationDialog, MoveGoodiesDialog } from './volunteer-dialogs';

type Dialog =
  | { kind: 'add' }
  | { kind: 'allocation'; volunteer: EventVolunteerDto }
  | { kind: 'move'; volunteer: EventVolunteerDto }
  | { kind: 'promote'; volunteer: EventVolunteerDto };

/**
 * Volunteers: allocated and distributed goodies, Add Volunteer, Edit Allocation, Move Goodies and Promote to
 * Co-Owner. `events` are the manager's events (adding needs one).
 */
export function VolunteersTab({ events }: { events: ManagedEventDto[] }) {
  const { t } = useTranslation('manager-dashboard');
  const query = useQuery(volunteersQueryOptions);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const toolbar = (
    <div className="mb-4 flex justify-end">
      <Button size="sm" onClick={() => setDialog({ kind: 'add' })} disabled={events.length === 0}>
        <UserPlus aria-hidden />
        {t('Add Volunteer')}
      </Button>
    </div>
  );

  let body;
  if (query.isPending) body = <ListSkeleton />;
  else if (query.isError) body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) {
    body = (
      <EmptyState icon={Users} title={t('No volunteers yet')}>
        {t('Add volunteers by email to hand out goodies at your events.')}
      </EmptyState>
    );
  } else {
    const volunteers = query.data;
    body = (
      <ul className="grid gap-3">
        {volunteers.map((volunteer) => {
          const others = volunteers.filter((v) => v.eventId === volunteer.eventId && v.userId !== volunteer.userId);
          const remaining = volunteer.allocatedGoodies - volunteer.distributedGoodies;
          return (
            <Row key={volunteer.id}>
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  {volunteer.fullName}
                  {volunteer.isCoOwner && <Badge variant="success">{t('Co-Owner')}</Badge>}
                </p>
                <p className="text-sm text-muted-foreground">{volunteer.eventName}</p>
                <p className="text-sm tabular-nums">
                  {t('{{distributed}} / {{allocated}} goodies distributed', { distributed: volunteer.distributedGoodies, allocated: volunteer.allocatedGoodies })}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'allocation', volunteer })} aria-label={t('Edit allocation of {{name}}', { name: volunteer.fullName })}>
                  <PencilLine aria-hidden />
                  {t('Edit Allocation')}
                </Button>
                {others.length > 0 && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={remaining === 0}
                    onClick={() => setDialog({ kind: 'move', volunteer })}
                    aria-label={t('Move goodies from {{name}}', { name: volunteer.fullName })}
                  >
                    <ArrowRightLeft aria-hidden />
                    {t('Move Goodies')}
                  </Button>
                )}
                {!volunteer.isCoOwner && (
                  <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'promote', volunteer })}>
                    <ShieldCheck aria-hidden />
                    {t('Promote to Co-Owner')}
                  </Button>
                )}
              </div>
            </Row>
          );
        })}
      </ul>
    );
  }

  return (
    <>
      {toolbar}
      {body}
      {dialog?.kind === 'add' && <AddVolunteerDialog events={events} onClose={close} />}
      {dialog?.kind === 'allocation' && <AllocationDialog volunteer={dialog.volunteer} onClose={close} />}
      {dialog?.kind === 'move' && (
        <MoveGoodiesDialog
          from={dialog.volunteer}
          candidates={(query.data ?? []).filter((v) => v.eventId === dialog.volunteer.eventId && v.userId !== dialog.volunteer.userId)}
          onClose={close}
        />
      )}
      <PromoteDialog volunteer={dialog?.kind === 'promote' ? dialog.volunteer : null} onClose={close} />
    </>
  );
}

function PromoteDialog({ volunteer, onClose }: { volunteer: EventVolunteerDto | null; onClose: () => void }) {
  const { t } = useTranslation('manager-dashboard');
  const promote = usePromote();
  return (
    <AlertDialog open={volunteer !== null} onOpenChange={(open) => !open && !promote.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('Promote to Event Co-Owner?')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('{{name}} will be able to do the following for {{eventName}}:', { name: volunteer?.fullName, eventName: volunteer?.eventName })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="grid list-disc gap-1 pl-5 text-sm">
          {CO_OWNER_ABILITIES.map((ability) => (
            <li key={ability}>{t(ability, { ns: 'messages' })}</li>
          ))}
        </ul>
        <p className="rounded-lg bg-subtle px-3 py-2 text-sm text-muted-foreground">
          {t('A co-owner cannot delete the event (only the Event Owner can).')}
        </p>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={promote.isPending}>{t('Cancel')}</AlertDialogCancel>
          <AlertDialogAction
            disabled={promote.isPending}
            className={buttonVariants()}
            onClick={(event) => {
              event.preventDefault();
              if (!volunteer) return;
              promote.mutate(volunteer, {
                onSuccess: (result) => {
                  toast.success(t('Invitation sent: {{name}} will be promoted to Event Co-Owner once they accept', { name: result.fullName }));
                  onClose();
                },
                onError: (error) => {
                  onClose();
                  if (error instanceof ApiError && error.serverMessage === ALREADY_CO_OWNER_MESSAGE) toast.error(t(ALREADY_CO_OWNER_MESSAGE, { ns: 'messages' }));
                  else toast.error(t('Failed to promote volunteer: {{message}}', { message: t(error.message, { ns: 'messages' }) }));
                },
              });
            }}
          >
            {t('Promote to Co-Owner')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
