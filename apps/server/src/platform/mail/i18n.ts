import { createInstance, type TFunction } from 'i18next';
import type { LanguageCode } from '@mingle/shared/core/constants';
import de from '../../locales/de/mail.json' with { type: 'json' };
import en from '../../locales/en/mail.json' with { type: 'json' };
import es from '../../locales/es/mail.json' with { type: 'json' };
import fr from '../../locales/fr/mail.json' with { type: 'json' };

// Email speaks the recipient's language (decision 0184): the English texts are the keys, as in the web app
// (docs/i18n.md), so the English emails read exactly as they did; `npm run i18n` extracts them
// (i18next.mail.config.ts) into apps/server/src/locales/<language>/mail.json.

const mail = createInstance();
void mail.init({
  initAsync: false,
  resources: { en: { mail: en }, de: { mail: de }, fr: { mail: fr }, es: { mail: es } },
  lng: 'en',
  fallbackLng: 'en',
  ns: ['mail'],
  defaultNS: 'mail',
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  // Emails are React elements (escaped when rendered) and plain text: nothing is escaped twice.
  interpolation: { escapeValue: false },
});

/** The `t` of one language's email texts. */
export function mailT(language: LanguageCode): TFunction<'mail'> {
  return mail.getFixedT(language, 'mail');
}

/** The locale email dates are written in: British English as before for English, the language itself otherwise. */
export function mailLocale(language: LanguageCode): string {
  return language === 'en' ? 'en-GB' : language;
}
