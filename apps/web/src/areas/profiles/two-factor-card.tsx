import { isTotpCode, TOTP_CODE_MESSAGE } from '@mingle/shared/auth/two-factor';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy, ShieldCheck, ShieldOff } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { authClient, type AuthClientError } from '@/lib/auth-client';
import { authErrorMessage } from '@/lib/auth-errors';
import { meQueryOptions } from '@/lib/auth';

/** Two-factor sign-in with an authenticator app (Better Auth's TOTP): on with the password and a first code, off with the password. */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('profiles');
  const [dialog, setDialog] = useState<'enable' | 'disable' | null>(null);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex gap-3">
        <span
          className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${enabled ? 'bg-success-soft text-success' : 'bg-muted text-muted-foreground'}`}
        >
          {enabled ? <ShieldCheck aria-hidden className="size-5" /> : <ShieldOff aria-hidden className="size-5" />}
        </span>
        <div>
          <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
            {t('Two-factor authentication')}
            <Badge variant={enabled ? 'success' : 'secondary'}>{enabled ? t('On') : t('Off')}</Badge>
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            {enabled
              ? t('Signing in asks for a code from your authenticator app.')
              : t('Ask for a code from an authenticator app (Google Authenticator, 1Password, Authy…) when signing in.')}
          </p>
        </div>
      </div>
      {enabled ? (
        <Button variant="outline" className="shrink-0" onClick={() => setDialog('disable')}>
          {t('Turn off')}
        </Button>
      ) : (
        <Button className="shrink-0" onClick={() => setDialog('enable')}>
          {t('Set up')}
        </Button>
      )}
      <Dialog open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)}>
        {dialog === 'enable' && <EnableTwoFactor onDone={() => setDialog(null)} />}
        {dialog === 'disable' && <DisableTwoFactor onDone={() => setDialog(null)} />}
      </Dialog>
    </div>
  );
}

const passwordMessage = (error: AuthClientError, t: TFunction<'profiles'>) =>
  error.code === 'INVALID_PASSWORD'
    ? t('That password is not right.')
    : t(authErrorMessage(error, t('Something went wrong. Please try again.')), { ns: 'messages' });

/** The dialog step that asks for the account's password before two-factor is turned on or off. */
function PasswordStep({
  title,
  description,
  submitLabel,
  destructive = false,
  error,
  pending,
  onSubmit,
  onCancel,
}: {
  title: string;
  description: string;
  submitLabel: string;
  destructive?: boolean;
  error: string | null;
  pending: boolean;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('profiles');
  const [password, setPassword] = useState('');
  return (
    <DialogContent className="sm:max-w-md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(password);
        }}
        noValidate
        className="grid gap-5"
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <FormField label={t('Password')} error={error ?? undefined}>
          <PasswordInput autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} autoFocus />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {t('Cancel')}
          </Button>
          <Button type="submit" variant={destructive ? 'destructive' : undefined} loading={pending}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

function EnableTwoFactor({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('profiles');
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<{ uri: string; secret: string; backupCodes: string[] } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function start(password: string) {
    if (!password) {
      setError(t('Password is required'));
      return;
    }
    setPending(true);
    setError(null);
    const { data, error: failure } = await authClient.twoFactor.enable({ password });
    setPending(false);
    if (failure || !data || !('totpURI' in data) || !data.totpURI) {
      setError(failure ? passwordMessage(failure, t) : t('Something went wrong. Please try again.'));
      return;
    }
    const secret = new URL(data.totpURI).searchParams.get('secret') ?? '';
    setSetup({ uri: data.totpURI, secret, backupCodes: data.backupCodes ?? [] });
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!isTotpCode(code)) {
      setError(t(TOTP_CODE_MESSAGE, { ns: 'messages' }));
      return;
    }
    setPending(true);
    setError(null);
    const { error: failure } = await authClient.twoFactor.verifyTotp({ code });
    setPending(false);
    if (failure) {
      setCode('');
      setError(
        failure.status === 401
          ? t('That code is not right. Check the time on your phone and try again.')
          : t(authErrorMessage(failure, t('Failed to verify the code')), { ns: 'messages' }),
      );
      return;
    }
    await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    toast.success(t('Two-factor authentication is on'), { description: t('Signing in will now ask for a code from your app.') });
    onDone();
  }

  if (!setup) {
    return (
      <PasswordStep
        title={t('Set up two-factor authentication')}
        description={t('Confirm your password to begin.')}
        submitLabel={t('Continue')}
        error={error}
        pending={pending}
        onSubmit={(password) => void start(password)}
        onCancel={onDone}
      />
    );
  }

  return (
    <DialogContent className="sm:max-w-lg">
      <form onSubmit={verify} noValidate className="grid gap-5">
        <DialogHeader>
          <DialogTitle>{t('Scan with your authenticator app')}</DialogTitle>
          <DialogDescription>{t('Scan the code, or type the key, then enter the 6-digit code the app shows.')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <TotpQr uri={setup.uri} />
          <div className="grid gap-2 text-sm">
            <p className="font-medium">{t("Can't scan it? Enter this key:")}</p>
            <CopyableCode value={setup.secret} label={t('Copy key')} display={setup.secret.replace(/(.{4})/g, '$1 ').trim()} />
          </div>
        </div>
        {setup.backupCodes.length > 0 && (
          <details className="rounded-lg border border-border bg-subtle px-3 py-2 text-sm">
            <summary className="cursor-pointer font-medium">{t('Backup codes: keep them somewhere safe')}</summary>
            <p className="mt-2 text-muted-foreground">{t('Each works once, if you lose your phone.')}</p>
            <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
              {setup.backupCodes.map((backup) => (
                <li key={backup}>{backup}</li>
              ))}
            </ul>
            <div className="mt-2">
              <CopyableCode value={setup.backupCodes.join('\n')} label={t('Copy backup codes')} display={null} />
            </div>
          </details>
        )}
        <FormField label={t('Code from the app')} error={error ?? undefined}>
          <CodeInput value={code} onValueChange={setCode} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('Verify and turn on')}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

function TotpQr({ uri }: { uri: string }) {
  const { t } = useTranslation('profiles');
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(uri, { width: 176, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => live && setImage(url))
      .catch(() => toast.error(t('Failed to render QR code')));
    return () => {
      live = false;
    };
  }, [uri, t]);
  return image ? (
    <img src={image} width={176} height={176} alt={t('QR code to add Mingle to your authenticator app')} className="mx-auto rounded-lg border border-border" />
  ) : (
    <Skeleton className="mx-auto size-44 rounded-lg" />
  );
}

function CopyableCode({ value, display, label }: { value: string; display: string | null; label: string }) {
  const { t } = useTranslation('profiles');
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error(t('Copy failed'), { description: t('Select the text and copy it yourself.') });
    }
  }
  return (
    <div className="flex items-center gap-2">
      {display && <code className="min-w-0 flex-1 break-words rounded-md bg-muted px-2.5 py-2 font-mono text-sm">{display}</code>}
      <Button variant="outline" size="sm" onClick={() => void copy()}>
        {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
        {copied ? t('Copied') : label}
      </Button>
    </div>
  );
}

function DisableTwoFactor({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('profiles');
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(password: string) {
    if (!password) {
      setError(t('Password is required'));
      return;
    }
    setPending(true);
    const { error: failure } = await authClient.twoFactor.disable({ password });
    setPending(false);
    if (failure) {
      setError(passwordMessage(failure, t));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    toast.success(t('Two-factor authentication is off'));
    onDone();
  }

  return (
    <PasswordStep
      title={t('Turn off two-factor authentication?')}
      description={t('Signing in will only ask for your password. Confirm it to continue.')}
      submitLabel={t('Turn off')}
      destructive
      error={error}
      pending={pending}
      onSubmit={(password) => void submit(password)}
      onCancel={onDone}
    />
  );
}
