import { QR_CODE } from '@mingle/shared/core/constants';
import { useMutation } from '@tanstack/react-query';
import { Clock, QrCode, RotateCw, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConnectQrCode } from '@/areas/networking';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { OfflineQrNotice } from '@/components/offline-qr-notice';
import { useSetProfile, useAccount } from './api';
import { qrTokenOrKept } from './offline-qr-token';

/**
 * "Your Secure QR Code" (spec 01): a new token is made by the server when the dialog opens and on Regenerate; the
 * dialog shows it as a 300-pixel QR image (margin 2), its first 12 characters and the hours it stays valid.
 */
export function QrCodeDialog({ triggerClassName }: { triggerClassName?: string }) {
  const { t } = useTranslation('profiles');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className={triggerClassName}>
          <QrCode aria-hidden />
          {t('My QR Code')}
        </Button>
      </DialogTrigger>
      {open && <QrCodeBody />}
    </Dialog>
  );
}

function QrCodeBody() {
  const { t } = useTranslation('profiles');
  const account = useAccount();
  const setProfile = useSetProfile();
  const [rendered, setRendered] = useState<{ token: string; url: string } | null>(null);
  const [hoursLeft, setHoursLeft] = useState<number | null>(null);
  const generate = useMutation({
    // With no network the device's last token answers (offline-qr-token.ts).
    networkMode: 'always',
    mutationFn: () => qrTokenOrKept(account.data?.user.id),
    onSuccess: ({ expiresAt, stored }) => {
      setHoursLeft(Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 3_600_000)));
      // The expiry, as the profile now has it.
      const profile = account.data?.profile;
      if (stored) return;
      if (profile) setProfile({ ...profile, qrTokenExpiresAt: expiresAt });
      toast.success(t('QR code generated'), { description: t('Valid for 24 hours') });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 401)) toast.error(t('Failed to generate QR code'), { description: t('Please try again') });
    },
  });
  const { mutate } = generate;
  const token = generate.data?.token ?? null;

  // Generated when the dialog opens (once, even under StrictMode's double effects).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  useEffect(() => {
    if (!token) return;
    let current = true;
    import('qrcode')
      .then((qrcode) =>
        qrcode.toDataURL(token, { width: QR_CODE.imagePixels, margin: QR_CODE.margin, errorCorrectionLevel: 'M' }),
      )
      .then((url) => {
        if (current) setRendered({ token, url });
      })
      .catch(() => {
        if (current) toast.error(t('Failed to render QR code'));
      });
    return () => {
      current = false;
    };
  }, [token, t]);
  const image = rendered && rendered.token === token ? rendered.url : null;


  return (
    <DialogContent className="sm:max-w-md">
      <DialogHeader>
        <DialogTitle>{t('Your Secure QR Code')}</DialogTitle>
        <DialogDescription>{t('Show it at check-in and to people you meet. It changes every time you regenerate it.')}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col items-center gap-4">
        <div className="rounded-2xl border border-border bg-white p-2 shadow-sm">
          {image && !generate.isPending ? (
            <img
              src={image}
              width={QR_CODE.imagePixels}
              height={QR_CODE.imagePixels}
              alt={t('Your personal QR code')}
              className="block size-[min(300px,calc(100vw-7rem))]"
            />
          ) : generate.isError ? (
            <div className="flex size-[min(300px,calc(100vw-7rem))] flex-col items-center justify-center gap-2 p-6 text-center text-sm text-muted-foreground">
              <QrCode aria-hidden className="size-8" />
              {t('The QR code could not be generated.')}
            </div>
          ) : (
            <Skeleton className="size-[min(300px,calc(100vw-7rem))] rounded-lg" aria-label={t('Generating your QR code')} />
          )}
        </div>
        {generate.data?.stored && !generate.isPending && <OfflineQrNotice expiresAt={generate.data.expiresAt} expired={generate.data.expired} />}
        {token && hoursLeft !== null && (
          <dl className="grid w-full grid-cols-2 gap-2 text-sm">
            <div className="rounded-lg bg-muted px-3 py-2">
              <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <ShieldCheck aria-hidden className="size-3.5" />
                {t('Token')}
              </dt>
              <dd className="mt-0.5 truncate font-mono font-medium" data-testid="qr-token-preview">
                {token.slice(0, QR_CODE.tokenPreviewLength)}…
              </dd>
            </div>
            <div className="rounded-lg bg-muted px-3 py-2">
              <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <Clock aria-hidden className="size-3.5" />
                {t('Expires in')}
              </dt>
              <dd className="mt-0.5 font-medium">
                {t('{{count}} hours', { count: hoursLeft })}
              </dd>
            </div>
          </dl>
        )}
        <Button variant="outline" className="w-full" onClick={() => mutate()} loading={generate.isPending}>
          {!generate.isPending && <RotateCw aria-hidden />}
          {t('Regenerate QR Code')}
        </Button>
        {account.data && generate.data && !generate.isPending && (
          // The second code: the /connect link other attendees scan to connect, kept folded so the dialog stays short.
          // It carries the code of the token just made, so Regenerate ends the old link too.
          <details className="w-full rounded-lg border border-border px-3 py-2 text-sm">
            <summary className="cursor-pointer font-medium">{t('Exchange contacts: show your connect QR code')}</summary>
            <div className="mt-3">
              <ConnectQrCode
                userId={account.data.user.id}
                code={generate.data.connectCode}
                name={account.data.profile?.fullName ?? account.data.user.name}
              />
            </div>
          </details>
        )}
      </div>
    </DialogContent>
  );
}
