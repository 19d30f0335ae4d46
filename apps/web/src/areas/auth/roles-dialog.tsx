import type { TFunction } from 'i18next';
import { CalendarCog, ScanLine, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useTranslation } from 'react-i18next';

// Spec 01 "Roles dialog", with the content of section 6.

// A function of `t`, so that the extractor finds every text and each render reads the interface's language.
const rolesFor = (t: TFunction<'auth'>) => [
  {
    name: t('Event Owner'),
    icon: CalendarCog,
    tint: 'bg-brand-50 text-brand-700',
    points: [
      t('Create and configure events'),
      t('Invite and manage volunteers, and allocate goodies to them'),
      t('Oversee participants and attendance'),
      t('Promote volunteers to co-owners'),
      t('See full analytics'),
      t('Delete events (with the Super Admin)'),
    ],
  },
  {
    name: t('Event Volunteer'),
    icon: ScanLine,
    tint: 'bg-teal-50 text-teal-800',
    points: [
      t('Check participants in by scanning their QR code'),
      t('Verify and record attendance'),
      t('Distribute goodies to checked-in participants'),
      t('Track allocated and distributed goodies on a volunteer dashboard'),
      t('Can be promoted to co-owner'),
    ],
  },
  {
    name: t('Event Co-Owner'),
    icon: ShieldCheck,
    tint: 'bg-amber-50 text-amber-900',
    points: [
      t('All owner privileges except deleting the event'),
      t('Manage volunteers and goodie allocation'),
      t('See full analytics and edit event settings'),
    ],
  },
  {
    name: t('Registered User (Participant)'),
    icon: UserRound,
    tint: 'bg-sky-50 text-sky-900',
    points: [
      t('Register for events and sessions'),
      t('Your personal QR code for check-in and networking'),
      t('Receive goodies, with a real-time notification'),
      t('Network with attendees; follow the feed, your schedule and resources'),
    ],
  },
] satisfies ReadonlyArray<{ name: string; icon: LucideIcon; tint: string; points: readonly string[] }>;

interface RolesDialogProps {
  open: boolean;
  /** Called once the dialog is closed, whichever way. */
  onClose: () => void;
}

export function RolesDialog({ open, onClose }: RolesDialogProps) {
  const { t } = useTranslation('auth');
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="pb-0 sm:max-w-3xl sm:pb-0">
        <DialogHeader>
          <DialogTitle>{t('Understanding User Roles')}</DialogTitle>
          <DialogDescription>{t('What each role can do on Mingle. Your roles can differ from one event to the next.')}</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3 sm:grid-cols-2">
          {rolesFor(t).map((role) => (
            <li key={role.name} className="rounded-xl border border-border bg-card p-4 sm:p-3.5">
              <div className="flex items-center gap-3">
                <span className={`flex size-9 shrink-0 items-center justify-center rounded-lg ${role.tint}`}>
                  <role.icon aria-hidden className="size-4.5" />
                </span>
                <h3 className="text-sm font-semibold leading-tight">{role.name}</h3>
              </div>
              <ul className="mt-3 space-y-1.5 text-sm text-muted-foreground">
                {role.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <span aria-hidden className="mt-2 size-1 shrink-0 rounded-full bg-brand-400" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        {/* Stays in reach while the roles scroll on a short screen. */}
        <DialogFooter className="sticky bottom-0 -mx-5 -mt-2 border-t border-border bg-card px-5 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] sm:-mx-6 sm:px-6 sm:pb-5">
          <Button onClick={onClose}>{t('Continue to Dashboard')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
