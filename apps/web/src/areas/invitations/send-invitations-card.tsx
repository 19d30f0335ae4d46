import type { InvitableEventDto } from '@mingle/shared/invitations/contract';
import {
  failedMessage,
  INVITATIONS_VALID_TEXT,
  INVITATION_LIMITS_TEXT,
  invalidInvitationEmailMessage,
  invalidInvitationEmails,
  RECIPIENT_LIMIT_MESSAGE,
  MAX_INVITATION_EMAILS,
  NO_VALID_EMAIL_MESSAGE,
  SELECT_EVENT_MESSAGE,
  SEND_FAILED_MESSAGE,
  sentMessage,
  validInvitationEmails,
} from '@mingle/shared/invitations/inputs';
import { Clock, Mail, Plus, Send, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatDate } from '@/lib/datetime';
import { useTranslateMessage } from '@/lib/messages';
import { useSendInvitations } from './api';

interface Props {
  events: InvitableEventDto[];
  eventId: string;
  onEventChange: (eventId: string) => void;
}

interface EmailRow {
  key: number;
  value: string;
  /** Why this address was refused at the last send; cleared as soon as it is edited. */
  error?: string;
}

/** The form: an event (own events only), the email inputs with Add Email and remove, and Send Invitations. */
export function SendInvitationsCard({ events, eventId, onEventChange }: Props) {
  const { t } = useTranslation('invitations');
  const translateMessage = useTranslateMessage();
  const nextKey = useRef(1);
  const [rows, setRows] = useState<EmailRow[]>([{ key: 0, value: '' }]);
  const [errors, setErrors] = useState<{ event?: string; emails?: string }>({});
  const [outcome, setOutcome] = useState<{ sent: number; failed: number } | null>(null);
  const send = useSendInvitations();
  const emailsLabelId = useId();
  const emailInputId = (key: number) => `${emailsLabelId}-email-${key}`;

  const addRow = () => {
    setRows((current) => [...current, { key: nextKey.current++, value: '' }]);
    // Focus the new input once it is in the DOM.
    setTimeout(() => document.querySelector<HTMLInputElement>('[data-invitation-email]:last-of-type input')?.focus());
  };
  const removeRow = (key: number) => setRows((current) => current.filter((row) => row.key !== key));
  // Editing an address clears its own refusal and the "at least one" message, so no red error outlives its cause.
  const setRow = (key: number, value: string) => {
    setRows((current) => current.map((row) => (row.key === key ? { key, value } : row)));
    setErrors((current) => ({ ...current, emails: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const values = rows.map((row) => row.value);
    // An address that is not one is refused by name, never dropped (decision 0115); the server says the same.
    const invalid = invalidInvitationEmails(values);
    const rowErrors = new Map(invalid.map(({ index, email }) => [rows[index]!.key, invalidInvitationEmailMessage(email)]));
    setRows((current) => current.map((row) => ({ key: row.key, value: row.value, error: rowErrors.get(row.key) })));
    const emails = validInvitationEmails(values);
    const found = {
      event: eventId ? undefined : SELECT_EVENT_MESSAGE,
      emails: emails.length || invalid.length ? undefined : NO_VALID_EMAIL_MESSAGE,
    };
    setErrors(found);
    const problem = found.event ?? (invalid.length ? invalidInvitationEmailMessage(invalid[0]!.email) : found.emails);
    if (problem) {
      toast.error(t('Error'), { description: t(problem, { ns: 'messages' }) });
      if (invalid.length) document.getElementById(emailInputId(rows[invalid[0]!.index]!.key))?.focus();
      return;
    }
    send.mutate(
      { eventId, emails },
      {
        onSuccess: (results) => {
          const sent = results.filter((result) => result.success).length;
          const failed = results.length - sent;
          setOutcome({ sent, failed });
          if (sent > 0) toast.success(translateMessage(sentMessage(sent)));
          const limited = results.filter((result) => result.rateLimited).length;
          if (failed > 0) toast.error(translateMessage(failedMessage(failed)), limited > 0 ? { description: translateMessage(RECIPIENT_LIMIT_MESSAGE) } : undefined);
          // Keep the addresses that did not go out, so they can be sent again.
          const retry = results.filter((result) => !result.success).map((result) => result.email);
          setRows(retry.length ? retry.map((value) => ({ key: nextKey.current++, value })) : [{ key: nextKey.current++, value: '' }]);
        },
        onError: (error) => toast.error(t(SEND_FAILED_MESSAGE, { ns: 'messages' }), { description: error.message }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail className="size-5 text-brand-600" aria-hidden />
          {t('Invite attendees')}
        </CardTitle>
        <CardDescription>{t('Each address gets an email with a personal link to join the event.')}</CardDescription>
      </CardHeader>
      <CardContent>
        {/* One shrinkable column: a long event name truncates instead of widening the page on a phone. */}
        <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-5">
          <FormField label={t('Event')} error={errors.event && t(errors.event, { ns: 'messages' })} required className="grid-cols-1">
            {(control) => (
              <Select
                value={eventId}
                onValueChange={(value) => {
                  setErrors((current) => ({ ...current, event: undefined }));
                  setOutcome(null);
                  onEventChange(value);
                }}
              >
                <SelectTrigger {...control}>
                  <SelectValue placeholder={t('Select an event')} />
                </SelectTrigger>
                <SelectContent>
                  {events.map((event) => (
                    <SelectItem key={event.id} value={event.id}>
                      {event.name} · {formatDate(event.startDate, event.timezone)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>

          <fieldset className="grid gap-2" aria-describedby={errors.emails ? `${emailsLabelId}-error` : undefined}>
            <legend id={emailsLabelId} className="mb-1.5 text-sm font-medium">
              {t('Email addresses')}
            </legend>
            <ul className="grid gap-2">
              {rows.map((row, index) => (
                <li key={row.key} className="grid gap-1" data-invitation-email>
                  <div className="flex gap-2">
                    <Input
                      id={emailInputId(row.key)}
                      type="email"
                      inputMode="email"
                      autoComplete="off"
                      // i18next-instrument-ignore-next-line
                      placeholder="attendee@company.com"
                      aria-label={t('Email address {{number}}', { number: index + 1 })}
                      aria-invalid={row.error || errors.emails ? true : undefined}
                      aria-describedby={row.error ? `${emailInputId(row.key)}-error` : undefined}
                      value={row.value}
                      onChange={(event) => setRow(row.key, event.target.value)}
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t('Remove email address {{number}}', { number: index + 1 })}
                      disabled={rows.length === 1}
                      onClick={() => removeRow(row.key)}
                    >
                      <X aria-hidden />
                    </Button>
                  </div>
                  {row.error && (
                    <p id={`${emailInputId(row.key)}-error`} className="text-sm font-medium break-words text-destructive">
                      {row.error}
                    </p>
                  )}
                </li>
              ))}
            </ul>
            {errors.emails && (
              <p id={`${emailsLabelId}-error`} className="text-sm font-medium text-destructive">
                {t(errors.emails, { ns: 'messages' })}
              </p>
            )}
            <div>
              <Button type="button" variant="outline" size="sm" onClick={addRow} disabled={rows.length >= MAX_INVITATION_EMAILS}>
                <Plus aria-hidden />
                {t('Add Email')}
              </Button>
            </div>
          </fieldset>

          <p className="flex items-center gap-2 rounded-lg bg-subtle px-3 py-2 text-sm text-muted-foreground">
            <Clock className="size-4 shrink-0" aria-hidden />
            {t(INVITATIONS_VALID_TEXT, { ns: 'messages' })}
          </p>
          <p className="text-xs text-muted-foreground">{t(INVITATION_LIMITS_TEXT, { ns: 'messages' })}.</p>

          {outcome && (
            <p role="status" className="text-sm">
              {outcome.sent > 0 && <span className="font-medium text-[oklch(0.42_0.11_155)]">{translateMessage(sentMessage(outcome.sent))}</span>}
              {outcome.sent > 0 && outcome.failed > 0 && ' · '}
              {outcome.failed > 0 && <span className="font-medium text-destructive">{translateMessage(failedMessage(outcome.failed))}</span>}
            </p>
          )}

          <Button type="submit" loading={send.isPending} className="sm:justify-self-start">
            <Send aria-hidden />
            {t('Send Invitations')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
