import { LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useCurrentUser } from '@/lib/auth';
import { TicketForm } from './ticket-form';
import { dashboardTicketSchema } from './ticket-schemas';

/**
 * The dashboard's ticket form (spec 02 "Support ticket (dashboard form)"): a button that opens the form with its four
 * types, prefilled with the signed-in user's name and email. The dialog closes once the ticket is created.
 */
export function SupportTicketDialog() {
  const { t } = useTranslation('support');
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
          {t('Support Ticket')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('Create Support Ticket')}</DialogTitle>
          <DialogDescription>{t('Ask for help, report a bug, or send feedback and feature requests to the developers.')}</DialogDescription>
        </DialogHeader>
        <TicketForm
          schema={dashboardTicketSchema}
          ticketType="support"
          chooseType
          defaults={{ email: user.user.email, fullName }}
          onDone={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
