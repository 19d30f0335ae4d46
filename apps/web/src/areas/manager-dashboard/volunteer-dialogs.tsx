import { addVolunteerInputSchema, allocationInputSchema, moveGoodiesInputSchema } from '@mingle/shared/volunteers/management';
import { INVITATION_LIMITS_TEXT } from '@mingle/shared/invitations/inputs';
import type { EventVolunteerDto, ManagedEventDto } from '@mingle/shared/manager-dashboard/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { fieldErrors } from '@/lib/form-errors';
import { useAddVolunteer, useMoveGoodies, useSetAllocation } from './api';

// The Volunteers tab's dialogs: add a volunteer by email, change an allocation, move goodies between volunteers.
// Rules and messages come from shared/volunteers/management.ts, as the server checks them.

type Errors = Record<string, string | undefined>;

/** An <input type="number"> value as a number ('' stays NaN, so the schema answers with its message). */
const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  pending,
  submitLabel,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  pending: boolean;
  submitLabel: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('manager-dashboard');
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function AddVolunteerDialog({ events, onClose }: { events: ManagedEventDto[]; onClose: () => void }) {
  const { t } = useTranslation('manager-dashboard');
  const shown = (message: string | undefined) => message && t(message, { ns: 'messages' });
  const [eventId, setEventId] = useState(events.length === 1 ? events[0]!.id : '');
  const [email, setEmail] = useState('');
  const [allocated, setAllocated] = useState('0');
  const [errors, setErrors] = useState<Errors>({});
  const add = useAddVolunteer();

  function submit() {
    const parsed = addVolunteerInputSchema.safeParse({ email, allocatedGoodies: toNumber(allocated) });
    const found = { ...(parsed.success ? {} : fieldErrors(parsed.error)), eventId: eventId ? undefined : t('Please select an event') };
    setErrors(found);
    if (!parsed.success || !eventId) return;
    add.mutate(
      { eventId, ...parsed.data },
      {
        onSuccess: (result) => {
          if (result.emailSent) toast.success(t('Invitation sent to {{email}}', { email: result.email }), { description: t('They become a volunteer when they accept.') });
          else toast.error(t('Failed to send {{n}} invitation(s)', { n: 1 }));
          onClose();
        },
        onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
      },
    );
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('Add Volunteer')}
      description={t('We email an invitation; they become a volunteer only when they accept it. {{limits}}.', { limits: t(INVITATION_LIMITS_TEXT, { ns: 'messages' }) })}
      pending={add.isPending}
      submitLabel={t('Send Invitation')}
      onSubmit={submit}
    >
      <FormField label={t('Event')} error={errors.eventId} required>
        {(control) => (
          <Select value={eventId} onValueChange={setEventId}>
            <SelectTrigger {...control}>
              <SelectValue placeholder={t('Select an event')} />
            </SelectTrigger>
            <SelectContent>
              {events.map((event) => (
                <SelectItem key={event.id} value={event.id}>
                  {event.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label={t('Email')} error={shown(errors.email)} required>
        {/* i18next-instrument-ignore-next-line */}
        <Input type="email" autoComplete="off" placeholder="volunteer@company.com" value={email} onChange={(e) => setEmail(e.target.value)} />
      </FormField>
      <FormField label={t('Allocated goodies')} error={shown(errors.allocatedGoodies)}>
        <Input type="number" inputMode="numeric" min={0} step={1} value={allocated} onChange={(e) => setAllocated(e.target.value)} />
      </FormField>
    </FormDialog>
  );
}

export function AllocationDialog({ volunteer, onClose }: { volunteer: EventVolunteerDto; onClose: () => void }) {
  const { t } = useTranslation('manager-dashboard');
  const [allocated, setAllocated] = useState(String(volunteer.allocatedGoodies));
  const [error, setError] = useState<string>();
  const setAllocation = useSetAllocation();

  function submit() {
    const parsed = allocationInputSchema.safeParse({ allocatedGoodies: toNumber(allocated) });
    setError(parsed.success ? undefined : parsed.error.issues[0]!.message);
    if (!parsed.success) return;
    setAllocation.mutate(
      { eventId: volunteer.eventId, userId: volunteer.userId, ...parsed.data },
      {
        onSuccess: () => {
          toast.success(t('Allocation updated'), { description: t('{{name}}: {{count}} goodies', { name: volunteer.fullName, count: parsed.data.allocatedGoodies }) });
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('Edit Allocation')}
      description={t('{{name}} at {{eventName}} has distributed {{n}} goodie(s); the allocation cannot go below that.', { name: volunteer.fullName, eventName: volunteer.eventName, n: volunteer.distributedGoodies })}
      pending={setAllocation.isPending}
      submitLabel={t('Save Allocation')}
      onSubmit={submit}
    >
      <FormField label={t('Allocated goodies')} error={error && t(error, { ns: 'messages' })}>
        <Input
          type="number"
          inputMode="numeric"
          min={volunteer.distributedGoodies}
          step={1}
          value={allocated}
          onChange={(e) => {
            setAllocated(e.target.value);
            setError(undefined);
          }}
        />
      </FormField>
    </FormDialog>
  );
}

export function MoveGoodiesDialog({
  from,
  candidates,
  onClose,
}: {
  from: EventVolunteerDto;
  /** The event's other volunteers. */
  candidates: EventVolunteerDto[];
  onClose: () => void;
}) {
  const { t } = useTranslation('manager-dashboard');
  const shown = (message: string | undefined) => message && t(message, { ns: 'messages' });
  const available = from.allocatedGoodies - from.distributedGoodies;
  const [toUserId, setToUserId] = useState(candidates.length === 1 ? candidates[0]!.userId : '');
  const [amount, setAmount] = useState(available > 0 ? '1' : '0');
  const [errors, setErrors] = useState<Errors>({});
  const move = useMoveGoodies();

  function submit() {
    const parsed = moveGoodiesInputSchema.safeParse({ fromUserId: from.userId, toUserId, amount: toNumber(amount) });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    move.mutate(
      { eventId: from.eventId, ...parsed.data },
      {
        onSuccess: (result) => {
          toast.success(t('Moved {{n}} goodie(s) from {{from}} to {{to}}', { n: parsed.data.amount, from: result.from.fullName, to: result.to.fullName }));
          onClose();
        },
        onError: (failure) => setErrors({ amount: failure.message }),
      },
    );
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('Move Goodies')}
      description={t('{{name}} has {{n}} undistributed goodie(s) at {{eventName}}.', { name: from.fullName, n: available, eventName: from.eventName })}
      pending={move.isPending}
      submitLabel={t('Move Goodies')}
      onSubmit={submit}
    >
      <FormField label={t('To volunteer')} error={shown(errors.toUserId)} required>
        {(control) => (
          <Select value={toUserId} onValueChange={setToUserId}>
            <SelectTrigger {...control}>
              <SelectValue placeholder={t('Select a volunteer')} />
            </SelectTrigger>
            <SelectContent>
              {candidates.map((volunteer) => (
                <SelectItem key={volunteer.userId} value={volunteer.userId}>
                  {t('{{name}} ({{n}} allocated)', { name: volunteer.fullName, n: volunteer.allocatedGoodies })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label={t('Number of goodies')} error={shown(errors.amount)} required>
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={available}
          step={1}
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setErrors({});
          }}
        />
      </FormField>
    </FormDialog>
  );
}
