import { LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useCurrentUser } from '@/lib/auth';
import { TicketForm } from './ticket-form';
import { DASHBOARD_TICKET_TYPE_LABELS, dashboardTicketSchema } from './ticket-schemas';

/**
 * The dashboard's ticket form (spec 02 "Support ticket (dashboard form)"): a button that opens the form with its four
 * types, prefilled with the signed-in user's name and email. The dialog closes once the ticket is created.
 */
export function SupportTicketDialog() {
  const me = useCurrentUser();
  const [open, setOpen] = useState(false);
  const user = me.data;
  if (!user) return null;
  const fullName = typeof user.profile?.fullName === 'string' ? user.profile.fullName : user.user.name;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <LifeBuoy aria-hidden />
          Support Ticket
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Create Support Ticket</DialogTitle>
          <DialogDescription>Ask for help, report a bug, or send feedback and feature requests to the developers.</DialogDescription>
        </DialogHeader>
        <TicketForm
          schema={dashboardTicketSchema}
          ticketType="support"
          typeLabels={DASHBOARD_TICKET_TYPE_LABELS}
          defaults={{ email: user.user.email, fullName }}
          onDone={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
