import type { LanguageCode } from '@mingle/shared/core/constants';
import { mailLocale } from './i18n.ts';

// Times in emails: always in a named zone (the event's, or the session's), written out in full, because an email is
// read later, elsewhere, and cannot convert to the reader's zone as the web app does.

/** ICU's thin and narrow no-break spaces (around a range's dash, before a day period) as plain ones, for every reader. */
const plainSpaces = (text: string) => text.replace(/[\u2009\u202f]/g, ' ');

const STYLES = {
  when: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
  span: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
  time: { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// Building a formatter costs about half a millisecond, more than the rest of an email's rendering: one per style and
// zone is kept. Emails use few zones (events and sessions pick from the platform's list), so the map stays small.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: keyof typeof STYLES, timeZone: string, language: LanguageCode): Intl.DateTimeFormat {
  const key = `${style} ${timeZone} ${language}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(mailLocale(language), { ...STYLES[style], timeZone });
    formatters.set(key, format);
  }
  return format;
}

/** "Monday, 1 June 2026 at 09:00 BST (Europe/London)"; "Montag, 1. Juni 2026 um 09:00 MESZ (Europe/Berlin)". */
export function formatWhen(instant: Date | string, timeZone: string, language: LanguageCode = 'en'): string {
  return `${plainSpaces(formatter('when', timeZone, language).format(new Date(instant)))} (${timeZone})`;
}

/** "1 June 2026, 09:00–17:00 BST (Europe/London)": a span; the parts both ends share are written once. */
export function formatSpan(start: Date | string, end: Date | string, timeZone: string, language: LanguageCode = 'en'): string {
  return `${plainSpaces(formatter('span', timeZone, language).formatRange(new Date(start), new Date(end)))} (${timeZone})`;
}

/** "09:00 BST": the time of day alone, for a list under a heading that names the day. */
export function formatTime(instant: Date | string, timeZone: string, language: LanguageCode = 'en'): string {
  return plainSpaces(formatter('time', timeZone, language).format(new Date(instant)));
}
