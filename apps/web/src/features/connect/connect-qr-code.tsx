import { QR_CODE } from '@mingle/shared/constants';
import { useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/** The link another attendee scans to open /connect/{userId} and connect (issue 5: the second QR of the QR dialog). */
export function connectUrl(userId: string): string {
  return `${window.location.origin}/connect/${userId}`;
}

/**
 * A QR code of the user's connect link, for exchanging contacts in person. Self-contained so the profile's QR
 * dialog can mount it next to the personal (goodies) QR code.
 */
export function ConnectQrCode({ userId, name }: { userId: string; name: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(connectUrl(userId), { width: QR_CODE.imagePixels, margin: QR_CODE.margin, errorCorrectionLevel: 'M' }))
      .then((url) => !cancelled && setImage(url));
    return () => {
      cancelled = true;
    };
  }, [userId]);
  return (
    <figure className="grid justify-items-center gap-2">
      {image ? (
        <img src={image} width={QR_CODE.imagePixels} height={QR_CODE.imagePixels} alt={`QR code to connect with ${name}`} className="size-56 rounded-lg border border-border bg-white p-2" />
      ) : (
        <Skeleton className="size-56 rounded-lg" />
      )}
      <figcaption className="text-center text-sm text-muted-foreground">Scan to connect with {name}</figcaption>
    </figure>
  );
}
