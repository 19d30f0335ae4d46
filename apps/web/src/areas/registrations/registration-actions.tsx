import type { RegistrationResult } from '@mingle/shared/registrations/contract';
import { ListPlus, UserMinus, UserPlus } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useCancelRegistration, useRegister } from './api';

type ButtonProps = Pick<ComponentProps<typeof Button>, 'size' | 'variant' | 'className'>;

/** What the person learns from a registration: a place, or where they stand in the queue. */
export function announceRegistration(eventName: string, result: RegistrationResult): void {
  if (result.status === 'registered') {
    toast.success('Registered', { description: `You're registered for ${eventName}.` });
    return;
  }
  toast.success("You're on the waitlist", {
    description: `${eventName} is full. You are number ${result.waitlistPosition} on the waitlist; we'll email you the moment a place opens up.`,
  });
}

/**
 * Register, or Join Waitlist when the event is known to be full (`full`): one click, and the server decides which
 * it is (the last place may have gone meanwhile), saying so in the toast.
 */
export function RegisterButton({ event, full = false, label, ...button }: { event: { id: string; name: string }; full?: boolean; label?: string } & ButtonProps) {
  const register = useRegister(event.id);
  const Icon = full ? ListPlus : UserPlus;
  return (
    <Button
      {...button}
      loading={register.isPending}
      // The answer is announced whether or not this button is still there: the refetch it causes may replace it.
      onClick={() =>
        register.mutateAsync().then(
          (result) => announceRegistration(event.name, result),
          (error: Error) => toast.error('Error', { description: error.message }),
        )
      }
    >
      {!register.isPending && <Icon aria-hidden />}
      {label ?? (full ? 'Join Waitlist' : 'Register')}
    </Button>
  );
}

/** Give up one's place (it goes to the next person waiting) or leave the waitlist, after a confirmation. */
export function CancelRegistrationButton({ event, waitlisted, ...button }: { event: { id: string; name: string }; waitlisted: boolean } & ButtonProps) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelRegistration(event.id);
  const label = waitlisted ? 'Leave Waitlist' : 'Cancel Registration';
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)}>
        <UserMinus aria-hidden />
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={waitlisted ? 'Leave the waitlist?' : 'Cancel your registration?'}
        description={
          waitlisted
            ? `You will lose your place in the queue for ${event.name}. You can join again later, at the end of the queue.`
            : `Your place at ${event.name} goes to the next person on the waitlist. You can register again while registration is open, if a place is free.`
        }
        confirmLabel={label}
        cancelLabel="Keep it"
        destructive
        pending={cancel.isPending}
        // Announced whether or not this button is still there: the refetch the cancellation causes may replace it.
        onConfirm={() =>
          cancel.mutateAsync().then(
            () => {
              setOpen(false);
              toast.success(waitlisted ? 'You left the waitlist' : 'Registration cancelled', { description: `For ${event.name}.` });
            },
            (error: Error) => toast.error('Error', { description: error.message }),
          )
        }
      />
    </>
  );
}
