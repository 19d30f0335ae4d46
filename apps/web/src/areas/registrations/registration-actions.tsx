import type { RegistrationQuestionDto, RegistrationResult } from '@mingle/shared/registrations/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ListPlus, UserMinus, UserPlus } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { registrationQuestionsQueryOptions, useCancelRegistration, useRegister } from './api';
import { RegistrationFormDialog } from './registration-form-dialog';

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
 * Register, or Join Waitlist when the event is known to be full (`full`): the event's questions first when it asks
 * any, then one request, and the server decides which it is (the last place may have gone meanwhile), saying so in the
 * toast.
 */
export function RegisterButton({ event, full = false, label, ...button }: { event: { id: string; name: string }; full?: boolean; label?: string } & ButtonProps) {
  const queryClient = useQueryClient();
  const register = useRegister(event.id);
  const [questions, setQuestions] = useState<RegistrationQuestionDto[] | null>(null);
  const [asking, setAsking] = useState(false);
  const Icon = full ? ListPlus : UserPlus;
  const busy = register.isPending || asking;

  // The answer is announced whether or not this button is still there: the refetch it causes may replace it.
  const start = async () => {
    setAsking(true);
    try {
      const { questions: asked } = await queryClient.fetchQuery(registrationQuestionsQueryOptions(event.id));
      if (asked.length > 0) {
        setQuestions(asked);
        return;
      }
      announceRegistration(event.name, await register.mutateAsync([]));
    } catch (error) {
      toast.error('Error', { description: (error as Error).message });
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <Button {...button} loading={busy} onClick={() => void start()}>
        {!busy && <Icon aria-hidden />}
        {label ?? (full ? 'Join Waitlist' : 'Register')}
      </Button>
      {questions && (
        <RegistrationFormDialog
          event={event}
          questions={questions}
          full={full}
          open
          onOpenChange={(open) => !open && setQuestions(null)}
          onRegistered={(result) => announceRegistration(event.name, result)}
        />
      )}
    </>
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
