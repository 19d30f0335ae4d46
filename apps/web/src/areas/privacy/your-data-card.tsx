import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DATA_EXPORT_PATH } from './api';
import { DeleteAccountDialog } from './delete-account-dialog';

/** "Your data" on the profile page (decision 0186): download everything as a JSON file, or delete the account. */
export function YourDataCard() {
  const { t } = useTranslation('privacy');
  const [deleting, setDeleting] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('Your data')}</CardTitle>
        <CardDescription>{t('Download a copy of everything Mingle holds about you, or delete your account.')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        {/* A plain link: the browser downloads the file the server names, with the session cookie. */}
        <a href={DATA_EXPORT_PATH} download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden />
          {t('Download my data')}
        </a>
        <Button variant="destructive" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden />
          {t('Delete my account')}
        </Button>
      </CardContent>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </Card>
  );
}
