import { INTEREST_LEVEL_LABELS, INTEREST_LEVELS, SPONSOR_LIMITS, type InterestLevel } from '@mingle/shared/core/constants';
import type { MyLeadDto } from '@mingle/shared/sponsors/contract';
import { leadInputSchema } from '@mingle/shared/sponsors/inputs';
import { Eye, HeartHandshake } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useSubmitInterest, useWithdrawInterest } from '@/areas/sponsors/api';
import { Trans, useTranslation } from 'react-i18next';

/**
 * Express Your Interest (spec 02 "Booth detail"). Unlike the original, a sent interest can be updated or withdrawn,
 * as the card's own text promises; the card says exactly what the sponsor will see.
 */
export function InterestCard({ sponsorId, companyName, lead }: { sponsorId: string; companyName: string; lead: MyLeadDto | null }) {
  const { t } = useTranslation('sponsors');
  const submit = useSubmitInterest(sponsorId);
  const withdraw = useWithdrawInterest(sponsorId);
  const [level, setLevel] = useState<InterestLevel>(lead?.interestLevel ?? 'medium');
  const [notes, setNotes] = useState(lead?.notes ?? '');
  const [contact, setContact] = useState(lead?.contactRequested ?? false);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const contactId = useId();
  const levelLabelId = useId();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = leadInputSchema.safeParse({ interestLevel: level, notes, contactRequested: contact });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message && t(message, { ns: 'messages' }));
      return;
    }
    setError(undefined);
    submit.mutate(parsed.data, {
      onSuccess: ({ lead: saved }) =>
        toast.success(saved.contactRequested ? t('Your information has been shared with the sponsor!') : t('Thank you for your interest!')),
      onError: () => toast.error(t('Error'), { description: t('Failed to submit your interest') }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <HeartHandshake aria-hidden className="size-5 text-brand-600" />
          {t('Express Your Interest')}
        </CardTitle>
        <CardDescription>
          {lead
            ? t("You told {{company}} you're interested. You can update or withdraw your interest at any time.", { company: companyName })
            : t("Let {{company}} know you're interested. You can update your interest at any time.", { company: companyName })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <div className="grid gap-2">
            <span id={levelLabelId} className="text-sm font-medium">
              {t('Interest level')}
            </span>
            <div role="radiogroup" aria-labelledby={levelLabelId} className="grid grid-cols-3 gap-2">
              {INTEREST_LEVELS.map((value) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    level === value ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-border bg-card hover:bg-accent',
                  )}
                >
                  <input type="radio" name="interestLevel" value={value} checked={level === value} onChange={() => setLevel(value)} className="sr-only" />
                  {t(INTEREST_LEVEL_LABELS[value], { ns: 'messages' })}
                </label>
              ))}
            </div>
          </div>
          <FormField label={t('Notes')} error={error}>
            <Textarea
              rows={3}
              maxLength={SPONSOR_LIMITS.notesMax}
              placeholder={t('What would you like to talk about?')}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
          </FormField>
          <div className="flex items-start gap-3">
            <Checkbox id={contactId} checked={contact} onCheckedChange={(checked) => setContact(checked === true)} className="mt-0.5" />
            <Label htmlFor={contactId} className="font-normal leading-snug">
              {t("I'd like {{company}} to contact me", { company: companyName })}
            </Label>
          </div>
          <div className="flex gap-3 rounded-lg border border-border bg-subtle p-3 text-sm text-muted-foreground" aria-live="polite">
            <Eye aria-hidden className="mt-0.5 size-4 shrink-0 text-foreground" />
            <p>
              {contact ? (
                <Trans t={t} values={{ company: companyName }}>
                  <span className="font-medium text-foreground">What {'{{company}}'} will see: </span>
                  your name, company, job title and interests, and your email address so they can contact you.
                </Trans>
              ) : (
                <Trans t={t} values={{ company: companyName }}>
                  <span className="font-medium text-foreground">What {'{{company}}'} will see: </span>
                  your name, company, job title and interests. Your email address is shared only if you ask to be contacted.
                </Trans>
              )}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={submit.isPending} className="flex-1">
              {lead ? t('Update Interest') : t('Submit Interest')}
            </Button>
            {lead && (
              <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
                {t('Withdraw')}
              </Button>
            )}
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('Withdraw your interest?')}
        description={t('{{company}} will no longer see your details.', { company: companyName })}
        confirmLabel={t('Withdraw')}
        destructive
        pending={withdraw.isPending}
        onConfirm={() =>
          withdraw.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              setLevel('medium');
              setNotes('');
              setContact(false);
              toast.success(t('Interest withdrawn'), { description: t('{{company}} no longer holds your details.', { company: companyName }) });
            },
            onError: () => toast.error(t('Error'), { description: t('Failed to withdraw your interest') }),
          })
        }
      />
    </Card>
  );
}
