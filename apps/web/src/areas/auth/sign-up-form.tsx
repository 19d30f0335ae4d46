import type { SignUpInput } from '@mingle/shared/auth/inputs';
import { ArrowLeft, MailCheck, RotateCw } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { EmailAddress } from '@/components/ui/email-address';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api';
import { authErrorMessage } from '@/lib/auth-errors';
import { completeSignUp, requestSignUpCode, verifySignUpCode } from './api';
import { lazyResolver, loadAuthClient, loadAuthSchemas, loadTermsDialog } from './lazy';
import { useTranslation } from 'react-i18next';

const TermsDialog = lazy(() => loadTermsDialog().then((m) => ({ default: m.TermsDialog })));

/**
 * Spec 01's sign-up toast is "Success!" / "Account created successfully. You can now sign in." Its client left the
 * person signed out; ours signs them in at once, so the second sentence is said only when that sign-in failed
 * (decision 0101).
 */
const SIGN_UP_SUCCESS = {
  title: 'Success!',
  signInNext: 'Account created successfully. You can now sign in.',
  signedIn: 'Account created successfully.',
} as const;

interface SignUpFormProps {
  /** Prefills the company email (the address an invitation link was sent to). */
  defaultEmail?: string;
  /** The account exists and is signed in: the page goes on to the welcome step. */
  onSignedUp: () => Promise<void>;
  /** The account exists but signing in failed: the page shows the Sign In tab with the email filled in. */
  onCreatedButSignedOut: (email: string) => void;
}

/**
 * Spec 01 sign-up: step 1 (full name, company email, password) sends a 6-digit code; step 2 checks it; then the
 * Terms and Conditions dialog. Accept creates the account and signs in with the password still in the form;
 * Decline resets the code and the step.
 */
export function SignUpForm({ defaultEmail = '', onSignedUp, onCreatedButSignedOut }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [details, setDetails] = useState<SignUpInput | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  // Codes this address may still ask for (the server's count): what "Resend Code (N attempts left)" shows. Wrong
  // codes are counted apart, in the code's own error ("… 9 attempts left."); a new code brings fresh ones.
  const [resendsLeft, setResendsLeft] = useState<number | null>(null);
  const [resending, setResending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [verificationToken, setVerificationToken] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  const form = useForm<SignUpInput>({
    resolver: lazyResolver<SignUpInput>('signUpSchema'),
    defaultValues: { fullName: '', email: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  /** Sends (or resends) the code; true when it was sent. */
  async function sendCode(values: SignUpInput): Promise<boolean> {
    try {
      const sent = await requestSignUpCode(values);
      setResendsLeft(sent.resendsLeft);
      toast.success(t('OTP Sent'), { description: t('Please check your email for the verification code') });
      return true;
    } catch (error) {
      // The server decides on personal providers (its list, the operator's setting, invitations): shown on the field.
      if (error instanceof ApiError && error.code === 'personal_email') {
        form.setError('email', { message: t(error.message, { ns: 'messages' }) });
        return false;
      }
      if (error instanceof ApiError && error.status === 429) setResendsLeft(0);
      toast.error(t('Signup Error'), { description: (error as Error).message ? t((error as Error).message, { ns: 'messages' }) : t('Failed to send OTP') });
      return false;
    }
  }

  const submitDetails = form.handleSubmit(async (values) => {
    if (await sendCode(values)) {
      setDetails(values);
      setCode('');
      setCodeError(null);
      setStep('code');
    }
  });

  async function resend() {
    if (!details) return;
    setCode('');
    setCodeError(null);
    setResending(true);
    await sendCode(details);
    setResending(false);
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!details) return;
    const { verificationCodeSchema } = await loadAuthSchemas();
    const parsed = verificationCodeSchema.safeParse(code);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setCodeError(message ? t(message, { ns: 'messages' }) : t('Please enter a valid 6-digit code'));
      return;
    }
    setVerifying(true);
    setCodeError(null);
    try {
      // The password goes with the code: the server sets it only for the caller who has the code (decision 0080).
      const verified = await verifySignUpCode(details.email, code, details.password);
      setVerificationToken(verified.verificationToken);
    } catch (error) {
      setCodeError((error as Error).message ? t((error as Error).message, { ns: 'messages' }) : t('Failed to verify OTP'));
    } finally {
      setVerifying(false);
    }
  }

  function changeEmail() {
    setStep('details');
    setCode('');
    setCodeError(null);
    // The name and password stay; the email is what the person wants to change.
    setTimeout(() => form.setFocus('email'));
  }

  function declineTerms() {
    setVerificationToken(null);
    setCode('');
    setCodeError(null);
    setStep('details');
    toast.error(t('Terms Declined'), { description: t('You must accept the terms to create an account') });
  }

  async function acceptTerms() {
    if (!details || !verificationToken) return;
    setCompleting(true);
    try {
      await completeSignUp(details.email, verificationToken);
    } catch (error) {
      setCompleting(false);
      setVerificationToken(null);
      setCode('');
      setStep('details');
      toast.error(t('Failed to complete signup'), { description: t((error as Error).message, { ns: 'messages' }) });
      return;
    }
    // People expect to land in the app: sign in with the password they just typed (it never left the form).
    const { authClient } = await loadAuthClient();
    const { error } = await authClient.signIn.email({ email: details.email, password: details.password });
    setCompleting(false);
    setVerificationToken(null);
    form.reset({ fullName: '', email: '', password: '' });
    setDetails(null);
    setStep('details');
    if (error) {
      // Only someone left signed out is told to sign in (the spec's words), on the Sign In tab with the email filled.
      toast.success(t(SIGN_UP_SUCCESS.title), { description: t(SIGN_UP_SUCCESS.signInNext) });
      toast.error(t('Sign In Error'), { description: t(authErrorMessage(error, t('Please sign in with your new account.')), { ns: 'messages' }) });
      onCreatedButSignedOut(details.email);
      return;
    }
    toast.success(t(SIGN_UP_SUCCESS.title), { description: t(SIGN_UP_SUCCESS.signedIn) });
    await onSignedUp();
  }

  return (
    <>
      {step === 'details' ? (
        <form onSubmit={submitDetails} noValidate className="grid gap-4">
          <FormField label={t('Full name')} error={errors.fullName?.message && t(errors.fullName.message, { ns: 'messages' })}>
            {/* i18next-instrument-ignore-next-line */}
            <Input autoComplete="name" placeholder="Ada Lovelace" {...form.register('fullName')} />
          </FormField>
          <FormField
            label={t('Company email')}
            error={errors.email?.message && t(errors.email.message, { ns: 'messages' })}
            description={t('Use your work address: personal email providers are not accepted.')}
          >
            {/* i18next-instrument-ignore-next-line */}
            <Input type="email" autoComplete="email" placeholder="you@company.com" {...form.register('email')} />
          </FormField>
          <FormField label={t('Password')} error={errors.password?.message && t(errors.password.message, { ns: 'messages' })}>
            <PasswordInput autoComplete="new-password" placeholder={t('At least 8 characters')} {...form.register('password')} />
          </FormField>
          <Button type="submit" size="lg" loading={isSubmitting}>
            {t('Sign Up')}
          </Button>
        </form>
      ) : (
        <form onSubmit={verify} noValidate className="grid gap-4">
          <div className="flex items-start gap-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
            <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
            {/* The address on a line of its own: read whole, and checked at a glance. */}
            <div className="min-w-0">
              <p>{t('We sent a 6-digit code to')}</p>
              <EmailAddress email={details?.email ?? ''} className="block font-semibold" />
              <p>{t('It is valid for 5 minutes.')}</p>
            </div>
          </div>
          <FormField label={t('Verification code')} error={codeError ?? undefined}>
            <CodeInput value={code} onValueChange={setCode} autoFocus />
          </FormField>
          <Button type="submit" size="lg" loading={verifying}>
            {t('Verify & Create Account')}
          </Button>
          <div className="grid gap-2">
            <Button variant="outline" onClick={() => void resend()} loading={resending} disabled={resendsLeft === 0 || verifying}>
              {!resending && <RotateCw aria-hidden />}
              {resendsLeft === null ? t('Resend Code') : t('Resend Code ({{count}} attempts left)', { count: resendsLeft })}
            </Button>
            <Button variant="ghost" onClick={changeEmail} disabled={verifying}>
              <ArrowLeft aria-hidden />
              {t('Change Email')}
            </Button>
          </div>
        </form>
      )}
      {verificationToken !== null && (
        <Suspense fallback={null}>
          <TermsDialog open onAccept={() => void acceptTerms()} onDecline={declineTerms} pending={completing} />
        </Suspense>
      )}
    </>
  );
}
