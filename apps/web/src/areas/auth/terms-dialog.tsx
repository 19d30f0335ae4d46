import { FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { termsSections } from '@/areas/marketing';
import { useTranslation } from 'react-i18next';

// Spec 01 "Terms dialog": nine sections, two checkboxes (the first enables the second), Decline, and Accept and
// Continue enabled only when both are ticked. Used after the sign-up code and by the profile's terms prompt. The
// sections are the first nine of the Terms of Service page (/terms).

interface TermsDialogProps {
  open: boolean;
  onAccept: () => void;
  onDecline: () => void;
  /** While accepting runs: both buttons wait. */
  pending?: boolean;
}

export function TermsDialog({ open, onAccept, onDecline, pending = false }: TermsDialogProps) {
  // Mounted only while open, so every opening starts with both boxes unticked.
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onDecline()}>
      {open && <TermsDialogBody onAccept={onAccept} onDecline={onDecline} pending={pending} />}
    </Dialog>
  );
}

function TermsDialogBody({ onAccept, onDecline, pending }: Omit<TermsDialogProps, 'open'>) {
  // The sections are the Terms of Service page's, in the marketing texts.
  const { t } = useTranslation(['auth', 'marketing']);
  const [understood, setUnderstood] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const understoodId = useId();
  const agreedId = useId();

  return (
    <DialogContent
      showCloseButton={false}
      className="sm:max-w-2xl"
      // A choice is required: clicking outside must not count as declining by accident.
      onInteractOutside={(event) => event.preventDefault()}
    >
      <DialogHeader className="pr-0">
        <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <FileText aria-hidden className="size-5" />
        </div>
        <DialogTitle>{t('Terms and Conditions')}</DialogTitle>
        <DialogDescription>{t('Please read and accept the terms to continue.')}</DialogDescription>
      </DialogHeader>

      <div
        // Scrollable by keyboard too, as a long document should be.
        tabIndex={0}
        role="region"
        aria-label={t('Terms and Conditions text')}
        className="max-h-[40dvh] space-y-4 overflow-y-auto rounded-lg border border-border bg-subtle p-4 text-sm leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:max-h-80"
      >
        {termsSections().map((section) => (
          <section key={section.title}>
            <h3 className="font-semibold text-foreground">{section.title}</h3>
            <p className="mt-1 text-muted-foreground">{section.body}</p>
          </section>
        ))}
      </div>

      <div className="grid gap-3">
        <div className="flex items-start gap-3">
          <Checkbox
            id={understoodId}
            checked={understood}
            onCheckedChange={(checked) => {
              setUnderstood(checked === true);
              if (checked !== true) setAgreed(false);
            }}
            className="mt-0.5"
          />
          <Label htmlFor={understoodId} className="font-normal">
            {t('I have read and understood')}
          </Label>
        </div>
        <div className="flex items-start gap-3">
          <Checkbox
            id={agreedId}
            checked={agreed}
            disabled={!understood}
            onCheckedChange={(checked) => setAgreed(checked === true)}
            className="mt-0.5"
          />
          <Label htmlFor={agreedId} className="font-normal">
            {t('I agree to share my details with event organizers and sponsors')}
          </Label>
        </div>
      </div>

      <DialogFooter>
        <Button variant="outline" onClick={onDecline} disabled={pending}>
          {t('Decline')}
        </Button>
        <Button onClick={onAccept} disabled={!understood || !agreed} loading={pending}>
          {t('Accept and Continue')}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
