import { CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/datetime';

/** Under the QR code shown from the device with no network: when it expires, or that it has (decision 0185). */
export function OfflineQrNotice({ expiresAt, expired }: { expiresAt: string; expired: boolean }) {
  const { t } = useTranslation('offline');
  const time = formatDateTime(expiresAt);
  return (
    <p role="status" className={`flex w-full items-start gap-2 rounded-lg px-3 py-2 text-sm ${expired ? 'bg-red-50 text-red-900' : 'bg-amber-100 text-amber-950'}`}>
      <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
      {expired
        ? t('Offline: this saved QR code expired on {{time}}. Connect to the network to make a new one.', { time })
        : t('Offline: this is your saved QR code. It expires on {{time}}.', { time })}
    </p>
  );
}
