import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

// The interface's languages, each named in itself (a German reader looks for "Deutsch", not "German"). English is
// the source: its texts are the spec's, word for word, and they are the keys (docs/i18n.md).
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'es', name: 'Español' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

/** Where the chosen language is remembered on this device; the account keeps it too (lib/account-language.ts). */
export const LANGUAGE_STORAGE_KEY = 'mingle.language';

const codes: readonly string[] = LANGUAGES.map((language) => language.code);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && codes.includes(value);
}

// Each area's texts are one namespace per language, a chunk of its own that loads with the area's pages, so the
// pages people arrive on carry only the words they show. The `messages` namespace holds the shared rules' messages
// (validation and server errors) and comes from packages/shared.
const webLocales = import.meta.glob<{ default: Record<string, string> }>('../locales/*/*.json');
const sharedLocales = import.meta.glob<{ default: Record<string, string> }>('../../../../packages/shared/src/locales/*/*.json');

async function loadNamespace(language: string, namespace: string): Promise<Record<string, string>> {
  const load =
    webLocales[`../locales/${language}/${namespace}.json`] ??
    sharedLocales[`../../../../packages/shared/src/locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No ${language} texts for ${namespace}`);
  return (await load()).default;
}

/**
 * The language chosen on this device, else the first of the browser's languages we speak, else English. (Eleven lines
 * instead of i18next-browser-languagedetector: its 2.3 kB gzip sat on every first page, decision 0181.)
 */
function detectLanguage(): Language {
  try {
    const chosen = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(chosen)) return chosen;
  } catch {
    // Storage blocked (private mode, a sandboxed frame): the browser's languages decide.
  }
  const spoken = typeof navigator === 'undefined' ? [] : navigator.languages;
  return spoken.map((tag) => tag.split('-')[0]).find(isLanguage) ?? 'en';
}

void i18n
  .use(resourcesToBackend(loadNamespace))
  .use(initReactI18next)
  .init({
    lng: detectLanguage(),
    supportedLngs: codes,
    fallbackLng: 'en',
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    // The keys are English sentences: a "." or ":" in them is text, not a path.
    keySeparator: false,
    nsSeparator: false,
    // An untranslated text reads as its English source rather than as nothing.
    returnEmptyString: false,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: true },
    // Asks for the first texts now, while the page's code loads, rather than on the next turn of the event loop,
    // after the whole bundle has run: a page's texts were the last thing its first paint waited for.
    initAsync: false,
  });

/** The page's language for screen readers, hyphenation and the browser's own translate offer. */
function markDocument() {
  document.documentElement.lang = currentLanguage();
}
if (typeof document !== 'undefined') {
  i18n.on('languageChanged', markDocument);
  markDocument();
}

/** The language the interface shows now (never a region: "de", not "de-AT"). */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage;
  return isLanguage(language) ? language : 'en';
}

/**
 * The locale dates, times and numbers follow: the browser's own when it speaks the shown language (so "de-CH" keeps
 * its Swiss dates), otherwise the shown language.
 */
export function formattingLocale(): string {
  const language = currentLanguage();
  const browser = typeof navigator === 'undefined' ? undefined : navigator.languages.find((tag) => tag.split('-')[0] === language);
  return browser ?? language;
}

/** Switches the interface and remembers the choice on this device. */
export function setLanguage(language: Language): Promise<unknown> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered where storage is blocked; the switch itself still happens.
  }
  return i18n.changeLanguage(language);
}

/** Whether this device has a language chosen on it (the header's menu or the profile). */
export function hasDeviceLanguage(): boolean {
  try {
    return isLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return false;
  }
}

/** Shows the account's language on a device without a choice of its own, without making it the device's choice. */
export function followAccountLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

/**
 * Marks an English text for translation where no `t` is at hand yet (a route's title, a constant outside a
 * component); the extractor finds it and the place that shows it translates it with `t`. Returns the text itself.
 */
export function msg<const T extends string>(text: T): T {
  return text;
}

export { i18n };
