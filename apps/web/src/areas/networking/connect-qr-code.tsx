import { QR_CODE } from '@mingle/shared/core/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The link another attendee scans to open /connect/{userId} and connect (issue 5: the second QR of the QR dialog). It
 * carries the connect code the server made with the personal QR token (decision 0093), so it works only while that
 * token does: Regenerate QR Code or its expiry ends it.
 */
export function connectUrl(userId: string, code: string): string {
  return `${window.location.origin}/connect/${userId}?token=${encodeURIComponent(code)}`;
}

/**
 * A QR code of the user's connect link, for exchanging contacts in person. Self-contained so the profile's QR
 * dialog can mount it next to the personal (goodies) QR code, with the code of the token it just made.
 */
export function ConnectQrCode({ userId, code, name }: { userId: string; code: string; name: string }) {
  const { t } = useTranslation('networking');
  const [rendered, setRendered] = useState<{ link: string; image: string } | null>(null);
  const link = connectUrl(userId, code);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(link, { width: QR_CODE.imagePixels, margin: QR_CODE.margin, errorCorrectionLevel: 'M' }))
      .then((image) => !cancelled && setRendered({ link, image }));
    return () => {
      cancelled = true;
    };
  }, [link]);
  const image = rendered?.link === link ? rendered.image : null;
  return (
    <figure className="grid justify-items-center gap-2">
      {image ? (
        <img src={image} width={QR_CODE.imagePixels} height={QR_CODE.imagePixels} alt={t('QR code to connect with {{name}}', { name })} className="size-56 rounded-lg border border-border bg-white p-2" />
      ) : (
        <Skeleton className="size-56 rounded-lg" />
      )}
      <figcaption className="text-center text-sm text-muted-foreground">{t('Scan to connect with {{name}}', { name })}</figcaption>
    </figure>
  );
}
