import type { RegistrationQuestionDto, RegistrationResult } from '@mingle/shared/registrations/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ListPlus, UserMinus, UserPlus } from 'lucide-react';
import type { TFunction } from 'i18next';
import { type ComponentProps, Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { registrationQuestionsQueryOptions, useCancelRegistration, useRegister } from './api';

// The questions' form (and the validation it brings) loads only for an event that asks questions, on the click: the
// public event page, where most people meet this button, stays light (bench/page-weight.mjs).
// Likewise the confirmation behind Cancel Registration, on the first click.
const ConfirmDialog = lazy(() => import('@/components/ui/alert-dialog').then((module) => ({ default: module.ConfirmDialog })));
const RegistrationFormDialog = lazy(() => import('./registration-form-dialog').then((module) => ({ default: module.RegistrationFormDialog })));

type ButtonProps = Pick<ComponentProps<typeof Button>, 'size' | 'variant' | 'className'>;

/** What the person learns from a registration: a place, or where they stand in the queue. */
export function announceRegistration(eventName: string, result: RegistrationResult, t: TFunction<'registrations'>): void {
  if (result.status === 'registered') {
    toast.success(t('Registered'), { description: t("You're registered for {{event}}.", { event: eventName }) });
    return;
  }
  toast.success(t("You're on the waitlist"), {
    description: t("{{event}} is full. You are number {{position}} on the waitlist; we'll email you the moment a place opens up.", {
      event: eventName,
      position: result.waitlistPosition,
    }),
  });
}

/**
 * Register, or Join Waitlist when the event is known to be full (`full`): the event's questions first when it asks
 * any, then one request, and the server decides which it is (the last place may have gone meanwhile), saying so in the
 * toast.
 */
export function RegisterButton({ event, full = false, label, ...button }: { event: { id: string; name: string }; full?: boolean; label?: string } & ButtonProps) {
  const { t } = useTranslation('registrations');
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
      announceRegistration(event.name, await register.mutateAsync([]), t);
    } catch (error) {
      toast.error(t('Error'), { description: t((error as Error).message, { ns: 'messages' }) });
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <Button {...button} loading={busy} onClick={() => void start()}>
        {!busy && <Icon aria-hidden />}
        {label ?? (full ? t('Join Waitlist') : t('Register'))}
      </Button>
      {questions && (
        <Suspense fallback={null}>
          <RegistrationFormDialog
            event={event}
            questions={questions}
            full={full}
            open
            onOpenChange={(open) => !open && setQuestions(null)}
            onRegistered={(result) => announceRegistration(event.name, result, t)}
          />
        </Suspense>
      )}
    </>
  );
}

/** Give up one's place (it goes to the next person waiting) or leave the waitlist, after a confirmation. */
export function CancelRegistrationButton({ event, waitlisted, ...button }: { event: { id: string; name: string }; waitlisted: boolean } & ButtonProps) {
  const { t } = useTranslation('registrations');
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const cancel = useCancelRegistration(event.id);
  const label = waitlisted ? t('Leave Waitlist') : t('Cancel Registration');
  return (
    <>
      <Button
        {...button}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <UserMinus aria-hidden />
        {label}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title={waitlisted ? t('Leave the waitlist?') : t('Cancel your registration?')}
            description={
              waitlisted
                ? t('You will lose your place in the queue for {{event}}. You can join again later, at the end of the queue.', { event: event.name })
                : t('Your place at {{event}} goes to the next person on the waitlist. You can register again while registration is open, if a place is free.', {
                    event: event.name,
                  })
            }
            confirmLabel={label}
            cancelLabel={t('Keep it')}
            destructive
            pending={cancel.isPending}
            // Announced whether or not this button is still there: the refetch the cancellation causes may replace it.
            onConfirm={() =>
              cancel.mutateAsync().then(
                () => {
                  setOpen(false);
                  toast.success(waitlisted ? t('You left the waitlist') : t('Registration cancelled'), { description: t('For {{event}}.', { event: event.name }) });
                },
                (error: Error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
              )
            }
          />
        </Suspense>
      )}
    </>
  );
}
