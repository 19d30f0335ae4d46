import { isTotpCode, TOTP_CODE_MESSAGE } from '@mingle/shared/auth/two-factor';
import { ArrowLeft, KeyRound, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CodeInput } from '@/components/ui/code-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { authErrorMessage } from '@/lib/auth-errors';
import { loadAuthClient } from './lazy';
import { useTranslation } from 'react-i18next';

/** A backup code as shown at set-up (`ABCDE-12345`); typed with or without the dash and spaces around it. */
const BACKUP_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/**
 * The second step of a sign-in when two-factor is on: the 6-digit code of the authenticator app, or one of the
 * backup codes shown at set-up (each works once) when the phone is not at hand.
 */
export function TwoFactorStep({ onBack, onSignedIn }: { onBack: () => void; onSignedIn: () => Promise<void> }) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<'app' | 'backup'>('app');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function switchMode() {
    setMode(mode === 'app' ? 'backup' : 'app');
    setCode('');
    setError(null);
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    const typed = mode === 'backup' ? code.trim() : code;
    if (mode === 'app' && !isTotpCode(typed)) {
      setError(t(TOTP_CODE_MESSAGE, { ns: 'messages' }));
      return;
    }
    if (mode === 'backup' && !BACKUP_CODE.test(typed)) {
      setError(t('Please enter one of your backup codes, like ABCDE-12345'));
      return;
    }
    setPending(true);
    setError(null);
    const { authClient } = await loadAuthClient();
    const backupCode = typed.includes('-') ? typed : `${typed.slice(0, 5)}-${typed.slice(5)}`;
    const { error: failure } =
      mode === 'app'
        ? await authClient.twoFactor.verifyTotp({ code: typed, trustDevice })
        : await authClient.twoFactor.verifyBackupCode({ code: backupCode, trustDevice });
    if (failure) {
      setPending(false);
      setCode('');
      const wrong = failure.status === 401 || failure.code?.startsWith('INVALID');
      setError(
        !wrong
          ? t(authErrorMessage(failure, t('Failed to verify the code')), { ns: 'messages' })
          : mode === 'app'
            ? t('That code is not right. Check your authenticator app and try again.')
            : t('That backup code is not right, or it was used already. Each backup code works once.'),
      );
      return;
    }
    await onSignedIn();
  }

  return (
    <form onSubmit={verify} noValidate className="grid gap-4">
      <div className="flex items-start gap-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
        <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <p>
          {mode === 'app'
            ? t('Two-factor authentication is on for this account. Enter the 6-digit code from your authenticator app.')
            : t('No phone at hand? Enter one of the backup codes you saved when you set up two-factor. Each one works once.')}
        </p>
      </div>
      {mode === 'app' ? (
        <FormField key="app" label={t('Authentication code')} error={error ?? undefined}>
          <CodeInput value={code} onValueChange={setCode} autoFocus />
        </FormField>
      ) : (
        <FormField key="backup" label={t('Backup code')} error={error ?? undefined}>
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value.slice(0, 20))}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            // i18next-instrument-ignore-next-line
            placeholder="ABCDE-12345"
            className="font-mono"
            autoFocus
          />
        </FormField>
      )}
      <div className="flex items-center gap-3">
        <Checkbox id="trust-device" checked={trustDevice} onCheckedChange={(checked) => setTrustDevice(checked === true)} />
        <Label htmlFor="trust-device" className="font-normal">
          {t('Trust this device for 30 days')}
        </Label>
      </div>
      <Button type="submit" size="lg" loading={pending}>
        {t('Verify')}
      </Button>
      <Button variant="link" onClick={switchMode} disabled={pending}>
        <KeyRound aria-hidden />
        {mode === 'app' ? t('Use a backup code instead') : t('Use the authenticator app instead')}
      </Button>
      <Button variant="ghost" onClick={onBack} disabled={pending}>
        <ArrowLeft aria-hidden />
        {t('Back to sign in')}
      </Button>
    </form>
  );
}
