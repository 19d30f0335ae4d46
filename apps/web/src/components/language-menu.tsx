import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useChooseLanguage, useFollowAccountLanguage } from '@/lib/account-language';
import { LANGUAGES, currentLanguage, isLanguage } from '@/lib/i18n';

/**
 * The header's language choice: the current language's code on the button, every language named in itself in the
 * menu. The choice is remembered on this device and, signed in, on the account (lib/account-language.ts), whose
 * language a device without a choice of its own follows.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const chooseLanguage = useChooseLanguage();
  useFollowAccountLanguage();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={buttonVariants({ variant: 'ghost', size: 'sm', className })}
        aria-label={t('Language: {{language}}', { language: LANGUAGES.find((item) => item.code === language)?.name })}
        data-testid="language-menu"
      >
        <Languages aria-hidden />
        <span className="uppercase">{language}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-40">
        <DropdownMenuLabel>{t('Language')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => {
            if (isLanguage(value)) chooseLanguage(value);
          }}
        >
          {LANGUAGES.map(({ code, name }) => (
            <DropdownMenuRadioItem key={code} value={code} lang={code}>
              {name}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
