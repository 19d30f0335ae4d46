import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/**
 * A thin bar at the top while the next page's code or data loads. It fades in only after a short delay
 * (in CSS), so fast navigations don't flicker.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('Loading page')}
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-brand-100 animate-[appear_200ms_ease-out_150ms_both]"
    >
      <div className="h-full w-2/5 bg-brand-600 animate-progress" />
    </div>
  );
}
