import { holdsInvitationRights } from '@mingle/shared/core/roles';
import type { EventWithViewer } from '@mingle/shared/events/contract';
import { ClipboardList, DoorClosed, DoorOpen, ExternalLink, FileDown, ListChecks, MailPlus, MoreHorizontal, Palette, Pencil, ScanLine, Trash2, Webhook } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button-variants';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ManageOptionsDialog } from '@/areas/options';
import { useRoles } from '@/lib/auth';
import { ConfigureLandingDialog } from './configure-landing-dialog';
import { EditEventDialog } from './edit-event-dialog';
import { ExportsDialog } from './exports-dialog';
import { useDeleteEvent, useUpdateEvent } from './api';

/**
 * The organizer's actions on one event: its details and time zone, landing page, exports, webhooks, dropdown options, invitations, registration, delete. Shown only to those
 * who may manage it (`viewer.canManage`); delete only to those who may delete it (owner, super admin).
 */
export function EventManageMenu({ event }: { event: EventWithViewer }) {
  const { t } = useTranslation('events');
  const [dialog, setDialog] = useState<'edit' | 'landing' | 'options' | 'exports' | 'delete' | null>(null);
  const update = useUpdateEvent(event.id);
  const remove = useDeleteEvent(event.id);
  const roles = useRoles();
  if (!event.viewer.canManage) return null;
  // Invitation rights are event_owner's and event_volunteer's (spec 02 section 6), not every manager's.
  const invites = holdsInvitationRights(roles);

  const toggleRegistration = () =>
    update.mutate(
      { registrationOpen: !event.registrationOpen },
      {
        onSuccess: (saved) =>
          toast.success(saved.registrationOpen ? t('Registration opened') : t('Registration closed'), {
            description: saved.registrationOpen
              ? t('Anyone signed in can now register for this event.')
              : t('New attendees now need an invitation.'),
          }),
        onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
      },
    );

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger className={buttonVariants({ variant: 'ghost', size: 'icon-sm' })}>
          <MoreHorizontal aria-hidden />
          <span className="sr-only">{t('Manage {{name}}', { name: event.name })}</span>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t('Manage event')}</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => setDialog('edit')}>
            <Pencil aria-hidden />
            {t('Edit event')}
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={`/events/${event.id}/registrations`}>
              <ClipboardList aria-hidden />
              {t('Registrations')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={`/events/${event.id}/check-in`}>
              <ScanLine aria-hidden />
              {t('Door check-in')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('exports')}>
            <FileDown aria-hidden />
            {t('Exports')}
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={`/events/${event.id}/webhooks`}>
              <Webhook aria-hidden />
              {t('Webhooks')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('landing')}>
            <Palette aria-hidden />
            {t('Configure Landing')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('options')}>
            <ListChecks aria-hidden />
            {t('Manage Dropdowns')}
          </DropdownMenuItem>
          {invites && (
            <DropdownMenuItem asChild>
              <Link to={`/event-invitations?eventId=${event.id}`}>
                <MailPlus aria-hidden />
                {t('Invite attendees')}
              </Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={toggleRegistration} disabled={update.isPending}>
            {event.registrationOpen ? <DoorClosed aria-hidden /> : <DoorOpen aria-hidden />}
            {event.registrationOpen ? t('Close registration') : t('Open registration')}
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href={`/event/${event.slug}`} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden />
              {t('View public page')}
            </a>
          </DropdownMenuItem>
          {event.viewer.canDelete && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem destructive onSelect={() => setDialog('delete')}>
                <Trash2 aria-hidden />
                {t('Delete event')}
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <EditEventDialog event={event} open={dialog === 'edit'} onOpenChange={(open) => setDialog(open ? 'edit' : null)} />
      <ConfigureLandingDialog event={event} open={dialog === 'landing'} onOpenChange={(open) => setDialog(open ? 'landing' : null)} />
      <ExportsDialog eventId={event.id} eventName={event.name} open={dialog === 'exports'} onOpenChange={(open) => setDialog(open ? 'exports' : null)} />
      <ManageOptionsDialog event={event} open={dialog === 'options'} onOpenChange={(open) => setDialog(open ? 'options' : null)} />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title={t('Delete this event?')}
        description={t('{{name}} and everything in it (sessions, sponsors, posts, registrations) will be deleted. This cannot be undone.', { name: event.name })}
        confirmLabel={t('Delete event')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setDialog(null);
              toast.success(t('Event deleted'), { description: t('{{name}} was deleted.', { name: event.name }) });
            },
            onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
          })
        }
      />
    </>
  );
}
