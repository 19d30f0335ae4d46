import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useChooseLanguage } from '@/lib/account-language';
import { cn } from '@/lib/cn';
import { LANGUAGES, currentLanguage, isLanguage } from '@/lib/i18n';

/** The profile's Language select: the interface on every device of the account, and the language of its email. */
export function LanguageCard() {
  const { t } = useTranslation('locale');
  const chooseLanguage = useChooseLanguage();
  const id = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('Language')}</CardTitle>
        <CardDescription>{t('The language of Mingle on all your devices, and of the emails we send you.')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor={id}>{t('Language')}</Label>
        <select
          id={id}
          data-testid="profile-language"
          className={cn(fieldClassName, 'h-10 px-3 text-base sm:max-w-xs sm:text-sm')}
          value={currentLanguage()}
          onChange={(event) => {
            if (isLanguage(event.target.value)) chooseLanguage(event.target.value);
          }}
        >
          {LANGUAGES.map(({ code, name }) => (
            <option key={code} value={code} lang={code}>
              {name}
            </option>
          ))}
        </select>
      </CardContent>
    </Card>
  );
}
