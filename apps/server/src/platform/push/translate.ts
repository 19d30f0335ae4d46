import { createInstance } from 'i18next';
import type { LanguageCode } from '@mingle/shared/core/constants';
import { matchMessage } from '@mingle/shared/core/messages';
import de from '../../../../../packages/shared/src/locales/de/messages.json' with { type: 'json' };
import en from '../../../../../packages/shared/src/locales/en/messages.json' with { type: 'json' };
import es from '../../../../../packages/shared/src/locales/es/messages.json' with { type: 'json' };
import fr from '../../../../../packages/shared/src/locales/fr/messages.json' with { type: 'json' };

// A push notification is shown by the device's system, not the web app: the server writes it in the person's
// language, from the same `messages` namespace the web translates stored notifications with (decision 0182).

const messages = createInstance();
void messages.init({
  initAsync: false,
  resources: { en: { messages: en }, de: { messages: de }, fr: { messages: fr }, es: { messages: es } },
  lng: 'en',
  fallbackLng: 'en',
  ns: ['messages'],
  defaultNS: 'messages',
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
});

const keys = Object.keys(en);

/** A marked message (filled or not) in `language`, as the web's translateMessage shows it; any other text as it is. */
export function translateMessageTo(language: LanguageCode, text: string): string {
  const match = matchMessage(text, keys);
  return match ? messages.getFixedT(language, 'messages')(match.key, match.values) : text;
}
