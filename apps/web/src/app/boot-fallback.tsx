import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Shown while the first page's code loads; invisible unless that takes long enough to notice. Plain markup
 * (not the Spinner component) because it ships with the entry chunk, which every first visit downloads.
 */
export function BootFallback() {
  // It stands in while the texts themselves load (main.tsx): it must not wait for them; English until they are in.
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div
      role="status"
      className="flex min-h-dvh items-center justify-center text-brand-600 animate-[appear_200ms_ease-out_400ms_both]"
    >
      <LoaderCircle aria-hidden className="size-7 animate-spin" />
      <span className="sr-only">{t('Loading Mingle…')}</span>
    </div>
  );
}
