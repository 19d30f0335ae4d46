import type { Context } from 'hono';
import { accepts } from 'hono/accepts';
import { isLanguageCode, type LanguageCode } from '@mingle/shared/core/constants';

/**
 * The interface language a browser will choose for a visitor without a choice of their own: the first of its
 * languages (Accept-Language, by preference) whose primary subtag we speak, else English; the web app's
 * `detectLanguage` reads the same list from `navigator.languages` (apps/web/src/lib/i18n.ts).
 */
export function requestLanguage(c: Context): LanguageCode {
  const language = accepts(c, {
    header: 'Accept-Language',
    supports: [],
    default: 'en',
    match: (accepted) =>
      // hono's parser lists them by preference already (q, then the header's order).
      accepted
        .filter((accept) => accept.q > 0)
        .map((accept) => accept.type.split('-')[0]?.toLowerCase())
        .find(isLanguageCode) ?? 'en',
  });
  return isLanguageCode(language) ? language : 'en';
}
