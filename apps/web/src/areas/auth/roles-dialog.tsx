import { CalendarCog, ScanLine, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

// Spec 01 "Roles dialog", with the content of section 6.

const ROLES: ReadonlyArray<{ name: string; icon: LucideIcon; tint: string; points: readonly string[] }> = [
  {
    name: 'Event Owner',
    icon: CalendarCog,
    tint: 'bg-brand-50 text-brand-700',
    points: [
      'Create and configure events',
      'Invite and manage volunteers, and allocate goodies to them',
      'Oversee participants and attendance',
      'Promote volunteers to co-owners',
      'See full analytics',
      'Delete events (with the Super Admin)',
    ],
  },
  {
    name: 'Event Volunteer',
    icon: ScanLine,
    tint: 'bg-teal-50 text-teal-800',
    points: [
      'Check participants in by scanning their QR code',
      'Verify and record attendance',
      'Distribute goodies to checked-in participants',
      'Track allocated and distributed goodies on a volunteer dashboard',
      'Can be promoted to co-owner',
    ],
  },
  {
    name: 'Event Co-Owner',
    icon: ShieldCheck,
    tint: 'bg-amber-50 text-amber-900',
    points: [
      'All owner privileges except deleting the event',
      'Manage volunteers and goodie allocation',
      'See full analytics and edit event settings',
    ],
  },
  {
    name: 'Registered User (Participant)',
    icon: UserRound,
    tint: 'bg-sky-50 text-sky-900',
    points: [
      'Register for events and sessions',
      'Your personal QR code for check-in and networking',
      'Receive goodies, with a real-time notification',
      'Network with attendees; follow the feed, your schedule and resources',
    ],
  },
];

interface RolesDialogProps {
  open: boolean;
  /** Called once the dialog is closed, whichever way. */
  onClose: () => void;
}

export function RolesDialog({ open, onClose }: RolesDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="pb-0 sm:max-w-3xl sm:pb-0">
        <DialogHeader>
          <DialogTitle>Understanding User Roles</DialogTitle>
          <DialogDescription>What each role can do on Mingle. Your roles can differ from one event to the next.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3 sm:grid-cols-2">
          {ROLES.map((role) => (
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
          <Button onClick={onClose}>Continue to Dashboard</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
