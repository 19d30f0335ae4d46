import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';

/** Where a deleted account lands (public: the person is signed out by then). */
export function AccountDeletedPage() {
  const { t } = useTranslation('privacy');
  return (
    <main className="mx-auto grid min-h-[70vh] max-w-lg place-content-center gap-4 px-4 text-center">
      <CircleCheck aria-hidden className="mx-auto size-12 text-primary" />
      <h1 className="text-2xl font-bold tracking-tight">{t('Your account has been deleted')}</h1>
      <p className="text-muted-foreground">
        {t('You have been signed out everywhere and your personal data has been erased. Thank you for using Mingle.')}
      </p>
      <Link to="/" className={buttonVariants({ variant: 'outline', className: 'mx-auto' })}>
        {t('Back to the home page')}
      </Link>
    </main>
  );
}
