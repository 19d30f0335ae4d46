import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CodeInput } from '@/components/ui/code-input';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { authErrorMessage } from '@/lib/auth-errors';
import { loadAuthClient } from './lazy';

/** The second step of a sign-in when two-factor is on: the 6-digit code of the authenticator app. */
export function TwoFactorStep({ onBack, onSignedIn }: { onBack: () => void; onSignedIn: () => Promise<void> }) {
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError('Please enter a valid 6-digit code');
      return;
    }
    setPending(true);
    setError(null);
    const { authClient } = await loadAuthClient();
    const { error: failure } = await authClient.twoFactor.verifyTotp({ code, trustDevice });
    if (failure) {
      setPending(false);
      setCode('');
      setError(
        failure.status === 401 || failure.code === 'INVALID_CODE'
          ? 'That code is not right. Check your authenticator app and try again.'
          : authErrorMessage(failure, 'Failed to verify the code'),
      );
      return;
    }
    await onSignedIn();
  }

  return (
    <form onSubmit={verify} noValidate className="grid gap-4">
      <div className="flex items-start gap-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
        <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <p>Two-factor authentication is on for this account. Enter the 6-digit code from your authenticator app.</p>
      </div>
      <FormField label="Authentication code" error={error ?? undefined}>
        <CodeInput value={code} onValueChange={setCode} autoFocus />
      </FormField>
      <div className="flex items-center gap-3">
        <Checkbox id="trust-device" checked={trustDevice} onCheckedChange={(checked) => setTrustDevice(checked === true)} />
        <Label htmlFor="trust-device" className="font-normal">
          Trust this device for 30 days
        </Label>
      </div>
      <Button type="submit" size="lg" loading={pending}>
        Verify
      </Button>
      <Button variant="ghost" onClick={onBack} disabled={pending}>
        <ArrowLeft aria-hidden />
        Back to sign in
      </Button>
    </form>
  );
}
