import { FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';

// Spec 01 "Terms dialog": nine sections, two checkboxes (the first enables the second), Decline, and Accept and
// Continue enabled only when both are ticked. Used after the sign-up code and by the profile's terms prompt.

const SECTIONS = [
  {
    title: '1. Acceptance of Terms',
    body: 'By creating an account or using Mingle you agree to these terms. If you do not agree, do not create an account or use the platform.',
  },
  {
    title: '2. Data Sharing and Privacy',
    body: 'Your profile (name, company, role, interests, goals, bio and the links you choose to show) is visible to organizers and fellow attendees of the events you join. When you register for an event, your details are shared with its organizers and, as described below, its sponsors. We never sell your personal data.',
  },
  {
    title: '3. User Responsibilities',
    body: 'Keep your sign-in details secret and your profile accurate. Treat other attendees with respect: no harassment, spam, impersonation or unlawful content. You are responsible for what you post, send and share.',
  },
  {
    title: '4. Event Registration',
    body: 'Registering for an event gives its organizers your profile and attendance (check-ins, sessions you bookmark, goodies you receive). Each event may have rules of its own, set by its organizers.',
  },
  {
    title: '5. Networking and Communications',
    body: 'Other attendees may view your profile, send you connection and meeting requests and message you. You choose whether to show your LinkedIn and GitHub links, and you can decline any request.',
  },
  {
    title: '6. Sponsor Access',
    body: 'When you visit a sponsor booth, scan a sponsor code or share your QR code with a sponsor representative, that sponsor receives your name, company, role and contact details as a lead, and may contact you about their offering.',
  },
  {
    title: '7. Data Retention and Your Rights',
    body: 'We keep your data while your account is active and as long as the law requires afterwards. You may ask for a copy of your data, its correction or its deletion at any time through the support centre.',
  },
  {
    title: '8. Modifications',
    body: 'We may update these terms. We will tell you about significant changes, and continuing to use Mingle after they take effect means you accept them.',
  },
  {
    title: '9. Contact',
    body: 'Questions about these terms or your data? Reach us through the Contact Us page or the support centre.',
  },
] as const;

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
        <DialogTitle>Terms and Conditions</DialogTitle>
        <DialogDescription>Please read and accept the terms to continue.</DialogDescription>
      </DialogHeader>

      <div
        // Scrollable by keyboard too, as a long document should be.
        tabIndex={0}
        role="region"
        aria-label="Terms and Conditions text"
        className="max-h-[40dvh] space-y-4 overflow-y-auto rounded-lg border border-border bg-subtle p-4 text-sm leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:max-h-80"
      >
        {SECTIONS.map((section) => (
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
            I have read and understood
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
            I agree to share my details with event organizers and sponsors
          </Label>
        </div>
      </div>

      <DialogFooter>
        <Button variant="outline" onClick={onDecline} disabled={pending}>
          Decline
        </Button>
        <Button onClick={onAccept} disabled={!understood || !agreed} loading={pending}>
          Accept and Continue
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
